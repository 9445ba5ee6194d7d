import type { Browser } from 'puppeteer-core'
import { baseUrl, launchBrowser, openPage } from './browser'
import { clickButton, fill, fillContact, openSlots } from './widget-helpers'

let browser: Browser

function seatsLeft(text: string | null): number {
  const match = /(\d+) seats left$/.exec(text ?? '')
  if (!match) throw new Error(`no seat count in ${JSON.stringify(text)}`)
  return Number(match[1])
}
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
    // Other journeys on the shared server (the service menu's guest) may already hold a seat of this class.
    const before = seatsLeft(await slot!.evaluate((el) => el.textContent))
    expect(before).toBeGreaterThanOrEqual(3)
    expect(before).toBeLessThanOrEqual(8)
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

    // The same class now has three seats fewer.
    const again = await openSlots(page, '/en/widget/bookings/pilates-class')
    expect(seatsLeft(await again!.evaluate((el) => el.textContent))).toBe(before - 3)
    expect(errors).toEqual([])
  })
})
