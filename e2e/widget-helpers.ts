import type { Page } from 'puppeteer-core'
import { baseUrl } from './browser'

export async function clickButton(page: Page, name: string) {
  const button = await page.waitForSelector(`::-p-aria([name="${name}"][role="button"])`)
  await button!.click()
}

export async function fill(page: Page, label: string, value: string, role = 'textbox') {
  const field = await page.waitForSelector(`::-p-aria([name="${label}"][role="${role}"])`)
  await field!.click({ count: 3 })
  await field!.type(value)
}

const ENGLISH_LABELS = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  phone: 'Phone',
}

/** Fills the contact form, by its English labels unless the page speaks another language. */
export async function fillContact(page: Page, email: string, labels = ENGLISH_LABELS) {
  await fill(page, labels.firstName, 'Ana')
  await fill(page, labels.lastName, 'Silva')
  await fill(page, labels.email, email)
  await fill(page, labels.phone, '+49 30 901820')
}

/** Texts of every visible validation message, in page order. */
export async function messages(page: Page): Promise<string[]> {
  return page.$$eval('.widget-field__error, .widget-alert', (els) =>
    els.map((el) => el.textContent ?? ''),
  )
}

/** Opens a service's flow with a staff choice and waits for the month's slots. */
export async function openSlots(page: Page, path: string, staff = 'Any available staff') {
  await page.goto(`${baseUrl()}${path}`)
  await clickButton(page, staff)
  await clickButton(page, 'Find next available slot')
  return page.waitForSelector('.widget-slot')
}

export async function api<T>(path: string, init?: RequestInit): Promise<T> {
  const response = await fetch(`${baseUrl()}/api${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...init?.headers },
  })
  return (await response.json()) as T
}

export interface HeldBooking {
  booking: { id: number; start: string; holdExpiresAt: string }
  manageToken: string
}

/**
 * Books the demo's shockwave therapy (a €20.00 deposit on €90.00) on its next free time, up to
 * the payment step, and returns the held booking as the API created it.
 */
export async function holdShockwave(page: Page, email: string): Promise<HeldBooking> {
  await openSlots(page, '/en/widget/appointment/harbor-physio/shockwave-therapy')
  const slot = await page.waitForSelector('.widget-slot')
  await slot!.click()
  await fillContact(page, email)
  const terms = await page.waitForSelector(
    '::-p-aria([name="I accept the terms and conditions"][role="checkbox"])',
  )
  await terms!.click()
  const created = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/bookings') && response.request().method() === 'POST',
  )
  await clickButton(page, 'Continue to payment')
  const held = (await (await created).json()) as HeldBooking
  await page.waitForSelector('::-p-text(Secure payment)')
  return held
}

/** Pays on the local provider's checkout page with one of its test cards. */
export async function payWithCard(page: Page, card: string) {
  await fill(page, 'Card number', card)
  await fill(page, 'Expiry date (MM/YY)', '12/34')
  await fill(page, 'CVC', '123')
  await clickButton(page, 'Pay €20.00')
}
