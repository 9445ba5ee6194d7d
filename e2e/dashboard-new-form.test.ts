import type { Browser } from 'puppeteer-core'
import { launchBrowser, openPage } from './browser'
import { createAccount, signIn } from './dashboard-helpers'
import { clickButton, clickLink, fill } from './widget-helpers'

let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser.close()
})

describe('a form made in the dashboard', () => {
  it('is published, answered by a visitor at its public link, and its response is listed', async () => {
    const { page, errors } = await openPage(browser)
    await page.setViewport({ width: 360, height: 800 })
    await signIn(page, await createAccount('owner'))
    await clickLink(page, 'Forms & surveys')
    await clickButton(page, 'New form')
    await fill(page, 'Title (English)', 'Parking request')
    await clickButton(page, 'Add question')
    await fill(page, 'Label (English)', 'Licence plate')
    await (await page.waitForSelector('::-p-aria([name="Required"][role="checkbox"])'))!.click()
    await (await page.waitForSelector(
      '::-p-aria([name="Published: visitors can open it"][role="checkbox"])',
    ))!.click()
    // The editor fits a phone: nothing in it widens the page.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth),
    ).toBe(false)
    await clickButton(page, 'Save')
    await page.waitForSelector('::-p-text(Created “Parking request”.)')

    const row = await page.waitForSelector('::-p-aria([name="Parking request"][role="button"])')
    const link = await row!.evaluate((button) => button.closest('tr')!.querySelector('a')!.href)
    expect(link).toMatch(/\/en\/widget\/form\/parking-request$/)

    const visitor = await openPage(browser)
    await visitor.page.bringToFront()
    await visitor.page.goto(link)
    await visitor.page.waitForSelector('::-p-aria([name="Parking request"][role="heading"])')
    await clickButton(visitor.page, 'Send')
    await visitor.page.waitForSelector('::-p-text(This field is required.)')
    await fill(visitor.page, 'Licence plate', 'HH-PH 2030')
    await clickButton(visitor.page, 'Send')
    await visitor.page.waitForSelector('::-p-text(Thank you)')
    expect(visitor.errors).toEqual([])

    await page.bringToFront()
    await page.reload()
    await clickButton(page, 'Parking request')
    await page.waitForSelector('::-p-aria([name="Licence plate"][role="columnheader"])')
    await page.waitForSelector('::-p-aria([name="HH-PH 2030"][role="cell"])')
    expect(errors).toEqual([])
  })
})
