import { localize } from '../../lib/content/localize'
import { ProductPickUp } from '../clinic/product-pick-up'
import { ContentImageView } from './content-image'
import { LocalizedArticle, RichText } from './localized-article'
import { ProductPrice } from './product-grid'
import type { ProductSummary, SiteView } from './site-view'

/** A product: its images, name, price in the visitor's number format, description, how to get it. */
export function ProductView({ product, site }: { product: ProductSummary; site: SiteView }) {
  const text = localize(product.translations, site.locale, site.defaultLocale)
  return (
    <LocalizedArticle site={site} fallback={text.fallback} className="product">
      <div className="product__images">
        {product.images.map((image, index) => (
          <ContentImageView key={image.url} image={image} eager={index === 0} />
        ))}
      </div>
      <div className="product__text">
        <h1>{text.title}</h1>
        <p className="product__price">
          <ProductPrice product={product} site={site} />
        </p>
        <RichText html={text.body ?? ''} />
        <ProductPickUp productName={text.title} pickUpText={text.pickUpText ?? ''} />
      </div>
    </LocalizedArticle>
  )
}
