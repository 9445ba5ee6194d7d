import type { Browser } from 'puppeteer-core'
import { baseUrl, launchBrowser, openPage } from './browser'
import { api, clickButton, fillContact, openSlots } from './widget-helpers'
import type { ServiceResponse } from '../src/lib/booking/api-types'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser.close()
})

describe('losing a slot to someone faster', () => {
  it('tells the visitor, and lets them book another time without retyping', async () => {
    const service = await api<ServiceResponse>('/services/consultation')
    const lena = service.staff.find((member) => member.name === 'Dr. Lena Vogel')!
    const { slot } = await api<{ slot: { start: string } }>(
      `/services/${service.id}/next-available?timeZone=Europe/Berlin&staffId=${lena.id}`,
    )

    const { page } = await openPage(browser)
    await page.emulateTimezone('Europe/Berlin')
    const first = await openSlots(page, '/en/widget/bookings/consultation', 'Dr. Lena Vogel')
    await first!.click()
    await fillContact(page, 'slow.visitor@example.com')

    // Someone else takes the same time with Lena through the API, between listing and submit.
    const taken = await fetch(`${baseUrl()}/api/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        lines: [{ serviceId: service.id, staffId: lena.id, guestIndex: 0 }],
        start: slot.start,
        timeZone: 'Europe/Berlin',
        contact: {
          firstName: 'Quick',
          lastName: 'Visitor',
          email: 'quick@example.com',
          phone: '+49 30 901821',
        },
      }),
    })
    expect(taken.status).toBe(201)

    await clickButton(page, 'Book now')
    const alert = await page.waitForSelector('.widget-alert')
    expect(await alert!.evaluate((el) => el.textContent)).toBe('Not booked: Staff busy')

    // The lost time may have been the day's last: the next free one is a click away.
    await clickButton(page, 'Find next available slot')
    const next = await page.waitForSelector('.widget-slot')
    await next!.click()
    const firstName = await page.waitForSelector('::-p-aria([name="First name"][role="textbox"])')
    expect(await firstName!.evaluate((el) => (el as HTMLInputElement).value)).toBe('Ana')
    await clickButton(page, 'Book now')
    await page.waitForSelector('::-p-text(Thank you)')
  })
})
