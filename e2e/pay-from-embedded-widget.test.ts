import type http from 'node:http'
import type { Browser, Frame } from 'puppeteer-core'
import { baseUrl, launchBrowser, openPage } from './browser'
import { ALLOWED_HOST, startHost, stopHost } from './embed-host'
import { payWithCard } from './widget-helpers'

let browser: Browser
let host: http.Server

beforeAll(async () => {
  browser = await launchBrowser()
  // Another site's page (one EMBED_ORIGINS lets frame the widget), framing it with an iframe.
  host = await startHost(
    `<iframe title="Booking" style="width:900px;height:1400px" ` +
      `src="${baseUrl()}/en/widget/appointment/harbor-physio/shockwave-therapy"></iframe>`,
  )
})

afterAll(async () => {
  await browser.close()
  await stopHost(host)
})

async function click(frame: Frame, name: string, role = 'button') {
  const element = await frame.waitForSelector(`::-p-aria([name="${name}"][role="${role}"])`)
  await element!.click()
}

async function type(frame: Frame, label: string, value: string) {
  const field = await frame.waitForSelector(`::-p-aria([name="${label}"][role="textbox"])`)
  await field!.type(value)
}

describe('paying from a widget embedded in another site', () => {
  it('opens the card page in its own window and learns the payment from the server', async () => {
    const { page, errors } = await openPage(browser)
    // The whole frame in view: puppeteer misses elements of a cross-site frame (another process)
    // below the host page's fold.
    await page.setViewport({ width: 1024, height: 1500 })
    await page.goto(ALLOWED_HOST)
    const frame = (await (await page.waitForSelector('iframe'))!.contentFrame()) as Frame
    await click(frame, 'Any available staff')
    await click(frame, 'Find next available slot')
    await (await frame.waitForSelector('.widget-slot'))!.click()
    await type(frame, 'First name', 'Ana')
    await type(frame, 'Last name', 'Silva')
    await type(frame, 'Email', 'framed.payer@example.com')
    await type(frame, 'Phone', '+49 30 901820')
    await click(frame, 'I accept the terms and conditions', 'checkbox')
    await click(frame, 'Continue to payment')
    await frame.waitForSelector('::-p-text(Secure payment)')

    const opened = browser.waitForTarget((target) => target.url().includes('/payments/local/'))
    await click(frame, 'Pay now')
    const popup = await (await opened).page()
    expect(popup).not.toBeNull()
    await frame.waitForSelector('::-p-text(The payment page opened in a new window)')
    await payWithCard(popup!, '4242 4242 4242 4242')

    // The framed widget was never navigated away: it polled until the server confirmed.
    await frame.waitForSelector('::-p-text(Thank you)', { timeout: 30_000 })
    const paid = await frame.$eval('[data-testid="paid-amount"]', (el) => el.textContent ?? '')
    expect(paid).toBe('€20.00')
    await popup!.close()
    expect(errors).toEqual([])
  })
})
