import type { Browser } from 'puppeteer-core'
import { launchBrowser, openPage } from './browser'
import { clickButton, holdShockwave, payWithCard } from './widget-helpers'

let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser.close()
})

describe('a declined card', () => {
  it('is shown in the widget, which lets the visitor pay again while the time is held', async () => {
    const { page, errors } = await openPage(browser)
    await holdShockwave(page, 'declined.card@example.com')
    await Promise.all([page.waitForNavigation(), clickButton(page, 'Pay now')])

    await payWithCard(page, '4000 0000 0000 0002')
    await page.waitForSelector('::-p-text(Your card was declined.)')
    const back = await page.waitForSelector('::-p-aria([name="Cancel and return to the booking"])')
    await Promise.all([page.waitForNavigation(), back!.click()])

    // The decline reached the server as a signed event: the widget says so and offers "Pay now".
    await page.waitForSelector('::-p-text(Your payment was declined.)', { timeout: 30_000 })
    await Promise.all([page.waitForNavigation(), clickButton(page, 'Pay now')])
    await Promise.all([page.waitForNavigation(), payWithCard(page, '4242424242424242')])
    await page.waitForSelector('::-p-text(Thank you)', { timeout: 30_000 })
    const paid = await page.$eval('[data-testid="paid-amount"]', (el) => el.textContent ?? '')
    expect(paid).toBe('€20.00')
    expect(errors).toEqual([])
  })
})
