import type { Browser } from 'puppeteer-core'
import { baseUrl, launchBrowser, openPage } from './browser'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser.close()
})

/** The product page's ways to get the product: e-mails to the business naming the product. */
async function pickUpLinks(path: string) {
  const { page, errors } = await openPage(browser)
  await page.goto(`${baseUrl()}${path}`, { waitUntil: 'networkidle0' })
  const links = await page.$$eval('.product__get a', (anchors) =>
    anchors.map((anchor) => ({ text: anchor.textContent, href: anchor.getAttribute('href') })),
  )
  expect(errors).toEqual([])
  return links
}

describe('a product page', () => {
  it('says how to get the product: reserve it for pick-up, or ask', async () => {
    expect(await pickUpLinks('/en/shop/product/1001/')).toEqual([
      {
        text: 'Reserve for pick-up',
        href: `mailto:hello@harbor-physio.example?subject=${encodeURIComponent('Reservation: Foam roller')}`,
      },
      {
        text: 'Ask a question',
        href: `mailto:hello@harbor-physio.example?subject=${encodeURIComponent('Question about Foam roller')}`,
      },
    ])
  })

  it("asks in the visitor's language", async () => {
    const [reserve, ask] = await pickUpLinks('/de/shop/product/1001/')
    expect(reserve?.text).toBe('Zur Abholung reservieren')
    expect(decodeURIComponent(reserve?.href ?? '')).toMatch(/\?subject=Reservierung: /)
    expect(ask?.text).toBe('Frage stellen')
    expect(decodeURIComponent(ask?.href ?? '')).toMatch(/\?subject=Frage zu /)
  })
})
