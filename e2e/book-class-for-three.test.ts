import type { Browser } from 'puppeteer-core'
import { baseUrl, launchBrowser, openPage } from './browser'
import { clickButton, fill, fillContact, openSlots } from './widget-helpers'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser.close()
})

describe('booking the pilates class', () => {
  it('for the visitor and two guests takes three seats', async () => {
    const { page, errors } = await openPage(browser)
    await page.emulateTimezone('Europe/Berlin')
    // The party comes before the time, so only times with seats for all three are offered.
    await page.goto(`${baseUrl()}/en/widget/bookings/pilates-class`)
    await clickButton(page, 'Any available staff')
    await clickButton(page, 'Add a guest')
    await clickButton(page, 'Add a guest')
    await clickButton(page, 'Find next available slot')
    const slot = await page.waitForSelector('.widget-slot')
    expect(await slot!.evaluate((el) => el.textContent)).toMatch(/8 seats left$/)
    await slot!.click()

    await fillContact(page, 'ana.class@example.com')
    await fill(page, 'Guest 2: name', 'Bo Berg')
    await fill(page, 'Guest 2: email', 'bo@example.com')
    await fill(page, 'Guest 3: name', 'Cleo Dahl')
    await fill(page, 'Guest 3: email', 'cleo@example.com')
    await clickButton(page, 'Book now')

    await page.waitForSelector('::-p-text(Thank you)')
    const details = await page.$eval('.widget-details', (el) => el.textContent ?? '')
    for (const name of ['Ana Silva', 'Bo Berg', 'Cleo Dahl']) {
      expect(details).toContain(`${name}: Clinical Pilates class`)
    }

    // The same class now has five seats left.
    const again = await openSlots(page, '/en/widget/bookings/pilates-class')
    expect(await again!.evaluate((el) => el.textContent)).toMatch(/5 seats left$/)
    expect(errors).toEqual([])
  })
})
