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

const DRAFT_TITLE = 'Hamstring strains: when is it safe to sprint again?'

const h1 = (page: Page) => page.$eval('main h1', (el) => el.textContent ?? '')
const canonical = (page: Page) =>
  page.$eval('link[rel="canonical"]', (el) => new URL((el as HTMLLinkElement).href).pathname)

async function open(page: Page, path: string, status = 200) {
  const response = await page.goto(`${baseUrl()}${path}`)
  // A page already in the browser's cache revalidates: 304 is the same 200.
  expect(response?.status() === 304 ? 200 : response?.status()).toBe(status)
}

/**
 * Every route shape of spec §2, with the title it shows in English and German and the canonical
 * path every alternative declares.
 */
const KNEE: [string, string] = [
  "Runner's knee: why it hurts and what helps",
  'Läuferknie: Warum es schmerzt und was hilft',
]
const SPORTS: [string, string] = ['Category: Sports performance', 'Kategorie: Sport & Leistung']
const shapes: [string, [string, string], string][] = [
  ['/journal/', ['Journal', 'Journal'], '/journal/'],
  ['/journal/page/2/', ['Journal', 'Journal'], '/journal/page/2/'],
  ['/journal/b/runners-knee/', KNEE, '/journal/b/runners-knee/'],
  ['/b/runners-knee/', KNEE, '/journal/b/runners-knee/'],
  ['/post/runners-knee/', KNEE, '/journal/b/runners-knee/'],
  ['/journal/c/sports/', SPORTS, '/journal/c/sports/'],
  ['/c/sports/', SPORTS, '/journal/c/sports/'],
  ['/journal/c/sports/b/runners-knee/', KNEE, '/journal/b/runners-knee/'],
  ['/c/sports/b/runners-knee/', KNEE, '/journal/b/runners-knee/'],
  ['/journal/category/sports/', SPORTS, '/journal/c/sports/'],
  [
    '/journal/author/lena-vogel/',
    ['Posts by Dr. Lena Vogel', 'Beiträge von Dr. Lena Vogel'],
    '/journal/author/lena-vogel/',
  ],
  ['/journal/tag/knee/', ['Tag: Knee', 'Schlagwort: Knie'], '/journal/tag/knee/'],
  ['/shop/product/1001/', ['Foam roller', 'Faszienrolle'], '/shop/product/1001/'],
  ['/product/1001/', ['Foam roller', 'Faszienrolle'], '/shop/product/1001/'],
  [
    '/shop/collections/recovery-tools/',
    ['Recovery tools', 'Regeneration'],
    '/shop/collections/recovery-tools/',
  ],
  [
    '/collections/recovery-tools/',
    ['Recovery tools', 'Regeneration'],
    '/shop/collections/recovery-tools/',
  ],
]

const inBothLocales = shapes.flatMap(([path, [en, de], canon]) => [
  ['en', path, en, canon],
  ['de', path, de, canon],
])

