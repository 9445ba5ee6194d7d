import type { Browser } from 'puppeteer-core'
import { launchBrowser, openPage } from './browser'
import { createAccount, signIn } from './dashboard-helpers'
import { clickButton, clickLink, fillContact } from './widget-helpers'

let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser.close()
})

describe('a one-time link made in the dashboard', () => {
  it('is shown once, books once in the widget, and is then listed as used with its booking', async () => {
    const { page, errors } = await openPage(browser)
    await signIn(page, await createAccount('owner'))
    await clickLink(page, 'One-time links')
    await page.waitForSelector('::-p-aria([name="One-time links"][role="heading"])')
    const service = await page.waitForSelector('::-p-aria([name="Service"][role="combobox"])')
    // The services come from the API: the option is there once they are.
    const option = await service!.waitForSelector('option::-p-text(Physiotherapy consultation)')
    await service!.select(await option!.evaluate((element) => (element as HTMLOptionElement).value))
    await clickButton(page, 'Create link')
    const field = await page.waitForSelector('::-p-aria([name="New link"][role="textbox"])')
    const url = await field!.evaluate((input) => (input as HTMLInputElement).value)
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/en\/widget\/otl\/[\w-]+$/)

    const visitor = await openPage(browser)
    await visitor.page.bringToFront()
    await visitor.page.goto(url)
    await clickButton(visitor.page, 'Any available staff')
    await clickButton(visitor.page, 'Find next available slot')
    await (await visitor.page.waitForSelector('.widget-slot'))!.click()
    await fillContact(visitor.page, 'link.visitor@example.com')
    await clickButton(visitor.page, 'Book now')
    await visitor.page.waitForSelector('::-p-text(Thank you)')
    expect(visitor.errors).toEqual([])

    await page.bringToFront()
    await page.reload()
    const list = await page.waitForSelector('::-p-aria([name="Links"][role="region"])')
    const row = await list!.waitForSelector('::-p-text(Used on)')
    const text = await row!.evaluate((cell) => cell.closest('tr')!.textContent)
    expect(text).toMatch(/Physiotherapy consultation.*Used on.*#\d+/)
    expect(errors).toEqual([])
  })
})
