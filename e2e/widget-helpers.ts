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
