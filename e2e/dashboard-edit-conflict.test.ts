import type { Browser, Page } from 'puppeteer-core'
import type { AdminService } from '../src/lib/admin/service-types'
import { baseUrl, launchBrowser, openPage } from './browser'
import { createAccount, signIn } from './dashboard-helpers'
import { E2E_ADMIN_TOKEN } from './server-process'
import { clickButton, clickLink, fill } from './widget-helpers'

// No other journey reads this service's price, and afterAll puts it back anyway.
const SERVICE = 'Back rehabilitation programme (4 weeks)'
const asScript = { 'content-type': 'application/json', authorization: `Bearer ${E2E_ADMIN_TOKEN}` }

let browser: Browser
let original: AdminService | undefined

const service = async () => {
  const response = await fetch(`${baseUrl()}/api/admin/services`, { headers: asScript })
  return ((await response.json()) as AdminService[]).find((each) => each.name === SERVICE)!
}

beforeAll(async () => {
  browser = await launchBrowser()
  original = await service()
})

afterAll(async () => {
  // As a script restores it: without a version, whatever the journey left.
  if (original) {
    await fetch(`${baseUrl()}/api/admin/services/${original.id}`, {
      method: 'PATCH',
      headers: asScript,
      body: JSON.stringify({ priceCents: original.priceCents }),
    })
  }
  await browser.close()
})

/** Signs a new admin in, in a browser context of their own, and opens the service's form. */
async function adminEditing(): Promise<{ page: Page; errors: string[] }> {
  const { page, errors } = await openPage(await browser.createBrowserContext())
  await signIn(page, await createAccount('admin'))
  // A locator, as clickButton uses: clicked again should the header re-render under it.
  await clickLink(page, 'Services')
  await clickButton(page, `Edit ${SERVICE}`)
  await page.waitForSelector(`::-p-aria([name="Edit ${SERVICE}"][role="heading"])`)
  return { page, errors }
}

/** Waits until the form's "Price per seat" holds `value`, read through its label. */
const priceShows = (page: Page, value: string) =>
  page.waitForFunction(
    (wanted) => {
      const label = [...document.querySelectorAll('label')].find(
        (each) => each.textContent === 'Price per seat',
      )
      return (label?.control as HTMLInputElement | null | undefined)?.value === wanted
    },
    {},
    value,
  )

describe('two admins edit the same service', () => {
  it('refuses the second save with a clear message and keeps what was typed', async () => {
    const first = await adminEditing()
    const second = await adminEditing()
    await fill(first.page, 'Price per seat', '250')
    await fill(second.page, 'Price per seat', '260')

    await clickButton(first.page, 'Save service')
    await first.page.waitForSelector(`::-p-text("The service ${SERVICE} was saved.")`)

    await clickButton(second.page, 'Save service')
    const alert = await second.page.waitForSelector('::-p-text(Someone else saved this service)')
    expect(await alert!.evaluate((el) => [el.getAttribute('role'), el.textContent])).toEqual([
      'alert',
      'Someone else saved this service while you were editing it. Your changes are still here ' +
        'but not saved: load the saved version to see theirs, then make your changes again and save.',
    ])
    await priceShows(second.page, '260')
    expect((await service()).priceCents).toBe(25_000)

    // Their version, then the second admin's price again, which now saves.
    await clickButton(second.page, 'Load the saved version')
    await priceShows(second.page, '250.00')
    await fill(second.page, 'Price per seat', '260')
    await clickButton(second.page, 'Save service')
    await second.page.waitForSelector(`::-p-text("The service ${SERVICE} was saved.")`)
    expect((await service()).priceCents).toBe(26_000)
    expect([...first.errors, ...second.errors]).toEqual([])
  })
})
