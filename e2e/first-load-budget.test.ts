import type { Browser } from 'puppeteer-core'
import { baseUrl, launchBrowser } from './browser'
import { FIRST_LOAD_PAGES, measureFirstLoad } from './first-load'

describe('first-load JavaScript', () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterAll(() => browser.close())

  it.each(FIRST_LOAD_PAGES)(
    'the $name stays within its budget of gzipped script bytes',
    async ({ path, budget }) => {
      const load = await measureFirstLoad(browser, `${baseUrl()}${path}`)
      expect(load.scripts.length).toBeGreaterThan(0)
      expect(load.gzip).toBeLessThanOrEqual(budget)
    },
  )
})
