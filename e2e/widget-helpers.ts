import type { Frame, Page } from 'puppeteer-core'
import type { ServiceResponse } from '../src/lib/booking/api-types'
import { baseUrl } from './browser'

/**
 * Clicks the button named `name` once it is there, shown and enabled. Through a locator: a button
 * found just before a re-render replaced it (a list read again, a header's polled status) is
 * found and clicked again, where a click on the old element would go nowhere.
 */
export async function clickButton(page: Page, name: string) {
  await page.locator(`::-p-aria([name="${name}"][role="button"])`).click()
}

/**
 * Follows the link named `name`, as `clickButton` clicks: once its place has settled. A click at
 * an element's old place (the dashboard's test-mode banner arriving pushes its navigation down)
 * lands on whatever moved there.
 */
export async function clickLink(page: Page, name: string) {
  await page.locator(`::-p-aria([name="${name}"][role="link"])`).click()
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

export interface ApiBooking {
  email: string
  firstName?: string
  lastName?: string
  phone?: string
  /** How far out to look for the service's first free time, from now. */
  daysAhead: number
  /** One staff member's first free time; anyone's when left out. */
  staffId?: number
  /** The visitor's time zone, which the free time is looked up in and the booking records. */
  timeZone?: string
  /** The deposit's terms; a service without a deposit asks for none and ignores it. */
  termsAccepted?: boolean
}

/**
 * Books a service through the API, as the widget does, at its first free time `daysAhead` days
 * out, for Ana Silva unless the visitor is named; returns the booking's id and manage token.
 */
export async function bookThroughApi(
  slug: string,
  {
    email,
    firstName = 'Ana',
    lastName = 'Silva',
    phone = '+49 30 901820',
    daysAhead,
    staffId,
    timeZone = 'UTC',
    termsAccepted,
  }: ApiBooking,
): Promise<{ id: number; manageToken: string }> {
  const service = await api<ServiceResponse>(`/services/${slug}`)
  const query = new URLSearchParams({
    timeZone,
    from: new Date(Date.now() + daysAhead * 86_400_000).toISOString(),
    ...(staffId === undefined ? {} : { staffId: String(staffId) }),
  })
  const { slot } = await api<{ slot: { start: string } }>(
    `/services/${service.id}/next-available?${query}`,
  )
  const response = await fetch(`${baseUrl()}/api/bookings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      lines: [{ serviceId: service.id, staffId: staffId ?? null, guestIndex: 0 }],
      start: slot.start,
      timeZone,
      contact: { firstName, lastName, email, phone },
      ...(termsAccepted === undefined ? {} : { termsAccepted }),
    }),
  })
  if (response.status !== 201) throw new Error(`booking ${slug}: ${await response.text()}`)
  const { booking, manageToken } = (await response.json()) as {
    booking: { id: number }
    manageToken: string
  }
  return { id: booking.id, manageToken }
}

/**
 * Moves the journeys' server's clock forward (it runs with TEST_CLOCK) and returns once the jobs
 * due by then have run: a journey sees what a hold or a link's end leads to without waiting.
 * Answers the server's time then (advancing by 0 only reads it).
 */
export async function moveServerClock(advanceMs: number): Promise<number> {
  const response = await fetch(`${baseUrl()}/api/test/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advanceMs }),
  })
  if (!response.ok) throw new Error(`Moving the clock: ${response.status} ${await response.text()}`)
  return Date.parse(((await response.json()) as { now: string }).now)
}

export interface HeldBooking {
  booking: { id: number; start: string; holdExpiresAt: string }
  manageToken: string
}

/**
 * Books the demo's shockwave therapy (a €20.00 deposit on €90.00) on its next free time, or the
 * last time of that day, up to the payment step, and returns the held booking as the API created
 * it.
 */
export async function holdShockwave(
  page: Page,
  email: string,
  time: 'first' | 'last' = 'first',
): Promise<HeldBooking> {
  await openSlots(page, '/en/widget/appointment/harbor-physio/shockwave-therapy')
  await page.waitForSelector('.widget-slot')
  const slots = await page.$$('.widget-slot')
  await slots[time === 'first' ? 0 : slots.length - 1]!.click()
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

/**
 * Waits until the widget's script runs in `page`: a page built with its first step shows it
 * before then, and what only the script hears (Escape in a popup) would be lost. The language
 * select, disabled in the built HTML, is enabled once React owns the page.
 */
export async function widgetRunning(page: Page | Frame) {
  await page.waitForSelector('.widget-language select:enabled')
}
