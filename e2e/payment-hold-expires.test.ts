import type { Browser } from 'puppeteer-core'
import { HOLD_SWEEP_EVERY_MS } from '../server/jobs/handlers'
import { baseUrl, launchBrowser, openPage } from './browser'
import { E2E_HOLD_MINUTES } from './server-process'
import { api, holdShockwave, moveServerClock } from './widget-helpers'

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

const HOLD_MS = E2E_HOLD_MINUTES * 60_000

describe('an unpaid hold', () => {
  it('expires, frees the slot and tells the visitor the time to pay has run out', async () => {
    const { page, errors } = await openPage(browser)
    // The page's clock runs a hold's length ahead of the server's (which other journeys on this
    // server may have moved ahead of this machine's): the open widget reaches the hold's end at
    // once and asks the server until it says the hold is over, as it does when the hold ends
    // before the sweep's next round. The server's clock is moved there below.
    const serverAhead = (await moveServerClock(0)) - Date.now()
    await page.evaluateOnNewDocument((aheadMs: number) => {
      const realNow = Date.now
      Date.now = () => realNow() + aheadMs
    }, serverAhead + HOLD_MS)
    // The day's last time: the first one may leave the booking notice as the clock moves on.
    const held = await holdShockwave(page, 'never.pays@example.com', 'last')
    const start = held.booking.start
    expect(await offered(start)).toBe(false)

    // Past the hold's end and the sweep's next round: the seats are back, for a second visitor too.
    await moveServerClock(HOLD_MS + HOLD_SWEEP_EVERY_MS)
    expect(await offered(start)).toBe(true)

    // The open widget asks the server when the hold ends, and says what happened without the
    // visitor having to press "Pay now" first.
    await page.waitForSelector('::-p-text(The time to pay has run out)', { timeout: 15_000 })
    expect(await page.$('::-p-aria([name="Pay now"][role="button"])')).toBeNull()
    const manage = await fetch(`${baseUrl()}/api/bookings/manage/${held.manageToken}/payment`).then(
      (response) => response.json(),
    )
    expect(manage.booking).toMatchObject({ status: 'expired', payment: { status: 'expired' } })
    expect(errors).toEqual([])
  })
})
