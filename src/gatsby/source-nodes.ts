import type { GatsbyNode, SourceNodesArgs } from 'gatsby'
import type { ProviderResponse } from '../lib/booking/api-types'
import { createRemoteFileNode } from 'gatsby-source-filesystem'
import type {
  ContentImage,
  ContentItems,
  ContentKind,
  ContentList,
  SiteSettings,
} from '../lib/content/types'
import { CONTENT_KINDS } from '../lib/content/types'

/** GraphQL type of each kind's nodes. */
export const NODE_TYPES: Record<ContentKind, string> = {
  pages: 'ContentPage',
  posts: 'ContentPost',
  categories: 'ContentCategory',
  authors: 'ContentAuthor',
  tags: 'ContentTag',
  products: 'ContentProduct',
  collections: 'ContentCollection',
}

export function contentApiUrl(env: NodeJS.ProcessEnv = process.env): string {
  return (env.CONTENT_API_URL || 'http://127.0.0.1:8000/api').replace(/\/$/, '')
}

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url)
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`)
  return (await response.json()) as T
}

type WithLocalFile = ContentImage & { localFileId?: string }

/** Downloads an image into Gatsby's cache as a File node, for gatsby-plugin-image to process. */
async function withLocalFile(
  image: ContentImage,
  args: SourceNodesArgs,
  parentNodeId: string,
): Promise<WithLocalFile> {
  const file = await createRemoteFileNode({
    url: image.url,
    parentNodeId,
    createNode: args.actions.createNode,
    createNodeId: args.createNodeId,
    getCache: args.getCache,
  })
  return { ...image, localFileId: file.id }
}

/** The item's fields as a node: images get their downloaded file, the API id becomes contentId. */
async function nodeFields(
  kind: ContentKind,
  item: ContentItems[ContentKind],
  args: SourceNodesArgs,
  nodeId: string,
): Promise<Record<string, unknown>> {
  const { id, ...fields } = item
  const node: Record<string, unknown> = {
    ...fields,
    contentId: id,
    translations: await Promise.all(
      item.translations.map(async (translation) => ({
        ...translation,
        socialImage:
          translation.socialImage && (await withLocalFile(translation.socialImage, args, nodeId)),
      })),
    ),
  }
  if (kind === 'posts' && 'coverImage' in item && item.coverImage) {
    node.coverImage = await withLocalFile(item.coverImage, args, nodeId)
  }
  if (kind === 'authors' && 'avatar' in item && item.avatar) {
    node.avatar = await withLocalFile(item.avatar, args, nodeId)
  }
  if (kind === 'products' && 'images' in item) {
    node.images = await Promise.all(item.images.map((image) => withLocalFile(image, args, nodeId)))
  }
  return node
}

/**
 * Pulls every published item from the content API (`CONTENT_API_URL`; `npm start` points it at
 * its own server) into Gatsby's GraphQL layer, with the business the site books for (its
 * services, prices and staff, from the booking API).
 */
export const sourceContentNodes: GatsbyNode['sourceNodes'] = async (args) => {
  const { actions, createNodeId, createContentDigest, reporter } = args
  const api = contentApiUrl()
  const activity = reporter.activityTimer(`content from ${api}`)
  activity.start()
  const site = await getJson<SiteSettings>(`${api}/content/site`)
  const siteId = createNodeId('content-site')
  actions.createNode({
    ...site,
    logo: site.logo && (await withLocalFile(site.logo, args, siteId)),
    id: siteId,
    internal: { type: 'ContentSite', contentDigest: createContentDigest(site) },
  })
  if (site.bookingProvider) {
    const { id: providerId, ...provider } = await getJson<ProviderResponse>(
      `${api}/providers/${encodeURIComponent(site.bookingProvider)}`,
    )
    actions.createNode({
      ...provider,
      providerId,
      id: createNodeId('booking-provider'),
      internal: { type: 'BookingProvider', contentDigest: createContentDigest(provider) },
    })
  }
  let count = 0
  for (const kind of CONTENT_KINDS) {
    const { items } = await getJson<ContentList<typeof kind>>(`${api}/content/${kind}`)
    for (const item of items) {
      const id = createNodeId(`${NODE_TYPES[kind]}-${item.id}`)
      const fields = await nodeFields(kind, item, args, id)
      actions.createNode({
        ...fields,
        id,
        internal: { type: NODE_TYPES[kind], contentDigest: createContentDigest(item) },
      })
      count++
    }
  }
  activity.setStatus(`${count} items`)
  activity.end()
}
