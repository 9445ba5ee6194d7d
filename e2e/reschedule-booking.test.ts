import type { Browser } from 'puppeteer-core'
import { baseUrl, launchBrowser, openPage } from './browser'
import { api, clickButton, fillContact } from './widget-helpers'
import type { ServiceResponse } from '../src/lib/booking/api-types'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser.close()
})

/** Lena's free start times on one day, as the slots API lists them. */
async function lenaStarts(serviceId: number, staffId: number, start: string): Promise<string[]> {
  const month = start.slice(0, 7)
  const { days } = await api<{ days: Record<string, { start: string }[]> }>(
    `/services/${serviceId}/slots?month=${month}&timeZone=UTC&staffId=${staffId}`,
  )
  return (days[start.slice(0, 10)] ?? []).map((slot) => slot.start)
}

describe('rescheduling from the confirmation', () => {
  it('moves the booking to a new time and frees the old one', async () => {
    const service = await api<ServiceResponse>('/services/consultation')
    const lena = service.staff.find((member) => member.name === 'Dr. Lena Vogel')!
    const { page, errors } = await openPage(browser)
    await page.emulateTimezone('UTC')

    // A time next month: well before the consultation's reschedule cut-off.
    await page.goto(`${baseUrl()}/en/widget/bookings/consultation`)
    await clickButton(page, 'Dr. Lena Vogel')
    // Chosen before the page hydrated, the built step's form opens the calendar as a new page.
    const grid = await page.waitForSelector('table[role="grid"]')
    const thisMonth = await grid!.evaluate((el) => el.getAttribute('aria-label'))
    await clickButton(page, 'Next month')
    await page.waitForFunction(
      (before) =>
        document.querySelector('table[role="grid"]')?.getAttribute('aria-label') !== before &&
        document.querySelector('.widget-slots')?.getAttribute('aria-busy') === 'false' &&
        document.querySelectorAll('.widget-day--available').length > 1,
      {},
      thisMonth,
    )
    const days = await page.$$('.widget-day--available')
    await days[1]!.click()
    const first = await page.waitForSelector('.widget-slot')
    await first!.click()
    await fillContact(page, 'move.me@example.com')
    await clickButton(page, 'Book now')
    await page.waitForSelector('::-p-text(Thank you)')
    const { booking } = await api<{ booking: { start: string } }>(
      `/bookings/manage/${new URL(
        await page.$eval('a[href*="reschedule="]', (a) => (a as HTMLAnchorElement).href),
      ).searchParams.get('reschedule')}`,
    )
    const oldStart = booking.start
    expect(await lenaStarts(service.id, lena.id, oldStart)).not.toContain(oldStart)

    await page.locator('a[href*="reschedule="]').click()
    await page.waitForSelector('::-p-text(Choose a new date and time)')
    expect(await page.$eval('.widget-current-time', (el) => el.textContent)).toMatch(
      /^Your appointment is currently on /,
    )
    await clickButton(page, 'Find next available slot')
    // The booked time is taken, so the first listed time is another one.
    const next = await page.waitForSelector('.widget-slot')
    await next!.click()
    await page.waitForSelector('::-p-text(Confirm the new time)')
    await clickButton(page, 'Reschedule')
    await page.waitForSelector('::-p-text(Rescheduled)')
    const details = await page.$eval('.widget-details', (el) => el.textContent ?? '')
    expect(details).toContain('Dr. Lena Vogel')
    expect(await lenaStarts(service.id, lena.id, oldStart)).toContain(oldStart)
    expect(await page.$('a[href*="calendar.ics"]')).not.toBeNull()
    expect(errors).toEqual([])
  })
})
