import type http from 'node:http'
import type { Browser } from 'puppeteer-core'
import { baseUrl, launchBrowser, openPage } from './browser'
import { ALLOWED_HOST, REFUSED_HOST, startHost, stopHost } from './embed-host'

let browser: Browser
let host: http.Server

beforeAll(async () => {
  browser = await launchBrowser()
  host = await startHost(
    `<!DOCTYPE html><title>Another site</title><iframe title="Booking" ` +
      `src="${baseUrl()}/en/widget/appointment/harbor-physio/consultation"></iframe>`,
  )
})

afterAll(async () => {
  await browser.close()
  await stopHost(host)
})

/** Whether the widget's page loaded in the host page's frame (a refused frame stays empty). */
async function framedFrom(origin: string): Promise<boolean> {
  const { page } = await openPage(browser)
  const refused = new Promise<boolean>((resolve) => {
    page.on('console', (message) => {
      if (message.text().includes('frame-ancestors')) resolve(true)
    })
  })
  await page.goto(origin)
  const frame = (await (await page.waitForSelector('iframe'))!.contentFrame())!
  const loaded = frame
    .waitForSelector('::-p-aria([name="Any available staff"][role="button"])', { timeout: 20_000 })
    .then(() => false)
  const wasRefused = await Promise.race([refused, loaded])
  await page.close()
  return !wasRefused
}

describe('framing the widget from another site', () => {
  it('is refused to an origin EMBED_ORIGINS does not list, and allowed to one it does', async () => {
    expect(await framedFrom(REFUSED_HOST)).toBe(false)
    expect(await framedFrom(ALLOWED_HOST)).toBe(true)
  })
})
