import type { Browser, Page } from 'puppeteer-core'
import { baseUrl, launchBrowser, openPage } from './browser'
import { E2E_ADMIN_TOKEN } from './server-process'
import { api, clickButton, fillContact } from './widget-helpers'
import type { ServiceResponse } from '../src/lib/booking/api-types'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser.close()
})

/** Fills the form up to "Book now" and returns that button, not yet clicked. */
async function readyToBook(page: Page, slug: string, email: string) {
  // Chromium builds the accessibility tree that role queries read only for the front tab.
  await page.bringToFront()
  await page.goto(`${baseUrl()}/en/widget/otl/${slug}`)
  await clickButton(page, 'Any available staff')
  await clickButton(page, 'Find next available slot')
  const slot = await page.waitForSelector('.widget-slot')
  await slot!.click()
  await fillContact(page, email)
  return page.waitForSelector('::-p-aria([name="Book now"][role="button"])')
}

describe('one link, two visitors', () => {
  it('books exactly once; the other visitor and the link afterwards see the expired-link view', async () => {
    const service = await api<ServiceResponse>('/services/consultation')
    const { slug } = await api<{ slug: string }>('/admin/one-time-links', {
      method: 'POST',
      headers: { authorization: `Bearer ${E2E_ADMIN_TOKEN}` },
      body: JSON.stringify({ serviceId: service.id }),
    })
    const first = await openPage(browser)
    const second = await openPage(browser)
    const firstButton = await readyToBook(first.page, slug, 'first@example.com')
    const secondButton = await readyToBook(second.page, slug, 'second@example.com')

    // Both submit at once; a DOM click reaches a background tab as well as the front one.
    await Promise.all(
      [firstButton, secondButton].map((b) =>
        b!.evaluate((el) => (el as HTMLButtonElement).click()),
      ),
    )
    const outcome = async (page: Page) => {
      // Polled by timer: a background tab runs no animation frames.
      const handle = await page.waitForFunction(
        () => {
          if (document.querySelector('.expired-link')) return 'expired'
          if (document.querySelector('.widget-confirmation')) return 'booked'
          const alert = document.querySelector('.widget-alert')
          return alert ? `refused: ${alert.textContent}` : false
        },
        { polling: 200 },
      )
      return handle.jsonValue()
    }
    // The server spends the link before it plans the time, so the loser always learns the link
    // is spent, never that the time is gone.
    const outcomes = (await Promise.all([outcome(first.page), outcome(second.page)])).sort()
    expect(outcomes).toEqual(['booked', 'expired'])

    const { bookings } = await api<{ bookings: { contact: { email: string } }[] }>(
      '/admin/bookings?status=confirmed',
      { headers: { authorization: `Bearer ${E2E_ADMIN_TOKEN}` } },
    )
    const viaLink = bookings.filter((b) => /^(first|second)@example\.com$/.test(b.contact.email))
    expect(viaLink).toHaveLength(1)

    const again = await openPage(browser)
    await again.page.goto(`${baseUrl()}/en/widget/otl/${slug}`)
    await again.page.waitForSelector('.expired-link')
  })
})
