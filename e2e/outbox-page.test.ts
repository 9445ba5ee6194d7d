import type { Browser, Frame, Page } from 'puppeteer-core'
import { axeViolations } from './axe'
import { baseUrl, launchBrowser, openPage } from './browser'
import { createAccount } from './dashboard-helpers'
import { bookThroughApi, clickButton, fill } from './widget-helpers'

let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser.close()
})

const SUBJECT = 'Appointment confirmed: Physiotherapy consultation'

/** Opens the e-mail of SUBJECT, once the job runner has sent it; the document in its frame. */
async function openMail(page: Page): Promise<Frame> {
  // The e-mail is sent by the job runner a moment after the booking.
  for (let tries = 0; tries < 20; tries++) {
    const found = await page
      .waitForSelector('::-p-text(outbox.page@example.com)', { timeout: 1_000 })
      .catch(() => null)
    if (found) break
    await page.reload()
  }
  await (await page.waitForSelector(`::-p-text(${SUBJECT})`))!.click()
  const frame = await page.waitForSelector(`::-p-aria([name="E-mail as sent: ${SUBJECT}"])`)
  const mail = (await frame!.contentFrame())!
  await mail.waitForSelector('::-p-text(Hello Ola Nordmann,)')
  return mail
}

describe('the outbox page', () => {
  it('shows the e-mails a booking sent to a signed-in account, after its first password', async () => {
    await bookThroughApi('consultation', {
      email: 'outbox.page@example.com',
      firstName: 'Ola',
      lastName: 'Nordmann',
      daysAhead: 20,
      timeZone: 'Europe/Berlin',
    })

    // An account made with the admin token, whose first password the dashboard makes its owner
    // replace.
    const { email, password } = await createAccount('front_desk')

    const { page, errors } = await openPage(browser)
    await page.goto(`${baseUrl()}/en/admin/outbox/`)
    await fill(page, 'E-mail', email)
    await fill(page, 'Password', 'not-the-password')
    await clickButton(page, 'Sign in')
    await page.waitForSelector('::-p-aria([role="alert"])')
    await fill(page, 'Password', password)
    await clickButton(page, 'Sign in')
    await fill(page, 'Current password', password)
    await fill(page, 'New password', 'my own password 1')
    await fill(page, 'Repeat the new password', 'my own password 1')
    await clickButton(page, 'Change password')
    await page.waitForSelector('::-p-aria([name="Sent e-mails"][role="heading"])')
    await page.setViewport({ width: 360, height: 800 })
    const mail = await openMail(page)
    // Its links open a tab of their own, outside the frame's sandbox.
    expect(await mail.evaluate(() => document.querySelector('base')?.target)).toBe('_blank')
    const link = (await mail.waitForSelector('a'))!
    const href = new URL(await link.evaluate((a) => (a as HTMLAnchorElement).href))
    expect(href.pathname).toMatch(/^\/en\/widget\//)
    const opened = browser.waitForTarget(
      (target) => target.type() === 'page' && target.url().includes(href.search),
      { timeout: 10_000 },
    )
    await link.click()
    // The new tab would keep the dashboard in the background, where it stops drawing frames.
    await (await (await opened).page())?.close()
    // The dashboard stays where it was, the e-mail in its frame.
    expect(mail.url()).toMatch(/\/api\/admin\/outbox\/\d+\/html$/)
    expect(page.url()).toBe(`${baseUrl()}/en/admin/outbox/`)

    // axe's script is added past the dashboard's Content-Security-Policy, from the next load on.
    await page.setBypassCSP(true)
    await page.reload()
    await openMail(page)
    // The plain text too: its long links wrap rather than scroll (axe: scrollable-region-focusable).
    await page.click('details[open] > details > summary')
    await page.waitForSelector('::-p-text(Plain-text version)')
    for (const width of [360, 1280]) {
      await page.setViewport({ width, height: 800 })
      expect([width, await axeViolations(page)]).toEqual([width, []])
      const wider = await page.evaluate(
        () => document.documentElement.scrollWidth > window.innerWidth,
      )
      expect([width, wider]).toEqual([width, false])
      // For a person to look at.
      await page.screenshot({ path: `/tmp/outbox-mail-${width}.png`, fullPage: true })
    }
    expect(errors).toEqual([])
  })
})
