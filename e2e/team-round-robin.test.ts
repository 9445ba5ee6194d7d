import type { Browser, Page } from 'puppeteer-core'
import { baseUrl, launchBrowser, openPage } from './browser'
import { clickButton, fillContact } from './widget-helpers'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser.close()
})

/**
 * Books the consultation on the team route at `time` on the first open weekday of next month, when
 * Dr. Lena Vogel (Berlin) and Marco Rossi (Lisbon), of equal priority, both work; returns who
 * was assigned.
 */
async function bookOnTeamRoute(page: Page, time: string, email: string): Promise<string> {
  await page.goto(`${baseUrl()}/en/widget/appointment/harbor-physio`)
  const you = await page.waitForSelector('::-p-aria([name="You"][role="group"])')
  await (await you!.waitForSelector('::-p-text(Physiotherapy consultation)'))!.click()
  await clickButton(page, 'Continue')
  await clickButton(page, 'Any available staff')
  await clickButton(page, 'Next month')
  await page.waitForSelector('.widget-day--available')
  // A weekday, where both staff members of the team work (the clinic is closed at weekends).
  const days = await page.$$('.widget-day--available')
  const labels = await Promise.all(days.map((day) => day.evaluate((el) => el.ariaLabel ?? '')))
  await days[labels.findIndex((label) => !/^(Saturday|Sunday)/.test(label))]!.click()
  await clickButton(page, time)
  await fillContact(page, email)
  await clickButton(page, 'Book now')
  await page.waitForSelector('::-p-text(Thank you)')
  return page.$eval('.widget-details', (list) => {
    const terms = [...list.querySelectorAll('dt')]
    return terms.find((term) => term.textContent === 'Staff')?.nextElementSibling?.textContent ?? ''
  })
}

describe('the team route', () => {
  it('books a different member the second time, when both are free (round robin)', async () => {
    const { page, errors } = await openPage(browser)
    await page.emulateTimezone('Europe/Berlin')
    const first = await bookOnTeamRoute(page, '11:00 AM', 'ana.team1@example.com')
    const second = await bookOnTeamRoute(page, '2:00 PM', 'ana.team2@example.com')
    expect(['Dr. Lena Vogel', 'Marco Rossi']).toContain(first)
    expect(['Dr. Lena Vogel', 'Marco Rossi']).toContain(second)
    expect(second).not.toBe(first)
    expect(errors).toEqual([])
  })
})
