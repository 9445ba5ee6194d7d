import type { Browser, Page } from 'puppeteer-core'
import { baseUrl, launchBrowser, openPage } from './browser'
import { previewToken } from './preview-helpers'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser.close()
})

const DRAFT = '/en/v2/preview/journal/b/hamstring-strain-return/'

/** Opens a preview link that has nothing to show and returns the page's text. */
async function openNotFound(page: Page, path: string, query: string): Promise<string> {
  const response = await page.goto(`${baseUrl()}${path}${query}`)
  expect(response?.status()).toBe(404)
  // The site's 404 page, naming the path without the token, once the page has hydrated.
  await page.waitForSelector(`::-p-aria([name="Page Not Found: ${path}"][role="heading"])`)
  expect(await page.$('::-p-aria([name="Book an appointment"][role="link"])')).not.toBeNull()
  return page.$eval('body', (body) => body.innerText)
}

describe('a preview link that shows nothing', () => {
  it('is a 404 that never shows the token, whether the token or the item is wrong', async () => {
    const token = await previewToken()
    const wrongToken = token.replace(/^./, (first) => (first === 'A' ? 'B' : 'A'))
    const { page, errors, consoleErrors } = await openPage(browser)

    expect(await openNotFound(page, DRAFT, `?token=${wrongToken}`)).not.toContain(wrongToken)
    const unknown = '/en/v2/preview/journal/tag/no-such-tag/'
    expect(await openNotFound(page, unknown, `?token=${token}`)).not.toContain(token)
    expect(await openNotFound(page, DRAFT, '')).not.toContain('token')
    expect(errors).toEqual([])
    expect(consoleErrors).toEqual([])
  })
})
