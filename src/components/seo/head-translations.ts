import { graphql } from 'gatsby'

/** The shape gatsby-plugin-react-i18next's page query returns: the page's messages by language. */
export interface LocalesData {
  locales: { edges: { node: { ns: string; data: string; language: string } }[] }
}

/**
 * Gatsby's Head export renders outside the i18next provider, so it reads the page's messages from
 * the page query's data directly: the page's language over the English fallback.
 */
export function headTranslator(
  data: LocalesData,
  language?: string,
): (key: string, values?: Record<string, string>) => string {
  const messages: Record<string, string> = {}
  const nodes = data.locales.edges.map((edge) => edge.node)
  for (const node of [
    ...nodes.filter((node) => node.language !== language),
    ...nodes.filter((node) => node.language === language),
  ]) {
    Object.assign(messages, JSON.parse(node.data) as Record<string, string>)
  }
  return (key, values = {}) =>
    (messages[key] ?? key).replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole)
}

/**
 * The page's messages for gatsby-plugin-react-i18next: its own language, and English only for a
 * language whose keys may fall back to it (`$messageLanguages`, which messageLanguagesOf puts in
 * every page's context). Only the site's namespace: the dashboard's messages (admin.json) would
 * otherwise ride in every page's data, fetched by every visitor. For the widget, forms, manage and
 * embed pages; content pages take ContentPageMessages.
 */
export const pageMessagesFragment = graphql`
  fragment PageMessages on Query {
    locales: allLocale(filter: { language: { in: $messageLanguages }, ns: { eq: "translation" } }) {
      edges {
        node {
          ns
          data
          language
        }
      }
    }
  }
`

/**
 * A content page's messages (pages, posts, listings, products, collections, 404, previews): as
 * PageMessages, narrowed to the groups the site uses (SITE_MESSAGE_GROUPS, derived at build by
 * site-messages.ts), so its data carries none of the widget's, forms' or validation messages. The
 * plugin makes their namespace the page's default, so `t('content.readMore')` reads as anywhere.
 */
export const contentPageMessagesFragment = graphql`
  fragment ContentPageMessages on Query {
    locales: allSiteMessages(filter: { language: { in: $messageLanguages } }) {
      edges {
        node {
          ns
          data
          language
        }
      }
    }
  }
`

/** The dashboard's page: the site's messages and its own namespace (admin.json). */
export const adminMessagesFragment = graphql`
  fragment AdminMessages on Query {
    locales: allLocale(
      filter: { language: { in: [$language, "en"] }, ns: { in: ["translation", "admin"] } }
    ) {
      edges {
        node {
          ns
          data
          language
        }
      }
    }
  }
`
