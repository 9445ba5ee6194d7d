import type { Browser, Page } from 'puppeteer-core'
import { baseUrl, launchBrowser, openPage } from './browser'
import { ALLOWED_HOST } from './embed-host'
import { E2E_ADMIN_TOKEN } from './server-process'
import { clickButton, fill, fillContact } from './widget-helpers'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser.close()
})

type Reporting = Window & { reportViolation: (text: string) => Promise<void> }

/**
 * A page that records, besides uncaught errors, every console error and everything the policy
 * refused: the `securitypolicyviolation` listener is in place before the first script of each
 * document runs, so a refused inline script in the head is caught too.
 */
async function watchedPage() {
  const { page, errors } = await openPage(browser)
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`${message.text()} (${message.location().url})`)
  })
  await page.exposeFunction('reportViolation', (text: string) => problems.push(text))
  await page.evaluateOnNewDocument(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      void (window as unknown as Reporting).reportViolation(
        `${event.effectiveDirective} refused ${event.blockedURI} in ${event.sourceFile}`,
      )
    })
  })
  return { page, problems: () => [...errors, ...problems] }
}

/** Opens a path and waits until the page has hydrated and fetched what it needs. */
async function visit(page: Page, path: string, status = 200) {
  const response = await page.goto(`${baseUrl()}${path}`)
  expect(response?.status() === 304 ? 200 : response?.status()).toBe(status)
  await page.waitForNetworkIdle({ idleTime: 300 })
  return response?.headers()['content-security-policy'] ?? ''
}

/**
 * Chooses the first time of the first or last free day next month: clear of the cut-offs for
 * rescheduling and cancelling, whatever the day of the month today.
 */
async function chooseNextMonth(page: Page, day: 'first' | 'last') {
  const shown = await page.$eval('table[role="grid"]', (el) => el.getAttribute('aria-label'))
  await clickButton(page, 'Next month')
  await page.waitForFunction(
    (before) =>
      document.querySelector('table[role="grid"]')?.getAttribute('aria-label') !== before &&
      document.querySelector('.widget-slots')?.getAttribute('aria-busy') === 'false' &&
      document.querySelector('.widget-day--available') !== null,
    {},
    shown,
  )
  const days = await page.$$('.widget-day--available')
  await days.at(day === 'first' ? 0 : -1)!.click()
  await (await page.waitForSelector('.widget-slot'))!.click()
}

describe('the Content-Security-Policy', () => {
  it.each([
    ['a content page', '/en/home/'],
    ['the page listing the blog', '/en/journal/'],
    ['a post', '/en/journal/b/runners-knee/'],
    ['a category', '/de/journal/c/sports/'],
    ['an author', '/en/journal/author/lena-vogel/'],
    ['a tag', '/en/journal/tag/knee/'],
    ['a product', '/en/shop/product/1001/'],
    ['a collection', '/fr/shop/collections/recovery-tools/'],
  ])('lets %s load with no violation and no console error', async (_template, path) => {
    const { page, problems } = await watchedPage()
    const policy = await visit(page, path)
    expect(policy).toMatch(/script-src 'self' 'sha256-/)
    expect(policy).toContain("frame-ancestors 'self'")
    expect(problems()).toEqual([])
  })

  it('lets the 404 page load as the server rewrites it, with nothing but the 404 reported', async () => {
    const { page, problems } = await watchedPage()
    const path = '/de/journal/b/keine-solche/'
    await visit(page, path, 404)
    await page.waitForSelector('::-p-text(Seite nicht gefunden: /de/journal/b/keine-solche/)')
    // Chromium reports the document's own status as a failed load; nothing else may appear.
    expect(problems()).toEqual([
      `Failed to load resource: the server responded with a status of 404 (Not Found) (${baseUrl()}${path})`,
    ])
  })

  it('lets the site navigate in the browser from page to page', async () => {
    const { page, problems } = await watchedPage()
    await visit(page, '/en/home/')
    await page.locator('.site-nav a[href="/en/journal/"]').click()
    await page.waitForSelector('::-p-text(Runner)')
    await page.waitForNetworkIdle({ idleTime: 300 })
    expect(new URL(page.url()).pathname).toBe('/en/journal/')
    expect(problems()).toEqual([])
  })

  it('lets a preview render its draft', async () => {
    const response = await fetch(`${baseUrl()}/api/admin/content/preview-tokens`, {
      method: 'POST',
      headers: { authorization: `Bearer ${E2E_ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({}),
    })
    const { token } = (await response.json()) as { token: string }
    const { page, problems } = await watchedPage()
    await visit(page, `/en/v2/preview/journal/b/hamstring-strain-return/?token=${token}`)
    await page.waitForSelector('article.post h1')
    expect(problems()).toEqual([])
  })

  it('lets every widget step run, and lets the sites in EMBED_ORIGINS frame the widget', async () => {
    const { page, problems } = await watchedPage()
    const policy = await visit(page, '/en/widget/appointment/harbor-physio')
    expect(policy).toMatch(/script-src 'self' 'sha256-/)
    expect(policy).toContain(`frame-ancestors 'self' ${ALLOWED_HOST}`)

    await page.locator('::-p-text(Physiotherapy consultation)').click()
    await clickButton(page, 'Continue')
    await clickButton(page, 'Any available staff')
    await chooseNextMonth(page, 'first')
    await fillContact(page, 'csp.check@example.com')
    await clickButton(page, 'Book now')
    await page.waitForSelector('::-p-text(Thank you)')

    const reschedule = await page.$eval(
      'a[href*="reschedule="]',
      (a) => (a as HTMLAnchorElement).href,
    )
    await page.locator('a[href*="reschedule="]').click()
    await page.waitForSelector('::-p-text(Choose a new date and time)')
    await chooseNextMonth(page, 'last')
    await clickButton(page, 'Reschedule')
    await page.waitForSelector('::-p-text(Rescheduled)')

    const token = new URL(reschedule).searchParams.get('reschedule')
    await visit(page, `/en/widget/cancel-booking?token=${token}`)
    await fill(page, 'Reason for cancelling', 'Checking the policy')
    await clickButton(page, 'Cancel appointment')
    await page.waitForSelector('::-p-text(Appointment cancelled)')
    await page.waitForNetworkIdle({ idleTime: 300 })
    expect(problems()).toEqual([])
  })

  it('refuses a script injected into a page, and this journey notices', async () => {
    const { page, problems } = await watchedPage()
    await visit(page, '/en/home/')
    const refused = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          document.addEventListener('securitypolicyviolation', (event) =>
            resolve(event.effectiveDirective),
          )
          const script = document.createElement('script')
          script.textContent = 'document.body.dataset.injected = "ran"'
          document.head.append(script)
        }),
    )
    expect(refused).toBe('script-src-elem')
    expect(await page.$eval('body', (body) => body.dataset.injected)).toBeUndefined()
    await page.waitForNetworkIdle({ idleTime: 300 })
    expect(problems()).toEqual(
      expect.arrayContaining([expect.stringMatching(/^script-src-elem refused inline/)]),
    )
  })
})
