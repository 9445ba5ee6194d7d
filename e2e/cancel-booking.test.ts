import type { Browser } from 'puppeteer-core'
import { baseUrl, launchBrowser, openPage } from './browser'
import { bookThroughApi, clickButton, fill } from './widget-helpers'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser.close()
})

describe('cancelling from the emailed link', () => {
  it('cancels with a reason, and the link is spent afterwards', async () => {
    // Two weeks out: past its 24-hour cancellation cut-off either way, and clear of the first
    // free times the other journeys take.
    const { manageToken: token } = await bookThroughApi('consultation', {
      email: 'cancel.me@example.com',
      phone: '+49 30 901822',
      daysAhead: 14,
    })
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
