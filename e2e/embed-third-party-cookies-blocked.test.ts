import type http from 'node:http'
import type { Browser } from 'puppeteer-core'
import { launchBrowser, openPage } from './browser'
import {
  ALLOWED_HOST,
  bookConsultation,
  hostPage,
  milestones,
  startHost,
  stopHost,
  widgetFrame,
} from './embed-host'

let browser: Browser
let host: http.Server

beforeAll(async () => {
  // Chromium's switch for the phase-out of third-party cookies: a frame from another site gets
  // no cookies, as in browsers that block them.
  browser = await launchBrowser(['--test-third-party-cookie-phaseout'])
  host = await startHost(
    hostPage("Harbor('inline',{el:'#booking',path:'appointment/harbor-physio/consultation'})"),
  )
})

afterAll(async () => {
  await browser.close()
  await stopHost(host)
})

describe('a widget embedded in another site with third-party cookies blocked', () => {
  it('books, and tells the host page in order', async () => {
    const { page, errors } = await openPage(browser)
    // Tall enough that nothing in the frame needs the host page scrolled (see embed-inline).
    await page.setViewport({ width: 1024, height: 2400 })
    await page.goto(ALLOWED_HOST)
    const frame = await widgetFrame(page, '#booking')
    await frame.waitForSelector('::-p-aria([name="Any available staff"][role="button"])')
    // The frame may not keep cookies: the browser really blocks them.
    expect(await frame.evaluate(() => document.hasStorageAccess())).toBe(false)
    await bookConsultation(frame, 'embedded.no-cookies@example.com')
    await page.waitForFunction(() =>
      (window as unknown as { seen: { type: string }[] }).seen.some(
        (event) => event.type === 'booking-succeeded',
      ),
    )
    expect(await milestones(page)).toEqual(['ready', 'availability-loaded', 'booking-succeeded'])
    expect(errors).toEqual([])
  })
})
