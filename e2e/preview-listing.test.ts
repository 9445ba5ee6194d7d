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

/** Each listing a preview can show, with its heading and the built page it must look like. */
const LISTINGS: [string, string, string][] = [
  ['/journal/c/sports/', 'Category: Sports performance', '/journal/c/sports/'],
  ['/journal/tag/knee/', 'Tag: Knee', '/journal/tag/knee/'],
  ['/journal/author/lena-vogel/', 'Posts by Dr. Lena Vogel', '/journal/author/lena-vogel/'],
  ['/shop/collections/recovery-tools/', 'Recovery tools', '/shop/collections/recovery-tools/'],
]

interface CardImage {
  image: DOMRect
  card: DOMRect
}

/** Every image of a card in the main content, with the box of the card that holds it. */
const cardImages = (page: Page): Promise<CardImage[]> =>
  page.$$eval('main li img', (images) =>
    images.map((image) => ({
      image: image.getBoundingClientRect().toJSON() as DOMRect,
      card: image.closest('li')!.getBoundingClientRect().toJSON() as DOMRect,
    })),
  )

const inside = ({ image, card }: CardImage) =>
  image.left >= card.left &&
  image.right <= card.right &&
  image.top >= card.top &&
  image.bottom <= card.bottom

const overflowsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)

async function openListing(page: Page, path: string, heading: string) {
  const response = await page.goto(`${baseUrl()}${path}`)
  expect(response?.status() === 304 ? 200 : response?.status()).toBe(200)
  await page.waitForSelector(`::-p-aria([name="${heading}"][role="heading"])`)
}

describe('an editor previewing listings', () => {
  it.each(LISTINGS.flatMap((listing) => [1280, 360].map((width) => [width, ...listing] as const)))(
    'at %i px sees %s with every image inside its card, as on the built page',
    async (width, path, heading, builtPath) => {
      const token = await previewToken()
      const { page, errors, consoleErrors } = await openPage(browser)
      await page.setViewport({ width, height: 900 })

      await openListing(page, `/en/v2/preview${path}?token=${token}`, heading)
      expect(await page.$('::-p-aria([role="note"])')).not.toBeNull()
      const previewed = await cardImages(page)
      expect(previewed.length).toBeGreaterThan(0)
      expect(previewed.filter((box) => !inside(box))).toEqual([])
      expect(await overflowsSideways(page)).toBe(false)

      await openListing(page, `/en${builtPath}`, heading)
      const [built] = await cardImages(page)
      // The same views and styles: every card image as wide as the built page's.
      expect(previewed.map(({ image }) => image.width)).toEqual(
        previewed.map(() => built!.image.width),
      )
      expect(errors).toEqual([])
      expect(consoleErrors).toEqual([])
    },
  )
})
