import type { Page } from 'puppeteer-core'
import type { AdminRole } from '../src/lib/admin/api-types'
import type { ProviderResponse } from '../src/lib/booking/api-types'
import { baseUrl } from './browser'
import { E2E_ADMIN_TOKEN } from './server-process'
import { api, bookThroughApi, clickButton, fill } from './widget-helpers'

const asScript = { 'content-type': 'application/json', authorization: `Bearer ${E2E_ADMIN_TOKEN}` }

/**
 * Sets a datetime-local field (by its id) as the browser's picker would: the field takes typing
 * only in the browser's own format.
 */
export async function setDateTime(page: Page, id: string, value: string) {
  await page.$eval(
    `#${id}`,
    (element, local) => {
      const input = element as HTMLInputElement
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, local)
      input.dispatchEvent(new Event('input', { bubbles: true }))
      input.dispatchEvent(new Event('change', { bubbles: true }))
    },
    value,
  )
}

/** A new account made as a script makes it (the admin token); its first password must change. */
export async function createAccount(
  role: AdminRole,
  staffId: number | null = null,
): Promise<{ email: string; password: string }> {
  const email = `${role}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`
  const password = 'first-password-1'
  const response = await fetch(`${baseUrl()}/api/admin/users`, {
    method: 'POST',
    headers: asScript,
    body: JSON.stringify({ email, name: `E2e ${role}`, role, staffId, password }),
  })
  if (response.status !== 201) throw new Error(`account: ${await response.text()}`)
  return { email, password }
}

/** Signs in on the dashboard and replaces the first password, as a new account's owner does. */
export async function signIn(page: Page, account: { email: string; password: string }) {
  // Another account's session in the same browser would open the dashboard without a sign-in.
  const cdp = await page.createCDPSession()
  await cdp.send('Network.clearBrowserCookies')
  await cdp.detach()
  await page.goto(`${baseUrl()}/en/admin/`)
  await fill(page, 'E-mail', account.email)
  await fill(page, 'Password', account.password)
  await clickButton(page, 'Sign in')
  await fill(page, 'Current password', account.password)
  await fill(page, 'New password', 'my own password 1')
  await fill(page, 'Repeat the new password', 'my own password 1')
  await clickButton(page, 'Change password')
  // The password screen has a "Sign out" too: the dashboard's navigation says it is done.
  await page.waitForSelector('::-p-aria([name="Dashboard"][role="navigation"])')
}

export async function demoSetup() {
  const provider = await api<ProviderResponse>('/providers/harbor-physio')
  const service = (slug: string) => provider.services.find((s) => s.slug === slug)!
  const staff = (name: string) => provider.staff.find((s) => s.name === name)!
  return { provider, service, staff }
}

/** Books the service's next free time with the staff member (the API, as the widget does). */
export async function bookNext(
  serviceSlug: string,
  staffId: number,
  contact: { firstName: string; lastName: string; email: string },
  daysAhead = 0,
): Promise<number> {
  const { id } = await bookThroughApi(serviceSlug, {
    ...contact,
    staffId,
    daysAhead,
    timeZone: 'Europe/Berlin',
  })
  return id
}

/** Removes every blocked period, as a script would, so later journeys book as before. */
export async function removeBlockedPeriods() {
  const response = await fetch(`${baseUrl()}/api/admin/blocked-periods`, { headers: asScript })
  for (const { id } of (await response.json()) as { id: number }[]) {
    await fetch(`${baseUrl()}/api/admin/blocked-periods/${id}`, {
      method: 'DELETE',
      headers: { authorization: asScript.authorization },
    })
  }
}
