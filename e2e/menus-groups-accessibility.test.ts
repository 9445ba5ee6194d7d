import type { Browser } from 'puppeteer-core'
import { axeViolations } from './axe'
import { baseUrl, launchBrowser, openPage } from './browser'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser.close()
})

// Each new calendar-layout page, in English and in German, with the heading it opens on.
const PAGES = [
  ['/en/widget/service-menus/our-services', 'Our services'],
  ['/de/widget/service-menus/our-services', 'Unsere Leistungen'],
  ['/en/widget/service-menus/our-services/consultation', 'Our services'],
  ['/de/widget/service-menu/1', 'Unsere Leistungen'],
  ['/en/widget/groups/physiotherapy', 'Physiotherapy'],
  ['/de/widget/group/2', 'Kurse'],
  ['/en/widget/appointment/harbor-physio', 'Choose your services'],
  ['/de/widget/appointment/harbor-physio', 'Wählen Sie Ihre Leistungen'],
] as const

describe('service menus, groups and the team route for every visitor', () => {
  it.each(PAGES.flatMap(([path, heading]) => [360, 1280].map((width) => [path, width, heading])))(
    '%s at %i px: no sideways scrolling, no serious or critical axe violation',
    async (path, width, heading) => {
      const { page, errors } = await openPage(browser)
      await page.setBypassCSP(true)
      await page.setViewport({ width: Number(width), height: 640 })
      await page.goto(`${baseUrl()}${path}`)
      await page.waitForSelector(`::-p-aria([name="${heading}"][role="heading"])`)
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width)
      expect(await axeViolations(page, ['serious', 'critical'])).toEqual([])
      expect(errors).toEqual([])
    },
  )
})
