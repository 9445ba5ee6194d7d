import type { Browser } from 'puppeteer-core'
import { baseUrl, launchBrowser, openPage } from './browser'
import { E2E_ADMIN_TOKEN } from './server-process'
import { api } from './widget-helpers'
import type { CreatedBooking, ServiceResponse, SlotView } from '../src/lib/booking/api-types'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser.close()
})

const admin = { authorization: `Bearer ${E2E_ADMIN_TOKEN}` }

async function setRescheduleCutoff(serviceId: number, minutes: number) {
  const response = await fetch(`${baseUrl()}/api/admin/services/${serviceId}`, {
    method: 'PATCH',
    headers: { ...admin, 'content-type': 'application/json' },
    body: JSON.stringify({ rescheduleCutoffMinutes: minutes }),
  })
  if (!response.ok) throw new Error(`cut-off not set: ${await response.text()}`)
}

describe('a reschedule link past the cut-off', () => {
  it('says so at once, with the clinic to contact and a way back, and offers no calendar', async () => {
    const service = await api<ServiceResponse>('/services/consultation')
    const { slot } = await api<{ slot: SlotView }>(
      `/services/${service.id}/next-available?timeZone=Europe/Berlin`,
    )
    const created = await api<CreatedBooking>('/bookings', {
      method: 'POST',
      body: JSON.stringify({
        lines: [{ serviceId: service.id, staffId: null, guestIndex: 0 }],
        start: slot.start,
        timeZone: 'Europe/Berlin',
        contact: {
          firstName: 'Late',
          lastName: 'Visitor',
          email: 'late.visitor@example.com',
          phone: '+49 30 901820',
        },
      }),
    })
    // The demo's own cut-off, read off the booking's policy, is put back afterwards.
    const { start, policy } = created.booking
    const cutoff = (Date.parse(start) - Date.parse(policy.rescheduleUntil ?? start)) / 60_000
    // Ninety days before any start the horizon allows: every booking is past it, whatever today is.
    await setRescheduleCutoff(service.id, 90 * 24 * 60)
    try {
      const { page, errors } = await openPage(browser)
      await page.emulateTimezone('Europe/Berlin')
      await page.goto(
        `${baseUrl()}/en/widget/bookings/consultation?reschedule=${created.manageToken}`,
      )
      await page.waitForSelector(
        '::-p-aria([name="This appointment can no longer be rescheduled online"][role="heading"])',
      )
      const text = await page.$eval('main', (main) => main.textContent ?? '')
      expect(text).toContain('Rescheduling online was possible until')
      expect(text).toContain('To change it now, please contact Harbor Physio directly.')
      expect(text).not.toMatch(/no longer valid|invalid/i)
      await page.waitForSelector('a[href="mailto:hello@harbor-physio.example"]')
      await page.waitForSelector('a[href^="tel:"]')
      await page.waitForSelector('::-p-aria([name="Back to Harbor Physio"][role="link"])')
      // Nothing to fill in first: no calendar, no time zone, no next-slot search.
      expect(await page.$('table[role="grid"]')).toBeNull()
      expect(await page.$('::-p-aria([name="Find next available slot"])')).toBeNull()
      expect(errors).toEqual([])
    } finally {
      await setRescheduleCutoff(service.id, cutoff)
    }
  })
})
