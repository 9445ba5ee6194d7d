import type { Browser } from 'puppeteer-core'
import { baseUrl, launchBrowser, openPage } from './browser'
import { clickButton, fillContact } from './widget-helpers'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser.close()
})

describe('booking from a group page', () => {
  it('lists the group’s calendars and books the one chosen', async () => {
    const { page, errors } = await openPage(browser)
    await page.emulateTimezone('Europe/Berlin')
    await page.goto(`${baseUrl()}/en/widget/groups/physiotherapy`)
    await page.waitForSelector('::-p-aria([name="Physiotherapy"][role="heading"])')
    await page.waitForSelector('::-p-text(Radial shockwave treatment for tendon pain)')
    const link = await page.waitForSelector(
      '::-p-aria([name="Book Physiotherapy consultation"][role="link"])',
    )
    await link!.click()

    await clickButton(page, 'Any available staff')
    await page.waitForSelector('::-p-text(Choose a date and time)')
    expect(page.url()).toBe(`${baseUrl()}/en/widget/appointment/harbor-physio/consultation/`)
    await clickButton(page, 'Find next available slot')
    await (await page.waitForSelector('.widget-slot'))!.click()
    await fillContact(page, 'ana.group@example.com')
    await clickButton(page, 'Book now')

    await page.waitForSelector('::-p-text(Thank you)')
    const details = await page.$eval('.widget-details', (el) => el.textContent ?? '')
    expect(details).toContain('Ana Silva: Physiotherapy consultation')
    expect(errors).toEqual([])
  })

  it('shows the same page by id, and the 404 screen for an unknown group', async () => {
    const { page } = await openPage(browser)
    await page.goto(`${baseUrl()}/en/widget/group/1`)
    await page.waitForSelector('::-p-aria([name="Physiotherapy"][role="heading"])')
    await page.goto(`${baseUrl()}/en/widget/groups/no-such-group`)
    await page.waitForSelector('::-p-text(Page Not Found: /en/widget/groups/no-such-group)')
  })
})
