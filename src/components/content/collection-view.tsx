import { localize } from '../../lib/content/localize'
import { LocalizedArticle, RichText } from './localized-article'
import { ProductGrid } from './product-grid'
import type { ProductSummary, SiteView, Translated } from './site-view'

/** A collection: its text and its products in the collection's order. */
export function CollectionView({
  collection,
  products,
  site,
}: {
  collection: Translated
  products: readonly ProductSummary[]
  site: SiteView
}) {
  const text = localize(collection.translations, site.locale, site.defaultLocale)
  return (
    <LocalizedArticle site={site} fallback={text.fallback} className="collection">
      <h1>{text.title}</h1>
      <RichText html={text.body ?? ''} />
      <ProductGrid products={products} site={site} headingLevel={2} />
    </LocalizedArticle>
  )
}
