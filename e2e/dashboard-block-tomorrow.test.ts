import type { Browser, Page } from 'puppeteer-core'
import { baseUrl, launchBrowser, openPage } from './browser'
import {
  createAccount,
  demoSetup,
  removeBlockedPeriods,
  setDateTime,
  signIn,
} from './dashboard-helpers'
import { api, clickButton, clickLink, fill } from './widget-helpers'

let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await removeBlockedPeriods()
  await browser.close()
})

const DAY = 86_400_000

/** The local date (YYYY-MM-DD) of an instant in Berlin, where the visitor and Dr. Vogel are. */
const berlinDate = (instant: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(instant)

/** Whether the widget's calendar offers times on `date` with Dr. Vogel. */
async function offersTimes(page: Page, date: string): Promise<boolean> {
  await page.goto(`${baseUrl()}/en/widget/bookings/consultation`)
  await clickButton(page, 'Dr. Lena Vogel')
  // The month's times have loaded (at a month's end it may have none left: no day to wait for).
  const loaded = (wanted: string) =>
    page.waitForFunction(
      (day) =>
        document.querySelector(`button[data-date="${day}"]`) !== null &&
        document.querySelector('.widget-slots[aria-busy="false"]') !== null,
      {},
      wanted,
    )
  await page.waitForSelector('.widget-slots[aria-busy="false"]')
  if (!(await page.$(`button[data-date="${date}"]`))) await clickButton(page, 'Next month')
  await loaded(date)
  return page.$eval(`button[data-date="${date}"]`, (el) =>
    el.getAttribute('aria-label')!.endsWith(', times available'),
  )
}

describe('the dashboard, signed in as the owner', () => {
  it('blocks the next working day of a staff member, and the widget offers no time that day', async () => {
    const { staff } = await demoSetup()
    const lena = staff('Dr. Lena Vogel')
    // Tomorrow, or the first day after it that Dr. Vogel works.
    const { slot } = await api<{ slot: { start: string } }>(
      `/services/consultation/next-available?timeZone=Europe/Berlin&staffId=${lena.id}` +
        `&from=${new Date(Date.parse(`${berlinDate(Date.now() + DAY)}T00:00:00Z`)).toISOString()}`,
    )
    const day = berlinDate(Date.parse(slot.start))
    const next = berlinDate(Date.parse(`${day}T12:00:00Z`) + DAY)

    const { page, errors } = await openPage(browser)
    await page.emulateTimezone('Europe/Berlin')
    expect(await offersTimes(page, day)).toBe(true)

    await signIn(page, await createAccount('owner'))
    await clickLink(page, 'Availability')
    await page.waitForSelector('::-p-aria([name="Blocked periods"][role="heading"])')
    await page.select('#availability-staff', String(lena.id))
    await setDateTime(page, 'admin-field-start', `${day}T00:00`)
    await setDateTime(page, 'admin-field-end', `${next}T00:00`)
    await fill(page, 'Reason', 'Training day')
    await clickButton(page, 'Block')
    await page.waitForSelector('::-p-text(The period was blocked.)')

    expect(await offersTimes(page, day)).toBe(false)
    expect(errors).toEqual([])
  })
})
