import type { Browser } from 'puppeteer-core'
import { axeViolations } from './axe'
import { baseUrl, launchBrowser, openPage } from './browser'
import { bookNext, createAccount, demoSetup, signIn } from './dashboard-helpers'
import { clickButton, fill } from './widget-helpers'

let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser.close()
})

const SCREENS: [string, string][] = [
  ['/en/admin/', 'Bookings'],
  // The requests, with their bulk actions (a requested booking is made below).
  ['/en/admin/?tab=requested', 'Bookings'],
  ['/en/admin/calendar/', 'Calendar'],
  ['/en/admin/availability/', 'Availability'],
  ['/en/admin/calendars/', 'Calendars'],
  ['/en/admin/services/', 'Services'],
  ['/en/admin/staff/', 'Staff'],
  ['/en/admin/menus/', 'Service menus'],
  ['/en/admin/groups/', 'Groups'],
  ['/en/admin/links/', 'One-time links'],
  ['/en/admin/forms/', 'Forms and surveys'],
  ['/en/admin/webhooks/', 'Webhooks'],
  ['/en/admin/api-keys/', 'API keys'],
  ['/en/admin/outbox/', 'Sent e-mails'],
  ['/en/admin/audit/', 'Audit log'],
  ['/en/admin/users/', 'Users'],
  ['/en/admin/content/', 'Site content'],
  ['/en/admin/content/?kind=posts', 'Site content'],
  ['/en/admin/media/', 'Media library'],
  ['/en/admin/settings/', 'Site settings'],
]

describe('the dashboard for an owner using assistive technology', () => {
  it.each([360, 1280])(
    'has no serious or critical axe violation on any screen at %i px, nor a page wider than the screen',
    async (width) => {
      const { staff } = await demoSetup()
      await bookNext('consultation', staff('Ana Costa').id, {
        firstName: 'Axel',
        lastName: 'Access',
        email: 'axel.access@example.com',
      })
      await bookNext('sports-massage', staff('Dr. Lena Vogel').id, {
        firstName: 'Rhea',
        lastName: 'Request',
        email: 'rhea.request@example.com',
      })
      const { page, errors } = await openPage(browser)
      // axe's script is added past the site's Content-Security-Policy.
      await page.setBypassCSP(true)
      await page.setViewport({ width, height: 800 })
      await signIn(page, await createAccount('owner'))
      for (const [path, heading] of SCREENS) {
        await page.goto(`${baseUrl()}${path}`)
        await page.waitForSelector(`::-p-aria([name="${heading}"][role="heading"])`)
        // Each screen says "Loading…" until its first answer is in.
        await page.waitForFunction(() => !document.body.textContent!.includes('Loading…'))
        if (path.endsWith('=requested')) {
          await page.waitForSelector('::-p-aria([name="Selected requests"][role="group"])')
        }
        expect([path, await axeViolations(page, ['serious', 'critical'])]).toEqual([path, []])
        const wider = await page.evaluate(
          () => document.documentElement.scrollWidth > window.innerWidth,
        )
        expect([path, wider]).toEqual([path, false])
        // For a person to look at: every screen at both widths.
        const name =
          path
            .replace(/\?(tab|kind)=/, '/')
            .split('/')
            .filter(Boolean)
            .slice(2)
            .join('-') || 'bookings'
        await page.screenshot({ path: `/tmp/dashboard-${name}-${width}.png`, fullPage: true })
      }
      // A booking's detail and its actions too.
      await page.goto(`${baseUrl()}/en/admin/`)
      await fill(page, 'Name or e-mail', 'axel.access', 'searchbox')
      await clickButton(page, 'Apply filters')
      // The list has the screen's whole width until a booking is open, then shares it (wide).
      const listShare = () =>
        page.evaluate(
          () =>
            document.querySelector('[role="tabpanel"]')!.getBoundingClientRect().width /
            document.querySelector('.admin-main')!.getBoundingClientRect().width,
        )
      expect(await listShare()).toBeGreaterThan(0.9)
      await clickButton(page, 'Axel Access')
      await page.waitForSelector('::-p-aria([name="Actions"][role="heading"])')
      if (width > 1000) expect(await listShare()).toBeLessThan(0.7)
      expect(await axeViolations(page, ['serious', 'critical'])).toEqual([])
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBe(0)
      await page.screenshot({ path: `/tmp/dashboard-booking-${width}.png`, fullPage: true })
      // On a phone the opened booking takes the screen (list, then detail); beside the list on a
      // wide one. Closing it goes back to its row.
      const listShown = () =>
        page.evaluate(() => document.querySelector('.admin-table')!.checkVisibility())
      expect(await listShown()).toBe(width > 1000)
      await clickButton(page, 'Close')
      expect(await listShown()).toBe(true)
      // The focus moves to the row on the next frame, which a busy machine may draw after the click.
      await page
        .waitForFunction(() => document.activeElement?.textContent === 'Axel Access', {
          timeout: 5_000,
        })
        .catch(() => undefined)
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Axel Access')
      // A week is one row of seven days on a wide screen.
      await page.goto(`${baseUrl()}/en/admin/calendar/`)
      await clickButton(page, 'Week')
      await page.waitForFunction(
        () => document.querySelectorAll('.admin-calendar__column').length === 7,
      )
      const tops = await page.$$eval('.admin-calendar__column', (columns) =>
        columns.map((column) => column.getBoundingClientRect().top),
      )
      expect(tops).toHaveLength(7)
      if (width > 1000) expect(new Set(tops).size).toBe(1)
      expect(errors).toEqual([])
    },
  )
})
