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
  browser = await launchBrowser()
  host = await startHost(
    hostPage(
      "Harbor('popup',{prefill:{firstName:'Ana'}})",
      '<button data-harbor-popup="appointment/harbor-physio/consultation">Book a visit</button>',
    ),
  )
})

afterAll(async () => {
  await browser.close()
  await stopHost(host)
})

describe('a widget in a popup on another site', () => {
  it('opens from a button with the data attribute, books with the prefilled name, and closes', async () => {
    const { page, errors } = await openPage(browser)
    // Tall enough that nothing in the frame needs the host page scrolled (see embed-inline).
    await page.setViewport({ width: 1024, height: 2400 })
    await page.goto(ALLOWED_HOST)
    await (await page.waitForSelector('::-p-aria([name="Book a visit"][role="button"])'))!.click()
    const frame = await widgetFrame(page, '[role="dialog"]')
    // The first name comes prefilled from the options (bookConsultation checks it is Ana).
    await bookConsultation(frame, 'embedded.popup@example.com')
    await page.waitForFunction(() =>
      (window as unknown as { seen: { type: string }[] }).seen.some(
        (event) => event.type === 'booking-succeeded',
      ),
    )
    expect(await milestones(page)).toEqual(['ready', 'availability-loaded', 'booking-succeeded'])
    // Focus is in the frame, whose keys the host page never sees: the close button closes it.
    await (await page.waitForSelector('::-p-aria([name="Close"][role="button"])'))!.click()
    await page.waitForSelector('[role="dialog"]', { hidden: true })
    expect(errors).toEqual([])
  })
})
