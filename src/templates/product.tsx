import { graphql, type HeadProps, type PageProps } from 'gatsby'
import { ProductView } from '../components/content/product-view'
import { siteViewOf, type ProductSummary } from '../components/content/site-view'
import { Layout } from '../components/layout/layout'
import { absoluteImageUrl, ContentSeo } from '../components/seo/content-seo'
import { headTranslator } from '../components/seo/head-translations'
import { localize } from '../lib/content/localize'
import { localizedPath } from '../lib/locale/locales'
import { describe, type TemplateContext, type TemplateData } from './template-data'

type Data = TemplateData<{ product: ProductSummary }>

export default function ProductTemplate({ data, pageContext }: PageProps<Data, TemplateContext>) {
  return (
    <Layout>
      <ProductView product={data.product} site={siteViewOf(data, pageContext.language)} />
    </Layout>
  )
}

export function Head({ data, pageContext }: HeadProps<Data, TemplateContext>) {
  const site = siteViewOf(data, pageContext.language)
  const { product } = data
  const text = localize(product.translations, site.locale, site.defaultLocale)
  const siteUrl = data.site?.siteMetadata.siteUrl ?? ''
  return (
    <ContentSeo
      chrome={data}
      site={site}
      canonicalPath={pageContext.canonicalPath}
      title={text.seoTitle || text.title}
      description={describe(text)}
      image={product.images[0]}
      type="product"
      fallbackSiteName={headTranslator(data, pageContext.language)('siteName')}
      jsonLd={{
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: text.title,
        description: describe(text),
        sku: product.id,
        image: product.images.map((image) => absoluteImageUrl(siteUrl, image)),
        offers: {
          '@type': 'Offer',
          price: (product.price.amount / 100).toFixed(2),
          priceCurrency: product.price.currency,
          availability: 'https://schema.org/InStock',
          url: `${siteUrl}${localizedPath(site.locale, pageContext.canonicalPath)}`,
        },
      }}
    />
  )
}

export const query = graphql`
  query ContentProductTemplate($id: String!, $language: String!) {
    ...SiteChrome
    ...PageMessages
    product: contentProduct(id: { eq: $id }) {
      ...ProductSummaryFields
      translations {
        ...ContentText
      }
    }
  }
`
