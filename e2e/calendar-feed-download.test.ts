import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import ICAL from 'ical.js'
import type { Browser } from 'puppeteer-core'
import { launchBrowser, openPage } from './browser'
import { bookNext, createAccount, demoSetup, signIn } from './dashboard-helpers'
import { clickLink } from './widget-helpers'

let browser: Browser
let downloads: string

beforeAll(async () => {
  browser = await launchBrowser()
  downloads = fs.mkdtempSync(path.join(os.tmpdir(), 'calendar-feed-'))
})

afterAll(async () => {
  await browser.close()
  fs.rmSync(downloads, { recursive: true, force: true })
})

/** The file the browser saved into `dir`, once it is whole (Chromium writes `.crdownload` first). */
async function downloaded(dir: string): Promise<string> {
  for (let tries = 0; tries < 100; tries++) {
    const done = fs.readdirSync(dir).find((name) => name.endsWith('.ics'))
    if (done) return fs.readFileSync(path.join(dir, done), 'utf8')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`nothing downloaded into ${dir}: ${fs.readdirSync(dir).join(', ')}`)
}

describe("a practitioner's calendars in the dashboard", () => {
  it('shows the demo calendar connected, and downloads their bookings as a valid iCalendar file', async () => {
    const { staff } = await demoSetup()
    const lena = staff('Dr. Lena Vogel')
    const bookingId = await bookNext('consultation', lena.id, {
      firstName: 'Feed',
      lastName: 'Reader',
      email: 'feed.reader@example.com',
    })

    const { page, errors } = await openPage(browser)
    await signIn(page, await createAccount('staff', lena.id))
    await clickLink(page, 'Calendars')
    // The demo's own calendar, read at start: its state in words.
    await page.waitForSelector('::-p-text(Practitioner calendar (demo))')
    await page.waitForSelector('::-p-aria([name="Check for conflicts"][role="group"])')
    expect(await page.$eval('main', (main) => main.textContent)).toContain('Working')

    const cdp = await page.createCDPSession()
    await cdp.send('Browser.setDownloadBehavior', {
      behavior: 'allow',
      downloadPath: downloads,
      browserContextId: (page.browserContext() as unknown as { id: string }).id,
    })
    await clickLink(page, 'Download (.ics)')
    const text = await downloaded(downloads)

    const feed = new ICAL.Component(ICAL.parse(text))
    expect(feed.getFirstPropertyValue('version')).toBe('2.0')
    const events = feed.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent))
    const booked = events.find((event) => event.uid.startsWith(`booking-${bookingId}-staff-`))
    expect(booked?.summary).toBe('Physiotherapy consultation: Feed Reader')
    // One event per booking: no UID twice.
    expect(new Set(events.map((event) => event.uid)).size).toBe(events.length)
    expect(errors).toEqual([])
  })
})
