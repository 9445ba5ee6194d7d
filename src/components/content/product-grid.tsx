import { localize } from '../../lib/content/localize'
import { productPaths } from '../../lib/content/site-paths'
import { formatPrice } from '../../lib/format'
import { languageTagOf } from '../../lib/locale/locales'
import { LocalizedLink } from '../localized-link'
import { ContentImageView } from './content-image'
import type { CardHeadingLevel, ProductSummary, SiteView } from './site-view'

export function ProductPrice({ product, site }: { product: ProductSummary; site: SiteView }) {
  return (
    <span className="product-price">
      {formatPrice(product.price.amount, product.price.currency, languageTagOf(site.locale))}
    </span>
  )
}

/** Product cards in the given order, each linking to its page. */
export function ProductGrid({
  products,
  site,
  headingLevel,
}: {
  products: readonly ProductSummary[]
  site: SiteView
  headingLevel: CardHeadingLevel
}) {
  const Heading = `h${headingLevel}` as const
  return (
    <ul className="product-grid">
      {products.map((product) => {
        const text = localize(product.translations, site.locale, site.defaultLocale)
        const [image] = product.images
        return (
          <li key={product.id} className="product-card">
            {image ? <ContentImageView image={image} className="product-card__image" /> : null}
            <Heading className="product-card__title">
              <LocalizedLink to={productPaths(site.hosts, product.id)[0] ?? '/'}>
                {text.title}
              </LocalizedLink>
            </Heading>
            <ProductPrice product={product} site={site} />
          </li>
        )
      })}
    </ul>
  )
}
