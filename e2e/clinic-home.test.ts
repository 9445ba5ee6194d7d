import type { Browser, HTTPResponse, Page } from 'puppeteer-core'
import { baseUrl, launchBrowser, openPage } from './browser'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser.close()
})

/**
 * What the site's frame and the business's sections say, in reading order: navigation, the
 * booking buttons, section headings, labels, the team's links, the price list, the footer's legal
 * links and the cookie banner. Proper names (people, the street) appear inside these strings but
 * never make up a whole one.
 */
async function chrome(page: Page): Promise<string[]> {
  return page.$$eval(
    [
      'header nav a',
      'header .button-link',
      'main h1',
      'main h2',
      'main h3',
      'main dt',
      '.team__member p',
      '.team__member a',
      '.price-list th',
      '.price-list td',
      'footer dt',
      'footer dd',
      'footer nav a',
      '.cookie-banner p',
      '.cookie-banner button',
    ].join(', '),
    (elements) => elements.map((element) => (element.textContent ?? '').trim()).filter(Boolean),
  )
}

/**
 * Shown as they are in every language: people's names, the address, numbers and prices, and
 * "E-mail", which Polish writes as English does.
 */
const UNTRANSLATED =
  /^(E-mail|Dr\. Lena Vogel|Marco Rossi|Ana Costa|Hafenstraße 12, 20459 Hamburg, Germany|\+49 40 3290 1820|hello@harbor-physio\.example|.*€.*|\d+.*)$/

async function visit(path: string, width: number) {
  const { page, errors, consoleErrors } = await openPage(browser)
  const failed: string[] = []
  page.on('response', (response: HTTPResponse) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`)
  })
  await page.setViewport({ width, height: width === 360 ? 640 : 900 })
  const response = await page.goto(`${baseUrl()}${path}`, { waitUntil: 'networkidle0' })
  // The second visit of a page may be answered from the browser's cache.
  expect([200, 304]).toContain(response?.status())
  return { page, errors, consoleErrors, failed }
}

describe('the home page as a clinic shows it', () => {
  it.each([360, 1280])('has no English in the Polish frame at %i px', async (width) => {
    const en = await visit('/en/home/', width)
    const pl = await visit('/pl/home/', width)
    const english = await chrome(en.page)
    const polish = await chrome(pl.page)
    // The same frame in both: the business's hours, team, prices and legal pages.
    expect(polish).toHaveLength(english.length)
    expect(english).toEqual(
      expect.arrayContaining([
        'Opening hours and contact',
        'Our team',
        'Prices',
        'Book with Marco Rossi',
        'Physiotherapy consultation',
        'Imprint',
        'Privacy policy',
        'Book an appointment',
      ]),
    )
    const leftInEnglish = english.filter(
      (text, index) => !UNTRANSLATED.test(text) && polish[index] === text,
    )
    expect(leftInEnglish).toEqual([])
    expect(polish).toEqual(
      expect.arrayContaining(['Nasz zespół', 'Cennik', 'Umów wizytę', 'Nota prawna']),
    )
    for (const visited of [en, pl]) {
      expect(visited.errors).toEqual([])
      expect(visited.consoleErrors).toEqual([])
      // The icons are declared, so no browser asks for a /favicon.ico that is not there.
      expect(visited.failed).toEqual([])
    }
  })

  it('books with the team member a visitor picks', async () => {
    const { page } = await visit('/en/home/', 1280)
    await Promise.all([
      page.waitForNavigation(),
      page.locator('::-p-aria([name="Book with Marco Rossi"][role="link"])').click(),
    ])
    expect(new URL(page.url()).search).toMatch(/^\?staff=\d+$/)
    await page.waitForSelector('::-p-aria([name="Choose your services"][role="heading"])')
    // The built page lists every service until the script has set the flow up from the link.
    await page.waitForFunction(() => document.querySelectorAll('.widget-choice__name').length === 3)
    // Only Marco's services are offered; choosing one goes straight to his times.
    const services = await page.$$eval('.widget-choice__name', (names) =>
      names.map((name) => name.textContent),
    )
    expect(services).toEqual([
      'Physiotherapy consultation',
      'Clinical Pilates class',
      'Back rehabilitation programme (4 weeks)',
    ])
    await page.locator('.widget-choice ::-p-text(Clinical Pilates class)').click()
    await page.locator('::-p-aria([name="Continue"][role="button"])').click()
    await page.waitForSelector('::-p-aria([name="Choose a date and time"][role="heading"])')
  })
})
