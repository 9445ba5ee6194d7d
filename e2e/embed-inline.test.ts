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
      "Harbor('inline',{el:'#booking',path:'appointment/harbor-physio/consultation',ns:'main'})",
    ),
  )
})

afterAll(async () => {
  await browser.close()
  await stopHost(host)
})

describe('a widget embedded inline in another site', () => {
  it('books inside the frame, tells the host page in order, and is as tall as its content', async () => {
    const { page, errors } = await openPage(browser)
    // Tall enough that nothing in the frame needs the host page scrolled to be clicked: puppeteer
    // misses elements of a cross-site frame (another process) below the host page's fold.
    await page.setViewport({ width: 1024, height: 2400 })
    await page.goto(ALLOWED_HOST)
    const frame = await widgetFrame(page, '#booking')
    await frame.waitForSelector('::-p-aria([name="Any available staff"][role="button"])')
    // The frame follows the content: the page inside never scrolls.
    const fits = () =>
      frame.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight + 1)
    const heights = [await page.$eval('#booking iframe', (iframe) => iframe.clientHeight)]

    await bookConsultation(frame, 'embedded.inline@example.com')
    await page.waitForFunction(() =>
      (window as unknown as { seen: { type: string }[] }).seen.some(
        (event) => event.type === 'booking-succeeded',
      ),
    )
    expect(await milestones(page)).toEqual(['ready', 'availability-loaded', 'booking-succeeded'])
    const booked = await page.evaluate(() =>
      (window as unknown as { seen: Record<string, unknown>[] }).seen.find(
        (event) => event.type === 'booking-succeeded',
      ),
    )
    expect(booked).toMatchObject({ ns: 'main', version: 1, bookingId: expect.any(Number) })
    // No personal data crosses to the host page.
    expect(JSON.stringify(booked)).not.toContain('embedded.inline@example.com')
    expect(JSON.stringify(booked)).not.toContain('Silva')

    heights.push(await page.$eval('#booking iframe', (iframe) => iframe.clientHeight))
    expect(heights[1]).not.toBe(heights[0])
    expect(heights.every((height) => height > 300)).toBe(true)
    expect(await fits()).toBe(true)
    expect(errors).toEqual([])
  })
})
