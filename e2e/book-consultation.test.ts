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

describe('booking the demo consultation', () => {
  it("with any available staff on the next available slot, shown in the visitor's own time", async () => {
    const { page, errors } = await openPage(browser)
    await page.emulateTimezone('America/New_York')
    await page.goto(`${baseUrl()}/en/widget/appointment/harbor-physio/consultation`)

    await clickButton(page, 'Any available staff')
    await page.waitForSelector('::-p-text(Choose a date and time)')
    await clickButton(page, 'Find next available slot')
    const firstSlot = await page.waitForSelector('.widget-slot')
    const chosenTime = await firstSlot!.evaluate((el) => el.textContent ?? '')
    expect(chosenTime).toMatch(/^\d{1,2}:\d{2} (AM|PM)$/)
    await firstSlot!.click()

    await fillContact(page, 'ana.silva@example.com')
    await clickButton(page, 'Book now')

    await page.waitForSelector('::-p-text(Thank you)')
    const details = await page.$eval('.widget-details', (el) => el.textContent ?? '')
    expect(details).toContain(`${chosenTime} –`)
    expect(details).toContain('America/New_York')
    expect(details).toContain('30 minutes')
    expect(details).toContain('Ana Silva: Physiotherapy consultation')
    expect(errors).toEqual([])
  })
})