describe('the content site', () => {
  it("redirects the root path to the configured page in the visitor's language", async () => {
    const { page } = await openPage(browser)
    await page.setExtraHTTPHeaders({ 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' })
    await open(page, '/')
    expect(new URL(page.url()).pathname).toBe('/de/home/')
    expect(await h1(page)).toBe('Physiotherapie am Hafen')
  })

  it.each(inBothLocales)(
    '/%s%s shows its item with one canonical URL',
    async (locale, path, title, canon) => {
      const { page, errors } = await openPage(browser)
      await open(page, `/${locale}${path}`)
      expect(await h1(page)).toBe(title)
      expect(await canonical(page)).toBe(`/${locale}${canon}`)
      // The page has hydrated where it was opened: an alternative path is not left for another.
      await page.waitForSelector('.language-switcher select:not([disabled])')
      expect(new URL(page.url()).pathname).toBe(`/${locale}${path}`)
      expect(await h1(page)).toBe(title)
      expect(errors).toEqual([])
    },
  )

  it('keeps an alternative path when the visitor changes the language', async () => {
    const { page, errors } = await openPage(browser)
    await open(page, '/en/c/sports/b/runners-knee/')
    await page.waitForSelector('.language-switcher select:not([disabled])')
    await page.select('.language-switcher select', 'de')
    await page.waitForFunction(() => location.pathname === '/de/c/sports/b/runners-knee/')
    await page.waitForFunction(
      (title) => document.querySelector('main h1')?.textContent === title,
      {},
      KNEE[1],
    )
    expect(await canonical(page)).toBe('/de/journal/b/runners-knee/')
    expect(errors).toEqual([])
  })

  it('shows the same routes in German, with dates and prices in German formats', async () => {
    const { page } = await openPage(browser)
    await open(page, '/de/c/sports/b/runners-knee/')
    expect(await h1(page)).toBe('Läuferknie: Warum es schmerzt und was hilft')
    expect(await canonical(page)).toBe('/de/journal/b/runners-knee/')
    expect(await page.$eval('html', (el) => el.lang)).toBe('de')
    const date = await page.$eval('.post__meta time', (el) => el.textContent ?? '')
    expect(date).toMatch(/^\d{1,2}\. [A-ZÄÖÜa-zäöü]+ \d{4}$/)
    await open(page, '/de/shop/product/1001/')
    expect(await h1(page)).toBe('Faszienrolle')
    const price = await page.$eval('.product__price', (el) => el.textContent ?? '')
    expect(price.replace(/\s/g, ' ')).toBe('29,90 €')
    await open(page, '/de/journal/tag/knee/')
    expect(await h1(page)).toBe('Schlagwort: Knie')
  })

  it('falls back to English where the German translation is missing, and says so', async () => {
    const { page } = await openPage(browser)
    await open(page, '/de/journal/b/sleep-and-recovery/')
    expect(await h1(page)).toBe('Sleep, the recovery tool nobody prescribes')
    expect(await page.$eval('article.post', (el) => el.lang)).toBe('en-US')
    expect(await page.$eval('.content-fallback', (el) => el.textContent)).toBe(
      'Dieser Text ist noch nicht in Ihrer Sprache verfügbar und wird daher auf Englisch angezeigt.',
    )
  })

  it('declares hreflang alternates and JSON-LD for a post', async () => {
    const { page } = await openPage(browser)
    await open(page, '/en/journal/b/runners-knee/')
    const alternates = await page.$$eval('link[rel="alternate"]', (links) =>
      links.map((link) => link.getAttribute('hreflang')),
    )
    expect(alternates).toEqual(expect.arrayContaining(['de', 'pt-BR', 'en-US', 'x-default']))
    const jsonLd = JSON.parse(
      await page.$eval('script[type="application/ld+json"]', (el) => el.textContent ?? ''),
    )
    expect(jsonLd).toMatchObject({ '@type': 'BlogPosting', author: { name: 'Marco Rossi' } })
  })

  it('answers unknown slugs and unmatched routes with real 404s in the words of the spec', async () => {
    const { page } = await openPage(browser)
    await open(page, '/en/journal/b/no-such-post/?from=mail', 404)
    await page.waitForFunction(() => document.querySelector('h1')?.textContent?.includes('/en/'))
    expect(await h1(page)).toBe('Page Not Found: /en/journal/b/no-such-post/?from=mail')
    // A post's path under a category it is not in.
    await open(page, '/en/c/everyday-movement/b/runners-knee/', 404)
    await page.waitForFunction(() => document.querySelector('h1')?.textContent?.includes('/en/'))
    expect(await h1(page)).toBe('Page Not Found: /en/c/everyday-movement/b/runners-knee/')
    await open(page, '/en/a/b/c/d/e/', 404)
    await page.waitForFunction(() => document.querySelector('h1')?.textContent?.includes('/en/'))
    expect(await h1(page)).toBe('Page not found: /en/a/b/c/d/e/')
    // A German visitor keeps the URL and reads the German 404 once the page has hydrated.
    await open(page, '/de/journal/b/keine-solche/', 404)
    await page.waitForFunction(() => document.querySelector('h1')?.textContent?.includes('/de/'))
    expect(await h1(page)).toBe('Seite nicht gefunden: /de/journal/b/keine-solche/')
    expect(new URL(page.url()).pathname).toBe('/de/journal/b/keine-solche/')
    const favicon = await fetch(`${baseUrl()}/favicon.ico`)
    expect(favicon.status).toBe(404)
    expect((await favicon.json()).statusMessage).toBe('Not found')
  })

  it('serves sitemap.xml and robots.txt', async () => {
    const sitemap = await (await fetch(`${baseUrl()}/sitemap.xml`)).text()
    expect(sitemap).toContain('/de/journal/b/runners-knee/</loc>')
    // Alternative paths declare the canonical one and are left out.
    expect(sitemap).not.toMatch(/\/en\/b\/runners-knee\/<\/loc>/)
    const robots = await (await fetch(`${baseUrl()}/robots.txt`)).text()
    expect(robots).toContain('Sitemap: ')
  })
})

describe('previews of drafts', () => {
  it('shows a draft post with a valid token, with the post template', async () => {
    const token = await previewToken()
    const { page, errors } = await openPage(browser)
    await open(page, `/en/v2/preview/journal/b/hamstring-strain-return/?token=${token}`)
    await page.waitForSelector('article.post h1')
    expect(await h1(page)).toBe(DRAFT_TITLE)
    expect(await page.$eval('.preview-banner', (el) => el.textContent)).toContain('Preview')
    await open(page, `/de/v2/preview/journal/c/sports/b/hamstring-strain-return/?token=${token}`)
    await page.waitForSelector('article.post h1')
    expect(await h1(page)).toBe(DRAFT_TITLE)
    expect(errors).toEqual([])
  })

  it('answers a preview without a valid token with a 404 that does not show the token', async () => {
    const { page } = await openPage(browser)
    await open(page, '/en/v2/preview/journal/b/hamstring-strain-return/?token=wrong', 404)
    await page.waitForSelector(
      '::-p-text(Page Not Found: /en/v2/preview/journal/b/hamstring-strain-return/)',
    )
    expect(await page.$('article.post')).toBeNull()
    expect(await page.$eval('body', (body) => body.innerText)).not.toContain('wrong')
  })

  it('keeps the draft off the published site', async () => {
    const response = await fetch(`${baseUrl()}/en/journal/b/hamstring-strain-return/`)
    expect(response.status).toBe(404)
  })
})
