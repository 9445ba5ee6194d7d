import type http from 'node:http'
import type { Browser, Page } from 'puppeteer-core'
import { launchBrowser, openPage } from './browser'
import { ALLOWED_HOST, hostPage, startHost, stopHost, widgetFrame } from './embed-host'
import { widgetRunning } from './widget-helpers'

let browser: Browser
let host: http.Server

beforeAll(async () => {
  browser = await launchBrowser()
  host = await startHost(
    hostPage(
      "Harbor('popup',{})",
      '<button data-harbor-popup="appointment/harbor-physio/consultation">Book a visit</button>',
    ),
  )
})

afterAll(async () => {
  await browser.close()
  await stopHost(host)
})

/**
 * Escape pressed in the focused widget frame, until the dialog is gone. The key goes up after:
 * a key event sent to a frame that closes while handling it would never be acknowledged, and
 * puppeteer would wait for it for ever.
 */
async function escapeFromFrame(page: Page) {
  await page.keyboard.down('Escape')
  await page.waitForSelector('[role="dialog"]', { hidden: true })
  await page.keyboard.up('Escape')
}

describe('a popup on another site', () => {
  it('closes on Escape pressed inside the widget, and gives the focus back to its button', async () => {
    const { page, errors } = await openPage(browser)
    await page.setViewport({ width: 1024, height: 900 })
    await page.goto(ALLOWED_HOST)
    const opener = await page.waitForSelector('::-p-aria([name="Book a visit"][role="button"])')
    await opener!.click()
    await page.waitForSelector('::-p-aria([name="Booking"][role="dialog"])')
    const frame = await widgetFrame(page, '[role="dialog"]')
    const staff = await frame.waitForSelector(
      '::-p-aria([name="Any available staff"][role="button"])',
    )
    // The focus is inside the frame: the host page hears none of its keys.
    await staff!.focus()
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('IFRAME')
    expect(await frame.evaluate(() => document.hasFocus())).toBe(true)
    // Escape is the widget script's to hear.
    await widgetRunning(frame)
    await escapeFromFrame(page)
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Book a visit')
    const seen = await page.evaluate(() =>
      (window as unknown as { seen: { type: string }[] }).seen.map((event) => event.type),
    )
    expect(seen).toContain('close-requested')
    // Opened again, it closes the same way: nothing of the first dialog is left listening.
    await opener!.click()
    const again = await widgetFrame(page, '[role="dialog"]')
    await (await again.waitForSelector(
      '::-p-aria([name="Any available staff"][role="button"])',
    ))!.focus()
    await widgetRunning(again)
    await escapeFromFrame(page)
    expect(errors).toEqual([])
  })
})
