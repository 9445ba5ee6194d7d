import type { Browser } from 'puppeteer-core'
import { baseUrl, launchBrowser, openPage } from './browser'
import { createAccount } from './dashboard-helpers'
import { api, clickButton, fill } from './widget-helpers'

let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser.close()
})

describe('the outbox page', () => {
  it('shows the e-mails a booking sent to a signed-in account, after its first password', async () => {
    const provider = await api<{ services: { id: number; slug: string }[] }>(
      '/providers/harbor-physio',
    )
    const consultation = provider.services.find((s) => s.slug === 'consultation')!
    const from = new Date(Date.now() + 20 * 86_400_000).toISOString()
    const { slot } = await api<{ slot: { start: string } }>(
      `/services/consultation/next-available?timeZone=Europe/Berlin&from=${from}`,
    )
    const created = await fetch(`${baseUrl()}/api/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        lines: [{ serviceId: consultation.id, staffId: null, guestIndex: 0 }],
        start: slot.start,
        timeZone: 'Europe/Berlin',
        contact: {
          firstName: 'Ola',
          lastName: 'Nordmann',
          email: 'outbox.page@example.com',
          phone: '+49 30 901820',
        },
      }),
    })
    expect(created.status).toBe(201)

    // An account made with the admin token, whose first password the dashboard makes its owner
    // replace.
    const { email, password } = await createAccount('front_desk')

    const { page, errors } = await openPage(browser)
    await page.goto(`${baseUrl()}/en/admin/outbox/`)
    await fill(page, 'E-mail', email)
    await fill(page, 'Password', 'not-the-password')
    await clickButton(page, 'Sign in')
    await page.waitForSelector('::-p-aria([role="alert"])')
    await fill(page, 'Password', password)
    await clickButton(page, 'Sign in')
    await fill(page, 'Current password', password)
    await fill(page, 'New password', 'my own password 1')
    await fill(page, 'Repeat the new password', 'my own password 1')
    await clickButton(page, 'Change password')
    await page.waitForSelector('::-p-aria([name="Sent e-mails"][role="heading"])')
    // The e-mail is sent by the job runner a moment after the booking.
    for (let tries = 0; tries < 20; tries++) {
      const found = await page
        .waitForSelector('::-p-text(outbox.page@example.com)', { timeout: 1_000 })
        .catch(() => null)
      if (found) break
      await page.reload()
    }
    const subject = await page.waitForSelector(
      '::-p-text(Appointment confirmed: Physiotherapy consultation)',
    )
    await subject!.click()
    await page.waitForSelector('::-p-text(Hello Ola Nordmann,)')
    expect(errors).toEqual([])
  })
})
