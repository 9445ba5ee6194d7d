import type { Browser, Page } from 'puppeteer-core'
import { axeViolations } from './axe'
import { baseUrl, launchBrowser, openPage } from './browser'
import { previewToken } from './preview-helpers'
import { holdShockwave } from './widget-helpers'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser.close()
})

async function open(page: Page, path: string, heading: string, width: number, status = 200) {
  await page.setBypassCSP(true)
  await page.setViewport({ width, height: 640 })
  const response = await page.goto(`${baseUrl()}${path}`)
  expect(response?.status() === 304 ? 200 : response?.status()).toBe(status)
  await page.waitForSelector(`::-p-aria([name="${heading}"][role="heading"])`)
}

// One word, as a slug pasted from elsewhere can be: nowhere a line could break by itself.
const LONG_PATH = `/en/journal/b/${'hamstringstrainreturntosport'.repeat(4)}/`

describe('a visitor using assistive technology', () => {
  it.each([
    ['/en/journal/c/sports/', 'Category: Sports performance'],
    ['/en/journal/author/lena-vogel/', 'Posts by Dr. Lena Vogel'],
    ['/en/journal/', 'Latest posts'],
    ['/en/shop/collections/recovery-tools/', 'Recovery tools'],
    ['/en/shop/', 'Recovery tools'],
  ])('finds %s in landmarks, its headings in order', async (path, heading) => {
    const { page } = await openPage(browser)
    await open(page, path, heading, 1280)
    expect(await axeViolations(page)).toEqual([])
  })

  it('finds the same in a preview of a listing', async () => {
    const { page } = await openPage(browser)
    const token = await previewToken()
    await open(page, `/en/v2/preview/journal/tag/knee/?token=${token}`, 'Tag: Knee', 360)
    expect(await axeViolations(page)).toEqual([])
  })

  it.each([360, 1280])(
    'finds the widget’s first step and its language switcher in landmarks at %i px',
    async (width) => {
      const { page } = await openPage(browser)
      await open(page, '/en/widget/appointment/harbor-physio/', 'Choose your services', width)
      expect(await axeViolations(page)).toEqual([])
      const banner = await page.$('::-p-aria([role="banner"])')
      expect(await banner!.$('::-p-aria([name="Language"][role="combobox"])')).not.toBeNull()
    },
  )

  it.each([
    ['/en/widget/form/new-patient-intake/', 'Before your first visit', 360],
    ['/de/widget/survey/satisfaction/', 'Wie war Ihr Besuch?', 1280],
    // Without a session the dashboard's every path opens on its sign-in screen.
    ['/en/admin/outbox/', 'Sign in to the dashboard', 360],
  ] as const)('finds %s in landmarks, without scrolling sideways', async (path, heading, width) => {
    const { page } = await openPage(browser)
    await open(page, path, heading, width)
    expect(await axeViolations(page)).toEqual([])
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width)
  })

  it('reads a long path in the 404 heading at 360 px without scrolling sideways', async () => {
    const { page } = await openPage(browser)
    await open(page, LONG_PATH, `Page Not Found: ${LONG_PATH}`, 360, 404)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(360)
    expect(await axeViolations(page)).toEqual([])
  })

  it('finds the payment step, the verification page and the test checkout in landmarks', async () => {
    const { page } = await openPage(browser)
    await page.setBypassCSP(true)
    const held = await holdShockwave(page, 'axe.payer@example.com')
    expect(await axeViolations(page)).toEqual([])
    await open(page, `/en/widget/verifyPayment?token=${held.manageToken}`, 'Secure payment', 360)
    expect(await axeViolations(page)).toEqual([])
    await Promise.all([
      page.waitForNavigation(),
      (await page.waitForSelector('::-p-aria([name="Pay now"][role="button"])'))!.click(),
    ])
    await page.waitForSelector('::-p-aria([name="Card number"][role="textbox"])')
    expect(await axeViolations(page)).toEqual([])
  })
})
