import type { Browser } from 'puppeteer-core'
import { baseUrl, launchBrowser, openPage } from './browser'
import { E2E_HOLD_MINUTES } from './server-process'
import { api, holdShockwave } from './widget-helpers'

let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser.close()
})

/** Whether the demo's shockwave therapy offers `start` to a visitor now. */
async function offered(start: string) {
  const slots = await api<{ days: Record<string, { start: string }[]> }>(
    `/services/shockwave-therapy/slots?month=${start.slice(0, 7)}&timeZone=UTC`,
  )
  return Object.values(slots.days)
    .flat()
    .some((slot) => slot.start === start)
}

// The server's hold (one minute) plus the sweep's 30 s interval plus the page's polling.
const EXPIRY_WAIT_MS = E2E_HOLD_MINUTES * 60_000 + 45_000

describe('an unpaid hold', () => {
  it(
    'expires, frees the slot and tells the visitor the time to pay has run out',
    async () => {
      const { page, errors } = await openPage(browser)
      const held = await holdShockwave(page, 'never.pays@example.com')
      const start = held.booking.start
      expect(await offered(start)).toBe(false)

      // Wait for the sweep to release the seats, asking the API as a second visitor would.
      const deadline = Date.now() + EXPIRY_WAIT_MS
      while ((await offered(start)) === false && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 2_000))
      }
      expect(await offered(start)).toBe(true)

      // The open widget asks the server when the hold ends, and says what happened without the
      // visitor having to press "Pay now" first.
      await page.waitForSelector('::-p-text(The time to pay has run out)', { timeout: 15_000 })
      expect(await page.$('::-p-aria([name="Pay now"][role="button"])')).toBeNull()
      const manage = await fetch(
        `${baseUrl()}/api/bookings/manage/${held.manageToken}/payment`,
      ).then((response) => response.json())
      expect(manage.booking).toMatchObject({ status: 'expired', payment: { status: 'expired' } })
      expect(errors).toEqual([])
    },
    EXPIRY_WAIT_MS + 60_000,
  )
})
