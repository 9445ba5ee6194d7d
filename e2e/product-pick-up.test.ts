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
  return (await howToGetIt(path)).links
}

/** The product page's "How to get it": its text, and its links. */
async function howToGetIt(path: string) {
  const { page, errors } = await openPage(browser)
  await page.goto(`${baseUrl()}${path}`, { waitUntil: 'networkidle0' })
  const links = await page.$$eval('.product__get a', (anchors) =>
    anchors.map((anchor) => ({ text: anchor.textContent, href: anchor.getAttribute('href') })),
  )
  const text = await page.$eval('.product__get .product__pick-up', (p) => p.textContent)
  expect(errors).toEqual([])
  return { text, links }
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

  it('gives the product its own words where the studio gave it some, else the usual sentence', async () => {
    expect((await howToGetIt('/en/shop/product/1004/')).text).toBe(
      'Reserve it and collect it at the clinic: when you pick it up, we show you the first ' +
        'exercises on it, and you pay then.',
    )
    expect((await howToGetIt('/de/shop/product/1004/')).text).toBe(
      'Reservieren Sie es und holen Sie es in der Praxis ab: Bei der Abholung zeigen wir Ihnen ' +
        'die ersten Übungen darauf, und Sie bezahlen erst dann.',
    )
    expect((await howToGetIt('/en/shop/product/1001/')).text).toBe(
      'Reserve it and collect it at the clinic; you pay when you pick it up.',
    )
  })
})
