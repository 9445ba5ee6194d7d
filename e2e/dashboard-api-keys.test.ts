import type { Browser } from 'puppeteer-core'
import { baseUrl, launchBrowser, openPage } from './browser'
import { bookNext, createAccount, demoSetup, signIn } from './dashboard-helpers'
import { clickButton, clickLink, fill } from './widget-helpers'

let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser.close()
})

/** A call to the admin API as an integration makes it: the key as its bearer token, no cookie. */
const withKey = (key: string, path: string, init: RequestInit = {}) =>
  fetch(`${baseUrl()}/api/admin${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
  })

describe('an API key made in the dashboard', () => {
  it('reads the bookings, is refused a write, and stops working once revoked', async () => {
    const { staff } = await demoSetup()
    const bookingId = await bookNext('consultation', staff('Ana Costa').id, {
      firstName: 'Kai',
      lastName: 'Keys',
      email: 'kai.keys@example.com',
    })
    const { page, errors } = await openPage(browser)
    await signIn(page, await createAccount('owner'))
    await clickLink(page, 'API keys')
    await page.waitForSelector('::-p-aria([name="API keys"][role="heading"])')

    await clickButton(page, 'New API key')
    await fill(page, 'Name', 'Journey CRM')
    await (await page.waitForSelector(
      '::-p-aria([name="bookings:read"][role="checkbox"])',
    ))!.click()
    await clickButton(page, 'Create key')
    const field = await page.waitForSelector('::-p-aria([name="API key"][role="textbox"])')
    const key = await field!.evaluate((input) => (input as HTMLInputElement).value)
    expect(key).toMatch(/^hp_live_[\w-]{43}$/)
    await page.waitForSelector('::-p-text(it will not be shown again)')

    const list = await withKey(key, '/bookings?tab=upcoming')
    expect(list.status).toBe(200)
    const { bookings } = (await list.json()) as { bookings: { id: number }[] }
    expect(bookings.map((booking) => booking.id)).toContain(bookingId)
    const cancel = await withKey(key, `/bookings/${bookingId}/cancel`, {
      method: 'POST',
      body: JSON.stringify({ reason: 'Not the key’s to do' }),
    })
    expect(cancel.status).toBe(403)
    expect(((await cancel.json()) as { code: string }).code).toBe('missing_scope')

    // Back to the list: the key is gone from the page, its first characters listed, now used.
    await clickButton(page, 'Done')
    expect(await page.$('::-p-aria([name="API key"][role="textbox"])')).toBeNull()
    await page.reload()
    const row = await page.waitForSelector('::-p-aria([name="Journey CRM"][role="cell"])')
    const cells = await row!.evaluate((cell) =>
      [...cell.closest('tr')!.cells].map((each) => each.textContent!),
    )
    // Name, prefix, scopes, created, expires, last used, status: used just now, by the calls above.
    expect(cells.slice(0, 3)).toEqual(['Journey CRM', `${key.slice(0, 12)}…`, 'bookings:read'])
    expect(cells.slice(4, 7)).toEqual(['Never', expect.not.stringMatching('Never'), 'Active'])

    await clickButton(page, 'Revoke Journey CRM')
    await page.waitForSelector(
      '::-p-aria([name="Revoke the key Journey CRM?"][role="alertdialog"])',
    )
    await clickButton(page, 'Revoke key')
    await page.waitForSelector('::-p-text(The key Journey CRM was revoked.)')
    const revoked = await page.waitForSelector('::-p-aria([name="Journey CRM"][role="cell"])')
    await page.waitForFunction(
      (cell) => cell.closest('tr')!.textContent!.includes('Revoked'),
      {},
      revoked!,
    )

    expect((await withKey(key, '/bookings?tab=upcoming')).status).toBe(401)
    expect(errors).toEqual([])
  })
})
