import { graphql, type HeadProps, type PageProps } from 'gatsby'
import { ListingView, type ListingKind } from '../components/content/listing-view'
import {
  siteViewOf,
  type AuthorSummary,
  type PostSummary,
  type Translated,
} from '../components/content/site-view'
import { Layout } from '../components/layout/layout'
import { ContentHead } from '../components/seo/content-seo'
import { paginationOf, type TemplateContext, type TemplateData } from './template-data'

type Data = TemplateData<{
  category: Translated | null
  tag: Translated | null
  author: (Translated & { name: string }) | null
  posts: { nodes: PostSummary[] }
  authors: { nodes: AuthorSummary[] }
}>

type Context = TemplateContext & { listing: ListingKind }

function listedItem(data: Data, listing: ListingKind) {
  const item = data[listing]
  if (!item) throw new Error(`The ${listing} of this listing is missing`)
  return item
}

/** Category, tag and author listings: one template, the context says which. */
export default function ListingTemplate({ data, pageContext }: PageProps<Data, Context>) {
  return (
    <Layout>
      <ListingView
        kind={pageContext.listing}
        item={listedItem(data, pageContext.listing)}
        posts={data.posts.nodes}
        authors={data.authors.nodes}
        site={siteViewOf(data, pageContext.language)}
        pagination={paginationOf(pageContext)}
      />
    </Layout>
  )
}

export function Head({ data, pageContext }: HeadProps<Data, Context>) {
  const item = listedItem(data, pageContext.listing)
  return (
    <ContentHead
      data={data}
      pageContext={pageContext}
      translations={item.translations}
      name={'name' in item ? item.name : undefined}
    />
  )
}

export const query = graphql`
  query ContentListingTemplate(
    $id: String!
    $language: String!
    $messageLanguages: [String!]!
    $postIds: [String!]!
  ) {
    ...SiteChrome
    ...ContentPageMessages
    category: contentCategory(id: { eq: $id }) {
      id: contentId
      slug
      translations(forLocale: $language) {
        ...ContentText
      }
    }
    tag: contentTag(id: { eq: $id }) {
      id: contentId
      slug
      translations(forLocale: $language) {
        ...ContentText
      }
    }
    author: contentAuthor(id: { eq: $id }) {
      id: contentId
      slug
      name
      translations(forLocale: $language) {
        ...ContentText
      }
    }
    ...ListedPosts
  }
`
