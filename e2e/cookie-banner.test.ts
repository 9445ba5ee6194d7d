import fs from 'node:fs'
import path from 'node:path'
import type { Browser, ElementHandle, Page } from 'puppeteer-core'
import { LOCALES } from '../src/lib/locale/locales'
import { baseUrl, launchBrowser, openPage } from './browser'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser.close()
})

type Box = { x: number; y: number; width: number; height: number }

async function boxOf(element: ElementHandle): Promise<Box> {
  const box = await element.boundingBox()
  if (!box) throw new Error('The element is not displayed')
  return box
}

const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

/** Every booking link's box, the header's first and the page's own call to action last. */
async function bookingLinks(page: Page, name: string): Promise<Box[]> {
  const links = await page.$$(`::-p-aria([name="${name}"][role="link"])`)
  return Promise.all(links.map(boxOf))
}

const messages = (locale: string): Record<string, string> =>
  JSON.parse(
    fs.readFileSync(path.join(__dirname, '..', 'locales', locale, 'translation.json'), 'utf8'),
  )

const SCREEN = { width: 360, height: 640 }

describe('a first visit on a phone', () => {
  it.each(LOCALES)(
    'in %s, the cookie banner takes at most 15 % of the screen and never covers the booking button',
    async (locale) => {
      const t = messages(locale)
      const { page, errors } = await openPage(browser)
      await page.setViewport(SCREEN)
      const response = await page.goto(`${baseUrl()}/${locale}/home/`)
      expect(response?.status() === 304 ? 200 : response?.status()).toBe(200)
      const banner = await page.waitForSelector(
        `::-p-aria([name="${t['cookieBanner.label']}"][role="region"])`,
      )
      const shown = await boxOf(banner!)
      expect(shown.height).toBeLessThanOrEqual(0.15 * SCREEN.height)
      expect(shown.y + shown.height).toBeCloseTo(SCREEN.height, 0)
      const booking = t.bookAppointment!
      for (const link of await bookingLinks(page, booking)) {
        if (link.y < SCREEN.height) expect(overlap(link, shown)).toBe(false)
      }

      // Scrolled to the page's own call to action, the visitor sees it clear of the banner.
      await page.evaluate((name) => {
        const links = [...document.querySelectorAll('main a')].filter((a) => a.textContent === name)
        links.at(-1)?.scrollIntoView({ block: 'center' })
      }, booking)
      const scrolled = await boxOf(banner!)
      const callToAction = (await bookingLinks(page, booking)).at(-1)!
      expect(callToAction.y).toBeGreaterThanOrEqual(0)
      expect(overlap(callToAction, scrolled)).toBe(false)
      expect(errors).toEqual([])
    },
  )
})
