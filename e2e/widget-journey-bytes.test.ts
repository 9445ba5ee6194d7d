import type { Browser } from 'puppeteer-core'
import { baseUrl, launchBrowser } from './browser'
import { BOOKING_JOURNEY, walkBookingJourney } from './first-load'

describe("the booking journey's JavaScript (issue 33)", () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterAll(() => browser.close())

  it('fetches at most 20 KiB gzip a step after the first load, and 140 KiB from load to confirmation', async () => {
    const steps = await walkBookingJourney(browser, baseUrl(), 'journey-bytes@example.com')
    expect(steps.map(({ step }) => step)).toEqual(['load', 'service', 'time', 'details'])
    expect(steps[0]!.load.scripts.length).toBeGreaterThan(0)
    const overBudget = steps
      .slice(1)
      .filter(({ load }) => load.gzip > BOOKING_JOURNEY.stepBudget)
      .map(({ step, load }) => ({ step, gzip: load.gzip, scripts: load.scripts.map((s) => s.url) }))
    expect(overBudget).toEqual([])
    const total = steps.reduce((sum, { load }) => sum + load.gzip, 0)
    expect(total).toBeLessThanOrEqual(BOOKING_JOURNEY.journeyBudget)
  })
})
