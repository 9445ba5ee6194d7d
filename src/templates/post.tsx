import { graphql, type HeadProps, type PageProps } from 'gatsby'
import { PostView } from '../components/content/post-view'
import {
  siteViewOf,
  type AuthorSummary,
  type PostSummary,
  type Translated,
} from '../components/content/site-view'
import { Layout } from '../components/layout/layout'
import { absoluteImageUrl, ContentHead } from '../components/seo/content-seo'
import { languageTagOf } from '../lib/locale/locales'
import { type TemplateContext, type TemplateData } from './template-data'

type Data = TemplateData<{
  post: PostSummary & {
    updatedAt: string
    author: AuthorSummary | null
    categories: Translated[]
    tags: Translated[]
  }
}>

export default function PostTemplate({ data, pageContext }: PageProps<Data, TemplateContext>) {
  const { post } = data
  return (
    <Layout>
      <PostView
        post={post}
        author={post.author}
        categories={post.categories}
        tags={post.tags}
        site={siteViewOf(data, pageContext.language)}
      />
    </Layout>
  )
}

export function Head({ data, pageContext }: HeadProps<Data, TemplateContext>) {
  const { post } = data
  return (
    <ContentHead
      data={data}
      pageContext={pageContext}
      translations={post.translations}
      image={post.coverImage}
      type="article"
      jsonLd={({ text, site, siteUrl, description, url }) => ({
        '@context': 'https://schema.org',
        '@type': 'BlogPosting',
        headline: text.title,
        description,
        inLanguage: languageTagOf(text.fallback ? site.defaultLocale : site.locale),
        datePublished: post.publishedAt,
        dateModified: post.updatedAt,
        author: post.author ? { '@type': 'Person', name: post.author.name } : undefined,
        image: post.coverImage ? absoluteImageUrl(siteUrl, post.coverImage) : undefined,
        mainEntityOfPage: url,
      })}
    />
  )
}

export const query = graphql`
  query ContentPostTemplate($id: String!, $language: String!, $messageLanguages: [String!]!) {
    ...SiteChrome
    ...ContentPageMessages
    post: contentPost(id: { eq: $id }) {
      ...PostSummaryFields
      updatedAt
      translations(forLocale: $language) {
        ...ContentText
      }
      author {
        ...AuthorSummaryFields
      }
      categories {
        id: contentId
        slug
        translations(forLocale: $language) {
          ...ContentCardText
        }
      }
      tags {
        id: contentId
        slug
        translations(forLocale: $language) {
          ...ContentCardText
        }
      }
    }
  }
`
