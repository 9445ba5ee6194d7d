import fs from 'node:fs'
import type http from 'node:http'
import path from 'node:path'
import type { Browser } from 'puppeteer-core'
import { baseUrl, launchBrowser, openPage } from './browser'
import { ALLOWED_HOST, hostPage, REFUSED_HOST, startHost, stopHost } from './embed-host'

let browser: Browser
let host: http.Server

const WIDGET = 'appointment/harbor-physio/consultation'
const german = JSON.parse(
  fs.readFileSync(path.join(__dirname, '..', 'locales', 'de', 'translation.json'), 'utf8'),
) as Record<string, string>

beforeAll(async () => {
  browser = await launchBrowser()
  // A frame of the page's own, and one embed.js makes, in German.
  host = await startHost(
    hostPage(
      `Harbor('inline',{el:'#booking',path:'${WIDGET}',locale:'de'});`,
      `<iframe title="Plain frame" src="${baseUrl()}/en/widget/${WIDGET}"></iframe>` +
        '<div id="booking"></div>',
    ),
  )
})

afterAll(async () => {
  await browser.close()
  await stopHost(host)
})

/** Whether the widget's page loaded in the host page's own frame (a refused one stays empty). */
async function framedFrom(origin: string): Promise<boolean> {
  const { page } = await openPage(browser)
  const refused = new Promise<boolean>((resolve) => {
    page.on('console', (message) => {
      if (message.text().includes('frame-ancestors')) resolve(true)
    })
  })
  // The host page's DOM is all this needs: its `load` also waits on both frames' loads, which a
  // refused frame and a busy machine can hold past the navigation timeout.
  await page.goto(origin, { waitUntil: 'domcontentloaded' })
  const frame = (await (await page.waitForSelector('iframe[title="Plain frame"]'))!.contentFrame())!
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

  it("gives a refused page embed.js's link to the widget in a new tab, in its language", async () => {
    const { page } = await openPage(browser)
    await page.goto(REFUSED_HOST)
    const link = await page.waitForSelector('#booking a')
    expect(
      await link!.evaluate((a) => ({
        href: a.href,
        target: a.target,
        rel: a.rel,
        text: a.textContent,
      })),
    ).toEqual({
      href: `${baseUrl()}/de/widget/${WIDGET}`,
      target: '_blank',
      rel: 'noopener',
      text: german['embed.openInNewTab'],
    })
    expect(await page.$('#booking iframe')).toBeNull()
    await page.close()
  })

  it("keeps embed.js's frame on a page that may frame the widget", async () => {
    const { page } = await openPage(browser)
    const checked = page.waitForResponse((response) =>
      response.url().startsWith(`${baseUrl()}/api/embed/check?`),
    )
    await page.goto(ALLOWED_HOST)
    expect(await (await checked).json()).toMatchObject({ allowed: true })
    // The widget is ready long after embed.js has read the answer.
    await page.waitForFunction(() =>
      (window as unknown as { seen: { type: string }[] }).seen.some(
        (event) => event.type === 'ready',
      ),
    )
    expect(await page.$('#booking iframe')).not.toBeNull()
    expect(await page.$('#booking a')).toBeNull()
    await page.close()
  })
})
