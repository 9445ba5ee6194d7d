import { graphql, type HeadProps, type PageProps } from 'gatsby'
import { CollectionView } from '../components/content/collection-view'
import { siteViewOf, type ProductSummary, type Translated } from '../components/content/site-view'
import { Layout } from '../components/layout/layout'
import { ContentSeo } from '../components/seo/content-seo'
import { headTranslator } from '../components/seo/head-translations'
import { localize } from '../lib/content/localize'
import { describe, type TemplateContext, type TemplateData } from './template-data'

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
  const site = siteViewOf(data, pageContext.language)
  const { collection } = data
  const text = localize(collection.translations, site.locale, site.defaultLocale)
  return (
    <ContentSeo
      chrome={data}
      site={site}
      canonicalPath={pageContext.canonicalPath}
      title={text.seoTitle || text.title}
      description={describe(text)}
      image={collection.products[0]?.images[0]}
      fallbackSiteName={headTranslator(data, pageContext.language)('siteName')}
    />
  )
}

export const query = graphql`
  query ContentCollectionTemplate($id: String!, $language: String!) {
    ...SiteChrome
    ...PageMessages
    collection: contentCollection(id: { eq: $id }) {
      id: contentId
      slug
      translations {
        ...ContentText
      }
      products {
        ...ProductSummaryFields
      }
    }
  }
`
