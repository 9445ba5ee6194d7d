import { graphql, type HeadProps, type PageProps } from 'gatsby'
import { CollectionView } from '../components/content/collection-view'
import { siteViewOf, type ProductSummary, type Translated } from '../components/content/site-view'
import { Layout } from '../components/layout/layout'
import { ContentHead } from '../components/seo/content-seo'
import { type TemplateContext, type TemplateData } from './template-data'

type Data = TemplateData<{ collection: Translated & { products: ProductSummary[] } }>

export default function CollectionTemplate({
  data,
  pageContext,
}: PageProps<Data, TemplateContext>) {
  const { collection } = data
  return (
    <Layout>
      <CollectionView
        collection={collection}
        products={collection.products}
        site={siteViewOf(data, pageContext.language)}
      />
    </Layout>
  )
}

export function Head({ data, pageContext }: HeadProps<Data, TemplateContext>) {
  const { collection } = data
  return (
    <ContentHead
      data={data}
      pageContext={pageContext}
      translations={collection.translations}
      image={collection.products[0]?.images[0]}
    />
  )
}

export const query = graphql`
  query ContentCollectionTemplate($id: String!, $language: String!, $messageLanguages: [String!]!) {
    ...SiteChrome
    ...ContentPageMessages
    collection: contentCollection(id: { eq: $id }) {
      id: contentId
      slug
      translations(forLocale: $language) {
        ...ContentText
      }
      products {
        ...ProductSummaryFields
      }
    }
  }
`
