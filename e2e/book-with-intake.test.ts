import type { Browser } from 'puppeteer-core'
import { baseUrl, launchBrowser, openPage } from './browser'
import { E2E_ADMIN_TOKEN } from './server-process'
import { api, clickButton, fillContact } from './widget-helpers'

let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser.close()
})

interface AdminBooking {
  id: number
  contact: { email: string }
  intake: { title: string; answers: { label: string; answer: unknown }[] }[]
}

describe('booking the consultation with its intake questions', () => {
  it('sends the answers with the booking, and the business reads them', async () => {
    const { page, errors } = await openPage(browser)
    await page.goto(`${baseUrl()}/en/widget/appointment/harbor-physio/consultation`)
    await clickButton(page, 'Any available staff')
    await clickButton(page, 'Find next available slot')
    const slot = await page.waitForSelector('.widget-slot')
    await slot!.click()

    await page.waitForSelector('::-p-aria([name="Before your first visit"][role="group"])')
    await fillContact(page, 'intake.e2e@example.com')
    const sport = await page.waitForSelector('::-p-aria([name="A sports injury"][role="radio"])')
    await sport!.click()
    const six = await page.waitForSelector('::-p-aria([name="6"][role="radio"])')
    await six!.click()
    await clickButton(page, 'Book now')
    await page.waitForSelector('::-p-text(Thank you)')

    // Other journeys book earlier times too: the list is asked for this visitor's bookings.
    const { bookings } = await api<{ bookings: AdminBooking[] }>(
      '/admin/bookings?q=intake.e2e%40example.com',
      {
        headers: { authorization: `Bearer ${E2E_ADMIN_TOKEN}` },
      },
    )
    const booking = bookings.find((b) => b.contact.email === 'intake.e2e@example.com')!
    expect(booking.intake).toEqual([
      {
        formId: expect.any(Number),
        version: 1,
        title: 'Before your first visit',
        answers: [
          { fieldId: 'reason', label: 'What brings you to us?', answer: 'A sports injury' },
          {
            fieldId: 'pain',
            label: 'How strong is the pain today (0 none, 10 worst)?',
            answer: 6,
          },
        ],
      },
    ])
    expect(errors).toEqual([])
  })
})
