import type { Browser } from 'puppeteer-core'
import { baseUrl, launchBrowser, openPage } from './browser'
import { clickButton, fill, fillContact } from './widget-helpers'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser.close()
})

describe('booking from the demo service menu', () => {
  it('two services for two guests, with the summary beside every step', async () => {
    const { page, errors } = await openPage(browser)
    await page.emulateTimezone('Europe/Berlin')
    await page.goto(`${baseUrl()}/en/widget/service-menus/our-services`)
    await page.waitForSelector('::-p-aria([name="Our services"][role="heading"])')
    await page.waitForSelector('::-p-aria([name="Classes and programmes"][role="group"])')

    // The visitor takes the consultation, their guest the Pilates class.
    const you = await page.waitForSelector('::-p-aria([name="You"][role="group"])')
    await (await you!.waitForSelector('::-p-text(Physiotherapy consultation)'))!.click()
    await clickButton(page, 'Add a guest')
    const guest = await page.waitForSelector('::-p-aria([name="Guest 2"][role="group"])')
    await (await guest!.waitForSelector('::-p-text(Clinical Pilates class)'))!.click()
    const summary = '::-p-aria([name="Your booking"][role="complementary"])'
    const summaryText = async () =>
      (await page.$eval(summary, (el) => el.textContent ?? '')).replace(/\s+/g, ' ')
    expect(await summaryText()).toContain('Total€87.00')
    await clickButton(page, 'Continue')

    await clickButton(page, 'Any available staff')
    await page.waitForSelector('::-p-text(Choose a date and time)')
    expect(await summaryText()).toContain('StaffAny available staff')
    await clickButton(page, 'Find next available slot')
    const slot = await page.waitForSelector('.widget-slot')
    await slot!.click()

    await page.waitForSelector('::-p-text(Your details)')
    expect(await summaryText()).toMatch(/Date and time.*\(Europe\/Berlin\)/)
    await fillContact(page, 'ana.menu@example.com')
    await fill(page, 'Guest 2: name', 'Bo Berg')
    await fill(page, 'Guest 2: email', 'bo.menu@example.com')
    await clickButton(page, 'Book now')

    await page.waitForSelector('::-p-text(Thank you)')
    const details = await page.$eval('.widget-details', (el) => el.textContent ?? '')
    expect(details).toContain('Ana Silva: Physiotherapy consultation')
    expect(details).toContain('Bo Berg: Clinical Pilates class')
    expect(errors).toEqual([])
  })
})
