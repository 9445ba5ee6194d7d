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

describe('paying the deposit of the demo shockwave therapy', () => {
  it('with the local provider’s success card, and sees the paid amount on the confirmation', async () => {
    const { page, errors, consoleErrors } = await openPage(browser)
    await holdShockwave(page, 'pay.deposit@example.com')
    const summary = await page.$eval('.widget-payment', (el) => el.textContent ?? '')
    expect(summary).toContain('€90.00')
    expect(summary).toContain('€20.00')
    expect(summary).toContain('€70.00')

    await Promise.all([page.waitForNavigation(), clickButton(page, 'Pay now')])
    expect(page.url()).toContain('/payments/local/checkout/')
    await Promise.all([page.waitForNavigation(), payWithCard(page, '4242 4242 4242 4242')])
    expect(page.url()).toContain('/en/widget/verify-payment-callback?token=')

    // The server confirms from the provider's signed webhook; the page waits for it.
    await page.waitForSelector('::-p-text(Thank you)', { timeout: 30_000 })
    const paid = await page.$eval('[data-testid="paid-amount"]', (el) => el.textContent ?? '')
    expect(paid).toBe('€20.00')
    const details = await page.$eval('.widget-payment', (el) => el.textContent ?? '')
    expect(details).toContain('To pay at the appointment€70.00')
    // The amounts line up with the booking's facts above them.
    const valueEdges = await page.$$eval(
      '.widget-confirmation .widget-details:not(.widget-contact) > dd',
      (values) => [
        ...new Set(values.map((value) => Math.round(value.getBoundingClientRect().left))),
      ],
    )
    expect(valueEdges).toHaveLength(1)
    expect(errors).toEqual([])
    // No page on the way (widget, checkout, verification) broke its Content-Security-Policy.
    expect(consoleErrors).toEqual([])
  })
})
