import type { Browser } from 'puppeteer-core'
import { launchBrowser, openPage } from './browser'
import { fill, openSlots } from './widget-helpers'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser.close()
})

const toMinutes = (label: string) => {
  const [, h, m, half] = /^(\d{1,2}):(\d{2}) (AM|PM)/.exec(label) ?? []
  return ((Number(h) % 12) + (half === 'PM' ? 12 : 0)) * 60 + Number(m)
}

describe('the visitor changes the time zone', () => {
  it("and the same slots move to that zone's clock", async () => {
    const { page } = await openPage(browser)
    await page.emulateTimezone('Europe/Berlin')
    const first = await openSlots(page, '/en/widget/bookings/consultation')
    const timeZone = await page.$eval(
      '.widget-timezone input',
      (el) => (el as HTMLInputElement).value,
    )
    expect(timeZone).toBe('Europe/Berlin')
    const berlin = (await first!.evaluate((el) => el.textContent)) ?? ''

    await fill(page, 'Time zone', 'Asia/Kolkata', 'combobox')
    await page.waitForFunction(
      (before) => document.querySelector('.widget-slot')?.textContent !== before,
      {},
      berlin,
    )
    await page.locator('::-p-aria([name="Find next available slot"][role="button"])').click()
    await page.waitForSelector('.widget-slot')
    const kolkata = (await page.$eval('.widget-slot', (el) => el.textContent)) ?? ''
    // Kolkata is 4 h 30 min ahead of Berlin in winter (3 h 30 min in summer).
    const difference = (toMinutes(kolkata) - toMinutes(berlin) + 24 * 60) % (24 * 60)
    expect([210, 270]).toContain(difference)
  })
})
