import { render, screen, within } from '@testing-library/react'
import { useStaticQuery } from 'gatsby'
import type { Locale } from '../../lib/locale/locales'
import { productTranslation } from '../../lib/testing/content'
import { ProductView } from './product-view'
import type { ProductSummary } from './site-view'

const USUAL = 'Reserve it and collect it at the clinic; you pay when you pick it up.'

const band = (translations: ProductSummary['translations']): ProductSummary => ({
  id: 'band',
  slug: 'band',
  price: { amount: 1250, currency: 'EUR' },
  images: [],
  translations,
})

const english = productTranslation('en', 'Resistance band', 'Collect it at the front desk.')
const german = (pickUpText = '') => productTranslation('de', 'Widerstandsband', pickUpText)

/** The product's "how to get it" section on its page in `locale` (English the default). */
function pickUp(product: ProductSummary, locale: Locale) {
  const { unmount } = render(
    <ProductView
      product={product}
      site={{ locale, defaultLocale: 'en', hosts: { blogPath: 'journal', storePath: 'shop' } }}
    />,
  )
  const section = screen.getByRole('region', { name: 'How to get it' })
  const shown = {
    text: section.querySelector('p')?.textContent,
    links: within(section)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]),
  }
  unmount()
  return shown
}

beforeEach(() => {
  jest.mocked(useStaticQuery).mockReturnValue({
    bookingProvider: { slug: 'harbor', email: 'hello@harbor.example' },
  })
})

describe('a product page’s pick-up text', () => {
  it('is the product’s own in the page’s language, in place of the usual sentence', () => {
    expect(pickUp(band([german('An der Rezeption abholen.'), english]), 'de')).toEqual({
      text: 'An der Rezeption abholen.',
      // The ways to reserve and ask stay as they were, the product named.
      links: [
        [
          'Reserve for pick-up',
          'mailto:hello@harbor.example?subject=Reservation%3A%20Widerstandsband',
        ],
        [
          'Ask a question',
          'mailto:hello@harbor.example?subject=Question%20about%20Widerstandsband',
        ],
      ],
    })
  })

  it('is the site’s usual sentence where the language’s text has none of its own', () => {
    expect(pickUp(band([german(), english]), 'de').text).toBe(USUAL)
    expect(pickUp(band([productTranslation('en', 'Resistance band')]), 'en').text).toBe(USUAL)
  })

  it('comes with the rest of the text shown in place of a language not written', () => {
    expect(pickUp(band([german(), english]), 'fr').text).toBe('Collect it at the front desk.')
  })
})
