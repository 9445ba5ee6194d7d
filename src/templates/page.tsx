import { graphql, type HeadProps, type PageProps } from 'gatsby'
import { PageView } from '../components/content/page-view'
import {
  siteViewOf,
  type AuthorSummary,
  type PostSummary,
  type ProductSummary,
  type Translated,
} from '../components/content/site-view'
import { Layout } from '../components/layout/layout'
import { ContentHead } from '../components/seo/content-seo'
import { paginationOf, type TemplateContext, type TemplateData } from './template-data'

type Data = TemplateData<{
  page: Translated & { path: string; hostsBlog: boolean; hostsStore: boolean }
  posts: { nodes: PostSummary[] }
  authors: { nodes: AuthorSummary[] }
  collections: { nodes: (Translated & { products: ProductSummary[] })[] }
}>

export default function PageTemplate({ data, pageContext }: PageProps<Data, TemplateContext>) {
  const site = siteViewOf(data, pageContext.language)
  const { page } = data
  return (
    <Layout>
      <PageView
        page={page}
        site={site}
        blog={
          page.hostsBlog
            ? {
                posts: data.posts.nodes,
                authors: data.authors.nodes,
                pagination: paginationOf(pageContext),
              }
            : undefined
        }
        store={page.hostsStore ? { collections: data.collections.nodes } : undefined}
        presentsClinic={page.path === data.contentSite?.rootPagePath}
      />
    </Layout>
  )
}

export function Head({ data, pageContext }: HeadProps<Data, TemplateContext>) {
  return <ContentHead data={data} pageContext={pageContext} translations={data.page.translations} />
}

export const query = graphql`
  query ContentPageTemplate(
    $id: String!
    $language: String!
    $messageLanguages: [String!]!
    $postIds: [String!] = []
  ) {
    ...SiteChrome
    ...ContentPageMessages
    page: contentPage(id: { eq: $id }) {
      id: contentId
      slug
      path
      hostsBlog
      hostsStore
      translations(forLocale: $language) {
        ...ContentText
      }
    }
    ...ListedPosts
    collections: allContentCollection(sort: { slug: ASC }) {
      nodes {
        id: contentId
        slug
        translations(forLocale: $language) {
          ...ContentCardText
        }
        products {
          ...ProductSummaryFields
        }
      }
    }
  }
`
