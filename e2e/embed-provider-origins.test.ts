import type http from 'node:http'
import type { Browser } from 'puppeteer-core'
import { baseUrl, launchBrowser, openPage } from './browser'
import { ALLOWED_HOST, REFUSED_HOST, startHost, stopHost } from './embed-host'
import { E2E_ADMIN_TOKEN } from './server-process'

let browser: Browser
let host: http.Server

// A provider of its own, so the demo clinic's routes keep EMBED_ORIGINS alone for the other journeys.
const PROVIDER = 'embed-origins-clinic'

beforeAll(async () => {
  browser = await launchBrowser()
  const response = await fetch(`${baseUrl()}/api/admin/providers`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${E2E_ADMIN_TOKEN}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({
      slug: PROVIDER,
      name: 'Embed Origins Clinic',
      timeZone: 'Europe/Berlin',
      // The origin EMBED_ORIGINS leaves out, which this provider lets frame its routes.
      embedOrigins: [REFUSED_HOST],
    }),
  })
  // 409: an earlier run of this file on the same server made it already.
  expect([201, 409]).toContain(response.status)
  host = await startHost(
    `<!DOCTYPE html><title>Another site</title>` +
      `<iframe title="Own clinic" src="${baseUrl()}/en/widget/appointment/${PROVIDER}"></iframe>` +
      `<iframe title="Demo clinic" src="${baseUrl()}/en/widget/appointment/harbor-physio/consultation"></iframe>`,
  )
})

afterAll(async () => {
  await browser.close()
  await stopHost(host)
})

describe("a provider's own embed origins", () => {
  it("let that site frame the provider's widget routes, and no other provider's", async () => {
    const { page } = await openPage(browser)
    const refusal = new Promise<string>((resolve) => {
      page.on('console', (message) => {
        if (message.text().includes('frame-ancestors')) resolve(message.text())
      })
    })
    await page.goto(REFUSED_HOST)
    const own = (await (await page.waitForSelector(
      '::-p-aria([name="Own clinic"][role="Iframe"])',
    ))!.contentFrame())!
    // The widget's page loaded in the frame (a refused frame holds the browser's error page).
    await own.waitForSelector('#___gatsby')
    const demo = (await (await page.waitForSelector(
      '::-p-aria([name="Demo clinic"][role="Iframe"])',
    ))!.contentFrame())!
    // The demo clinic's route is framed as EMBED_ORIGINS alone allows: not from this origin.
    expect(await refusal).toContain(`"frame-ancestors 'self' ${ALLOWED_HOST}"`)
    expect(await demo.$('#___gatsby')).toBeNull()
  })
})
