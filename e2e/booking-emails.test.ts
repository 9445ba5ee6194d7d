import type { Browser } from 'puppeteer-core'
import { baseUrl, launchBrowser, openPage } from './browser'
import { E2E_ADMIN_TOKEN } from './server-process'
import { api, clickButton, fill, fillContact } from './widget-helpers'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser.close()
})

const EMAIL = 'mail.journey@example.com'

interface OutboxMessage {
  kind: string
  to: string
  subject: string
  text: string
}

/**
 * The e-mail of `kind` to the journey's visitor, from the local outbox (the server runs without
 * SMTP_URL). The job runner sends it within seconds of the booking; the admin inbox page is the
 * dashboard's, so the journey reads the admin API the page will use.
 */
async function mailOf(kind: string): Promise<OutboxMessage> {
  for (let waited = 0; waited < 30_000; waited += 250) {
    const { messages } = await api<{ messages: OutboxMessage[] }>('/admin/outbox?limit=100', {
      headers: { authorization: `Bearer ${E2E_ADMIN_TOKEN}` },
    })
    const mail = messages.find((each) => each.kind === kind && each.to === EMAIL)
    if (mail) return mail
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`No ${kind} e-mail to ${EMAIL} within 30 s`)
}

describe('the e-mails of a booking', () => {
  it('confirms a booking made in German, and its cancel link cancels it', async () => {
    const { page, errors } = await openPage(browser)
    await page.emulateTimezone('Europe/Berlin')

    // A time next month, before the consultation's 24-hour cancellation cut-off.
    await page.goto(`${baseUrl()}/de/widget/bookings/consultation`)
    await clickButton(page, 'Ana Costa')
    // Chosen before the page hydrated, the built step's form opens the calendar as a new page.
    const grid = await page.waitForSelector('table[role="grid"]')
    const thisMonth = await grid!.evaluate((el) => el.getAttribute('aria-label'))
    await clickButton(page, 'Nächster Monat')
    await page.waitForFunction(
      (before) =>
        document.querySelector('table[role="grid"]')?.getAttribute('aria-label') !== before &&
        document.querySelector('.widget-slots')?.getAttribute('aria-busy') === 'false' &&
        document.querySelectorAll('.widget-day--available').length > 2,
      {},
      thisMonth,
    )
    const days = await page.$$('.widget-day--available')
    await days[2]!.click()
    const slot = await page.waitForSelector('.widget-slot')
    await slot!.click()
    await fillContact(page, EMAIL, {
      firstName: 'Vorname',
      lastName: 'Nachname',
      email: 'E-Mail',
      phone: 'Telefon',
    })
    await clickButton(page, 'Jetzt buchen')
    await page.waitForSelector('::-p-text(Vielen Dank)')

    // The booking remembered its language: the confirmation is German, its links too.
    const confirmation = await mailOf('confirmed')
    expect(confirmation.subject).toMatch(/^Termin bestätigt: /)
    expect(confirmation.text).toContain('Hallo Ana Silva,')
    const cancelLink = /Termin absagen: (\S+)/.exec(confirmation.text)?.[1] ?? ''
    expect(cancelLink.startsWith(`${baseUrl()}/de/widget/cancel-booking?token=`)).toBe(true)

    await page.goto(cancelLink)
    await page.waitForSelector('::-p-text(Ihren Termin absagen)')
    await fill(page, 'Grund für die Absage', 'Mir geht es besser')
    await clickButton(page, 'Termin absagen')
    await page.waitForSelector('::-p-text(Termin abgesagt)')

    const cancellation = await mailOf('cancelled')
    expect(cancellation.subject).toMatch(/^Termin abgesagt: /)
    expect(cancellation.text).toMatch(/Grund: +Mir geht es besser/)
    expect(errors).toEqual([])
  })
})
