import fs from 'node:fs'
import path from 'node:path'
import type { Browser, Page } from 'puppeteer-core'
import { baseUrl, launchBrowser, openPage } from './browser'
import { clickButton, fill } from './widget-helpers'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser.close()
})

const LOCALES = ['da', 'de', 'en', 'es', 'fr', 'hu', 'it', 'nl', 'pl', 'pt-br', 'pt']
// The locales whose payment labels were longest (their amounts were cut off): each holds a
// booking, so the demo's shockwave slots are not all spent on this journey.
const PAYMENT_LOCALES = ['en', 'de', 'fr', 'pl']

const messages = (locale: string): Record<string, string> =>
  JSON.parse(
    fs.readFileSync(path.join(__dirname, '..', 'locales', locale, 'translation.json'), 'utf8'),
  )

async function phone(): Promise<Page> {
  const { page } = await openPage(browser)
  await page.setViewport({ width: 360, height: 740 })
  return page
}

/** How far the page reaches sideways: the viewport's 360 px unless something overflows. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth)

/** Walks the shockwave therapy's steps in a language, checking each fits a 360 px phone. */
async function walkSteps(page: Page, locale: string, hold: boolean) {
  const t = messages(locale)
  const widths: Record<string, number> = {}
  await page.goto(`${baseUrl()}/${locale}/widget/appointment/harbor-physio/shockwave-therapy`)
  await page.waitForSelector(`::-p-aria([name="${t['widget.anyStaff']}"][role="button"])`)
  widths.staff = await pageWidth(page)
  await clickButton(page, t['widget.anyStaff']!)
  await clickButton(page, t['widget.findNextSlot']!)
  const slot = await page.waitForSelector('.widget-slot')
  widths.slots = await pageWidth(page)
  await slot!.click()
  await fill(page, t['widget.field.firstName']!, 'Ana')
  await fill(page, t['widget.field.lastName']!, 'Silva')
  await fill(page, t['widget.field.email']!, `narrow.${locale}@example.com`)
  await fill(page, t['widget.field.phone']!, '+49 30 901820')
  const terms = await page.waitForSelector(
    `::-p-aria([name="${t['widget.acceptTerms']}"][role="checkbox"])`,
  )
  await terms!.click()
  widths.details = await pageWidth(page)
  if (!hold) return { widths, manageToken: undefined }
  const created = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/bookings') && response.request().method() === 'POST',
  )
  await clickButton(page, t['widget.continueToPayment']!)
  const { manageToken } = (await (await created).json()) as { manageToken: string }
  await page.waitForSelector(`::-p-text(${t['widget.securePayment']})`)
  widths.payment = await pageWidth(page)
  return { widths, manageToken }
}

describe('a 360 px phone never scrolls sideways', () => {
  it('on the terms, the home page and a product, in every language', async () => {
    const page = await phone()
    const widths: Record<string, number> = {}
    for (const locale of LOCALES) {
      for (const sitePath of ['terms/', 'home/', 'shop/product/1002/']) {
        await page.goto(`${baseUrl()}/${locale}/${sitePath}`)
        await page.waitForSelector('main h1')
        widths[`/${locale}/${sitePath}`] = await pageWidth(page)
      }
    }
    expect(Object.entries(widths).filter(([, width]) => width > 360)).toEqual([])
  })

  it("on each of the widget's steps and the payment check, in every language", async () => {
    const page = await phone()
    const widths: Record<string, number> = {}
    let token: string | undefined
    for (const locale of LOCALES) {
      const walked = await walkSteps(page, locale, PAYMENT_LOCALES.includes(locale))
      for (const [step, width] of Object.entries(walked.widths)) widths[`${locale} ${step}`] = width
      token = walked.manageToken ?? token
    }
    for (const locale of LOCALES) {
      await page.goto(`${baseUrl()}/${locale}/widget/verifyPayment?token=${token}`)
      await page.waitForSelector('.widget-payment')
      widths[`${locale} verifyPayment`] = await pageWidth(page)
    }
    expect(Object.entries(widths).filter(([, width]) => width > 360)).toEqual([])
  }, 180_000)
})
