import fs from 'node:fs'
import path from 'node:path'
import type { Browser, BrowserContext, Page } from 'puppeteer-core'
import { baseUrl, launchBrowser } from './browser'
import { clickButton, fillContact } from './widget-helpers'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser.close()
})

const messages = (locale: string): Record<string, string> =>
  JSON.parse(
    fs.readFileSync(path.join(__dirname, '..', 'locales', locale, 'translation.json'), 'utf8'),
  )

let contexts: BrowserContext[] = []
afterEach(async () => {
  await Promise.all(contexts.map((context) => context.close()))
  contexts = []
})

/**
 * A first visit (a fresh profile: no cookies) from a browser that speaks these languages, as
 * Chromium would report them in Accept-Language, navigator.languages and Intl.
 */
async function pageSpeaking(languages: string[]): Promise<Page> {
  const context = await browser.createBrowserContext()
  contexts.push(context)
  const page = await context.newPage()
  const cdp = await page.createCDPSession()
  await cdp.send('Network.setUserAgentOverride', {
    userAgent: await browser.userAgent(),
    acceptLanguage: languages.join(','),
  })
  await cdp.send('Emulation.setLocaleOverride', { locale: languages[0]!.replace('-', '_') })
  await page.evaluateOnNewDocument((list: string[]) => {
    Object.defineProperty(navigator, 'languages', { get: () => list })
  }, languages)
  return page
}

const pathOf = (page: Page) => new URL(page.url()).pathname

describe('languages', () => {
  it('a German browser lands on /de/ and sees German in the site and the widget', async () => {
    const page = await pageSpeaking(['de-DE', 'de'])
    await page.goto(`${baseUrl()}/`)
    expect(pathOf(page)).toBe('/de/home/')
    expect(await page.$eval('main h1', (el) => el.textContent)).toBe('Physiotherapie am Hafen')
    await page.goto(`${baseUrl()}/widget/bookings/consultation`)
    expect(pathOf(page)).toBe('/de/widget/bookings/consultation')
    const heading = await page.waitForSelector('main h2')
    expect(await heading!.evaluate((el) => el.textContent)).toBe(
      messages('de')['widget.chooseStaff'],
    )
  })

  it('a stored French choice wins over a German browser', async () => {
    const page = await pageSpeaking(['de-DE'])
    await page.setCookie({ name: 'i18n_redirected', value: 'fr', url: baseUrl() })
    await page.goto(`${baseUrl()}/`)
    expect(pathOf(page)).toBe('/fr/home/')
  })

  it('pt-BR picks Brazilian Portuguese', async () => {
    const page = await pageSpeaking(['pt-BR', 'pt'])
    await page.goto(`${baseUrl()}/`)
    expect(pathOf(page)).toBe('/pt-br/home/')
  })

  it('the switcher keeps the visitor on the same page and remembers the choice', async () => {
    const page = await pageSpeaking(['en-US'])
    await page.goto(`${baseUrl()}/en/journal/b/runners-knee/`)
    // Enabled once the page has hydrated and a change would take effect.
    await page.waitForSelector('.language-switcher select:not([disabled])')
    await page.select('.language-switcher select', 'de')
    await page.waitForFunction(() => location.pathname === '/de/journal/b/runners-knee/')
    await page.waitForFunction(
      () =>
        document.querySelector('main h1')?.textContent ===
        'Läuferknie: Warum es schmerzt und was hilft',
    )
    const cookies = await page.cookies()
    expect(cookies.find((cookie) => cookie.name === 'i18n_redirected')).toMatchObject({
      value: 'de',
      path: '/',
      sameSite: 'Lax',
    })
  })

  it('a booking made in the Danish widget shows Danish dates on the confirmation', async () => {
    const page = await pageSpeaking(['da-DK', 'da'])
    await page.emulateTimezone('Europe/Copenhagen')
    await page.goto(`${baseUrl()}/da/widget/bookings/consultation`)
    const da = messages('da')
    await clickButton(page, da['widget.anyStaff']!)
    await clickButton(page, da['widget.findNextSlot']!)
    const slot = await page.waitForSelector('.widget-slot')
    await slot!.click()
    await fillContact(page, 'dansk@example.com', {
      firstName: da['widget.field.firstName']!,
      lastName: da['widget.field.lastName']!,
      email: da['widget.field.email']!,
      phone: da['widget.field.phone']!,
    })
    await clickButton(page, da['widget.book']!)
    await page.waitForSelector(`::-p-text(${da['widget.thankYou']})`)
    const details = await page.$eval('.widget-details', (el) => el.textContent ?? '')
    const date = await page.$eval('.widget-details dd', (el) => el.textContent ?? '')
    const danishWeekdays = ['mandag', 'tirsdag', 'onsdag', 'torsdag', 'fredag', 'lørdag', 'søndag']
    expect(danishWeekdays.some((day) => date.toLowerCase().startsWith(day))).toBe(true)
    expect(details).toContain('Europe/Copenhagen')
  })
})
