import type { Browser, Page } from 'puppeteer-core'
import { baseUrl, launchBrowser, openPage } from './browser'
import { clickButton, fillContact } from './widget-helpers'

let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser.close()
})

const byRole = (page: Page, role: string, name: string) =>
  page.$(`::-p-aria([name="${name}"][role="${role}"])`)

const text = (page: Page, selector: string) =>
  page.$eval(selector, (element) => element.textContent ?? '')

// The widget's routes that name the site's provider or one of its services are built with their
// first step: the server sends it at the spec's path (no trailing slash, no redirect), and the
// page shows it before (and without) its JavaScript.
describe('the widget paints its first step before its JavaScript', () => {
  it("shows a service's staff step, its price and the summary with JavaScript off", async () => {
    const { page } = await openPage(browser)
    await page.setJavaScriptEnabled(false)
    const response = await page.goto(`${baseUrl()}/en/widget/bookings/consultation`)
    expect(response?.status()).toBe(200)
    expect(response?.request().redirectChain()).toEqual([])

    expect(await byRole(page, 'heading', 'Who would you like to see?')).not.toBeNull()
    expect(await byRole(page, 'button', 'Any available staff')).not.toBeNull()
    expect(await byRole(page, 'button', 'Dr. Lena Vogel')).not.toBeNull()
    expect(await byRole(page, 'complementary', 'Your booking')).not.toBeNull()
    expect(await text(page, '.widget-summary-panel')).toContain(
      'Physiotherapy consultation (30 minutes) — €65.00',
    )
    expect(await text(page, 'body')).not.toContain('Loading the booking flow')
  })

  it("shows the provider's services with their prices in the page's language", async () => {
    const { page } = await openPage(browser)
    await page.setJavaScriptEnabled(false)
    await page.goto(`${baseUrl()}/de/widget/appointment/harbor-physio`)

    expect(await byRole(page, 'heading', 'Harbor Physio')).not.toBeNull()
    expect(await byRole(page, 'heading', 'Wählen Sie Ihre Leistungen')).not.toBeNull()
    expect(await byRole(page, 'complementary', 'Ihre Buchung')).not.toBeNull()
    // Intl puts a no-break space before the euro sign.
    expect(await text(page, '.widget-step')).toMatch(
      /Physiotherapeutische Beratung\s*30 Minuten · 65,00\s€/,
    )
  })

  it('keeps a path the build does not know client-only', async () => {
    const { page } = await openPage(browser)
    await page.setJavaScriptEnabled(false)
    const response = await page.goto(`${baseUrl()}/en/widget/bookings/not-a-service`)
    expect(response?.status()).toBe(200)
    expect(await text(page, 'main')).toContain('Loading the booking flow…')
  })

  it('goes on from a choice made before the script ran, to the same next step', async () => {
    const off = await openPage(browser)
    await off.page.setJavaScriptEnabled(false)
    // Clicked through its handle: a locator's checks run script in the page.
    const follow = async (name: string) => {
      const button = await byRole(off.page, 'button', name)
      await Promise.all([off.page.waitForNavigation(), button!.click()])
      return off.page.url()
    }
    await off.page.goto(`${baseUrl()}/en/widget/bookings/consultation`)
    const staffChosen = await follow('Any available staff')
    expect(new URL(staffChosen).search).toBe('?staff=any')

    await off.page.goto(`${baseUrl()}/en/widget/appointment/harbor-physio`)
    await (await off.page.$('::-p-text(Physiotherapy consultation)'))!.click()
    const servicesChosen = await follow('Continue')
    expect(new URL(servicesChosen).search).toMatch(/^\?service=\d+$/)

    // The same addresses with the script running: the step after the one chosen in.
    const { page, errors, consoleErrors } = await openPage(browser)
    await page.goto(staffChosen)
    await page.waitForSelector('::-p-aria([name="Choose a date and time"][role="heading"])')
    expect(await text(page, '.widget-summary-panel')).toContain('Any available staff')
    await page.goto(servicesChosen)
    await page.waitForSelector('::-p-aria([name="Who would you like to see?"][role="heading"])')
    expect(await text(page, '.widget-summary-panel')).toContain('Physiotherapy consultation')
    expect(consoleErrors).toEqual([])
    expect(errors).toEqual([])
  })

  it('hides the folder the first steps are built in', async () => {
    const { page } = await openPage(browser)
    const response = await page.goto(`${baseUrl()}/en/widget-first-step/bookings/consultation/`)
    expect(response?.status()).toBe(404)
  })

  it('hydrates the built step without a warning and books as before', async () => {
    const { page, errors, consoleErrors } = await openPage(browser)
    await page.goto(`${baseUrl()}/en/widget/bookings/consultation`)

    await clickButton(page, 'Any available staff')
    await page.waitForSelector('::-p-text(Choose a date and time)')
    await clickButton(page, 'Find next available slot')
    const firstSlot = await page.waitForSelector('.widget-slot')
    await firstSlot!.click()
    await fillContact(page, 'first.paint@example.com')
    await clickButton(page, 'Book now')

    await page.waitForSelector('::-p-text(Thank you)')
    expect(await text(page, '.widget-details')).toContain('Ana Silva: Physiotherapy consultation')
    // React reports a hydration mismatch as a console error (minified #418, #423, #425).
    expect(consoleErrors).toEqual([])
    expect(errors).toEqual([])
  })
})
