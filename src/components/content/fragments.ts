import { graphql } from 'gatsby'

/** The fields the content templates share; Gatsby registers these fragments site-wide. */
export const contentFragments = graphql`
  fragment ContentText on ContentTranslation {
    locale
    title
    body
    excerpt
    seoTitle
    seoDescription
    canonicalPath
    socialImage {
      ...ContentPicture
    }
  }

  fragment ContentCardText on ContentTranslation {
    locale
    title
    excerpt
  }

  fragment ContentPicture on ContentImage {
    url
    alt
    width
    height
    localFile {
      childImageSharp {
        gatsbyImageData(layout: CONSTRAINED, width: 1200, placeholder: DOMINANT_COLOR)
      }
    }
  }

  fragment PostSummaryFields on ContentPost {
    id: contentId
    slug
    authorId
    publishedAt
    translations(forLocale: $language) {
      ...ContentCardText
    }
    coverImage {
      ...ContentPicture
    }
  }

  fragment AuthorSummaryFields on ContentAuthor {
    id: contentId
    slug
    name
    translations(forLocale: $language) {
      ...ContentCardText
    }
    avatar {
      ...ContentPicture
    }
  }

  fragment ProductSummaryFields on ContentProduct {
    id: contentId
    slug
    price {
      amount
      currency
    }
    translations(forLocale: $language) {
      ...ContentCardText
    }
    images {
      ...ContentPicture
    }
  }

  # One page of a listing: the posts the page context names, newest first, and their authors.
  fragment ListedPosts on Query {
    posts: allContentPost(
      filter: { contentId: { in: $postIds } }
      sort: [{ publishedAt: DESC }, { slug: ASC }]
    ) {
      nodes {
        ...PostSummaryFields
      }
    }
    authors: allContentAuthor {
      nodes {
        ...AuthorSummaryFields
      }
    }
  }

  fragment SiteChrome on Query {
    site {
      siteMetadata {
        siteUrl
      }
    }
    contentSite {
      defaultLocale
      languages
      rootPagePath
      translations(forLocale: $language) {
        locale
        siteName
        cookieBannerText
      }
    }
    blogHost: contentPage(hostsBlog: { eq: true }) {
      path
    }
    storeHost: contentPage(hostsStore: { eq: true }) {
      path
    }
  }
`
