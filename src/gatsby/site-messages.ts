import type { GatsbyNode, Node } from 'gatsby'
import { SITE_MESSAGES_NS, siteMessagesOf } from '../lib/locale/site-messages'

/**
 * The node the content pages query their messages from, shaped as the i18n plugin's Locale node
 * (its page wrapper builds i18next's resources from any node with ns, data and language). Its own
 * type: Gatsby refuses a node of the plugin's type created by another plugin.
 */
export const siteMessagesTypeDefs = `
  "A language's site messages: its translation.json narrowed to SITE_MESSAGE_GROUPS."
  type SiteMessages implements Node @dontInfer {
    language: String!
    ns: String!
    data: String!
  }
`

interface LocaleNode extends Node {
  language: string
  ns: string
  data: string
}

/** A Locale node the i18n plugin made of a locales/<lang>/translation.json. */
function isTranslationLocale(node: Node): node is LocaleNode {
  return node.internal.type === 'Locale' && node.ns === 'translation'
}

export const shouldCreateSiteMessages: GatsbyNode<Node>['shouldOnCreateNode'] = ({ node }) =>
  isTranslationLocale(node)

/**
 * Derives each language's site messages from its translation.json's Locale node, at every build
 * and whenever the file changes, so no key is kept in two files. Its child: deleted with it.
 */
export const createSiteMessages: GatsbyNode['onCreateNode'] = ({
  node,
  actions,
  createNodeId,
  createContentDigest,
}) => {
  if (!isTranslationLocale(node)) return
  const data = JSON.stringify(siteMessagesOf(JSON.parse(node.data) as Record<string, string>))
  const child = {
    id: createNodeId(`${node.id} >>> SiteMessages`),
    parent: node.id,
    children: [],
    language: node.language,
    ns: SITE_MESSAGES_NS,
    data,
    internal: { type: 'SiteMessages', contentDigest: createContentDigest(data) },
  }
  actions.createNode(child)
  actions.createParentChildLink({ parent: node, child })
}
