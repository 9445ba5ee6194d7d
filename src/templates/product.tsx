import { graphql, type HeadProps, type PageProps } from 'gatsby'
import { ProductView } from '../components/content/product-view'
import { siteViewOf, type ProductSummary } from '../components/content/site-view'
import { Layout } from '../components/layout/layout'
import { absoluteImageUrl, ContentHead } from '../components/seo/content-seo'
import { type TemplateContext, type TemplateData } from './template-data'

type Data = TemplateData<{ product: ProductSummary }>

export default function ProductTemplate({ data, pageContext }: PageProps<Data, TemplateContext>) {
  return (
    <Layout>
      <ProductView product={data.product} site={siteViewOf(data, pageContext.language)} />
    </Layout>
  )
}

export function Head({ data, pageContext }: HeadProps<Data, TemplateContext>) {
  const { product } = data
  return (
    <ContentHead
      data={data}
      pageContext={pageContext}
      translations={product.translations}
      image={product.images[0]}
      type="product"
      jsonLd={({ text, siteUrl, description, url }) => ({
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: text.title,
        description,
        sku: product.id,
        image: product.images.map((image) => absoluteImageUrl(siteUrl, image)),
        offers: {
          '@type': 'Offer',
          price: (product.price.amount / 100).toFixed(2),
          priceCurrency: product.price.currency,
          availability: 'https://schema.org/InStock',
          url,
        },
      })}
    />
  )
}

export const query = graphql`
  query ContentProductTemplate($id: String!, $language: String!, $messageLanguages: [String!]!) {
    ...SiteChrome
    ...ContentPageMessages
    product: contentProduct(id: { eq: $id }) {
      ...ProductSummaryFields
      translations(forLocale: $language) {
        ...ContentText
        pickUpText
      }
    }
  }
`
