import type { Browser } from 'puppeteer-core'
import { baseUrl, launchBrowser, openPage } from './browser'
import { clickButton } from './widget-helpers'

let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser.close()
})

describe('a first visit', () => {
  it('opens the site, follows the booking call to action and sees the widget hydrate', async () => {
    const { page, errors } = await openPage(browser)
    const response = await page.goto(`${baseUrl()}/en/`)
    expect(response?.status()).toBe(200)
    await page.waitForSelector('h1')
    expect(new URL(page.url()).pathname).toBe('/en/home/')
    expect(await page.$eval('h1', (h) => h.textContent)).toBe('Physiotherapy by the harbour')
    expect(await page.$eval('html', (html) => html.lang)).toBe('en-US')

    await clickButton(page, 'Accept essential')
    await page.locator('main a.button-link').click()
    await page.waitForSelector('main[data-widget-step="services"] h2')
    expect(new URL(page.url()).pathname).toBe('/en/widget/appointment/harbor-physio/')
    expect(await page.$eval('main h2', (h) => h.textContent)).toBe('Choose your services')
    expect(errors).toEqual([])
  })

  it('hydrates the widget when a widget path is opened directly, in German too', async () => {
    const { page, errors } = await openPage(browser)
    const response = await page.goto(`${baseUrl()}/de/widget/bookings/consultation`)
    expect(response?.status()).toBe(200)
    await page.waitForSelector('main[data-widget-step="staff"]')
    expect(await page.$eval('html', (html) => html.lang)).toBe('de')
    expect(errors).toEqual([])
  })

  it('shows the 404 error screen for a widget route that does not validate', async () => {
    const { page } = await openPage(browser)
    await page.goto(`${baseUrl()}/en/widget/unknown-flow`)
    await page.waitForSelector('.error-screen')
    expect(await page.$eval('.error-screen h1', (h) => h.textContent)).toBe('404')
    expect(await page.$eval('.error-screen p', (p) => p.textContent)).toBe(
      'Page Not Found: /en/widget/unknown-flow',
    )
  })

  it('answers an unknown page path with a real 404 that names the path', async () => {
    const { page } = await openPage(browser)
    const response = await page.goto(`${baseUrl()}/en/no-such-page/`)
    expect(response?.status()).toBe(404)
    await page.waitForFunction(() =>
      document.querySelector('h1')?.textContent?.includes('/en/no-such-page/'),
    )
    // `/:path` is a route shape: an unknown path is a parameter that does not validate.
    expect(await page.$eval('h1', (h) => h.textContent)).toBe('Page Not Found: /en/no-such-page/')
  })
})
