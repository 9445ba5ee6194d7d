import type { Browser } from 'puppeteer-core'
import { baseUrl, launchBrowser, openPage } from './browser'
import { api, clickButton, fill } from './widget-helpers'
import type { ServiceResponse } from '../src/lib/booking/api-types'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser.close()
})

const DAY = 24 * 60 * 60_000

/**
 * A consultation booked through the API, two weeks out: past its 24-hour cancellation cut-off
 * either way, and clear of the first free times the other journeys take.
 */
async function bookConsultation(): Promise<string> {
  const service = await api<ServiceResponse>('/services/consultation')
  const from = new Date(Date.now() + 14 * DAY).toISOString()
  const { slot } = await api<{ slot: { start: string } }>(
    `/services/${service.id}/next-available?timeZone=UTC&from=${encodeURIComponent(from)}`,
  )
  const response = await fetch(`${baseUrl()}/api/bookings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      lines: [{ serviceId: service.id, staffId: null, guestIndex: 0 }],
      start: slot.start,
      timeZone: 'UTC',
      contact: {
        firstName: 'Ana',
        lastName: 'Silva',
        email: 'cancel.me@example.com',
        phone: '+49 30 901822',
      },
    }),
  })
  expect(response.status).toBe(201)
  const { manageToken } = (await response.json()) as { manageToken: string }
  return manageToken
}

describe('cancelling from the emailed link', () => {
  it('cancels with a reason, and the link is spent afterwards', async () => {
    const token = await bookConsultation()
    const link = `${baseUrl()}/en/widget/cancel-booking?token=${token}`
    const { page, errors } = await openPage(browser)
    await page.emulateTimezone('America/New_York')

    await page.goto(link)
    await page.waitForSelector('::-p-text(Cancel your appointment)')
    // The booking was made in UTC; the visitor sees it in their own zone.
    const details = await page.$eval('.widget-details', (el) => el.textContent ?? '')
    expect(details).toContain('America/New_York')
    expect(details).toContain('Ana Silva: Physiotherapy consultation')

    await fill(page, 'Reason for cancelling', 'I feel better')
    await clickButton(page, 'Cancel appointment')
    await page.waitForSelector('::-p-text(Appointment cancelled)')
    expect(await page.$eval('.widget-step', (el) => el.textContent ?? '')).toContain(
      'I feel better',
    )

    await page.goto(link)
    const expired = await page.waitForSelector('.expired-link')
    expect(await expired!.evaluate((el) => el.textContent)).toContain(
      'This booking is already cancelled; cancellation is not possible again.',
    )
    expect(errors).toEqual([])
  })
})
