import type { Browser } from 'puppeteer-core'
import { launchBrowser, openPage } from './browser'
import { bookNext, createAccount, demoSetup, signIn } from './dashboard-helpers'
import { clickButton, clickLink } from './widget-helpers'

let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser.close()
})

describe('the dashboard, signed in as the owner', () => {
  it('confirms a requested booking, and the visitor’s e-mail is in the outbox', async () => {
    const { staff } = await demoSetup()
    // The sports massage waits for the business to confirm it.
    const id = await bookNext('sports-massage', staff('Dr. Lena Vogel').id, {
      firstName: 'Rita',
      lastName: 'Requester',
      email: 'rita.requester@example.com',
    })

    const { page, errors } = await openPage(browser)
    await signIn(page, await createAccount('owner'))
    // A locator clicks once the tab is in place: the handle found first was sometimes replaced by
    // the bookings screen rendering again after its data came in ("not clickable").
    await page.locator('::-p-aria([name="Requested"][role="tab"])').click()
    await clickButton(page, 'Rita Requester')
    await clickButton(page, 'Confirm')
    const status = await page.waitForSelector(`::-p-text(Booking ${id} was confirmed.)`)
    expect(await status!.evaluate((el) => el.closest('[role="status"]') !== null)).toBe(true)

    await clickLink(page, 'Outbox')
    await page.waitForSelector('::-p-aria([name="Sent e-mails"][role="heading"])')
    // The job runner sends the e-mail a moment after the confirmation.
    const subject = 'Your request was confirmed: Sports massage'
    for (let tries = 0; tries < 20; tries++) {
      const found = await page
        .waitForSelector(`::-p-text(${subject})`, { timeout: 1_000 })
        .catch(() => null)
      if (found) break
      await page.reload()
    }
    await (await page.waitForSelector(`::-p-text(${subject})`))!.click()
    await page.waitForSelector('::-p-text(Hello Rita Requester,)')
    expect(errors).toEqual([])
  })
})
