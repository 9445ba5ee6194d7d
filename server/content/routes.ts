import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import type { ContentKind } from '../../src/lib/content/types'
import type { Database } from '../db'
import { HttpError, requestUrl } from '../errors'
import { findMedia, MEDIA_PATH } from './media'
import { limitPerClient, type RateLimits } from '../rate-limit'
import { isPreviewTokenValid, previewBundle } from './preview'
import { contentVersion, isContentKind, listItems, loadSite, type ReadScope } from './read'
import { ID_PATTERN, MEDIA_NAME_PATTERN } from './schemas'

export interface ContentContext {
  db: Database
  now: () => number
}

/**
 * Image URLs point at the host the request came to: the build fetches from CONTENT_API_URL,
 * previews from the site's own origin, and each can reach the address it used.
 */
export function readScope(
  ctx: ContentContext,
  request: FastifyRequest,
  publishedOnly: boolean,
): ReadScope {
  const origin = `${request.protocol}://${request.host}`
  return {
    db: ctx.db,
    publishedOnly,
    mediaUrl: (name) => `${origin}${MEDIA_PATH}${encodeURIComponent(name)}`,
  }
}

/**
 * A route shape that matched with a parameter naming nothing (spec §8); the query is left out,
 * as it may hold a preview token.
 */
function notFound(request: FastifyRequest): HttpError {
  const { pathname } = requestUrl(request.url)
  return new HttpError(404, `Page Not Found: ${pathname}`)
}

/**
 * Whether a path parameter could be an item's id or slug (slugs fit the id pattern): anything else
 * names nothing and never reaches a query, which NUL or a lone surrogate would break.
 */
const couldName = (idOrSlug: string) => ID_PATTERN.test(idOrSlug)

function kindOf(request: FastifyRequest<{ Params: { kind: string } }>): ContentKind {
  if (!isContentKind(request.params.kind)) throw notFound(request)
  return request.params.kind
}

/** The content API the site build reads (published items only) and the preview pages read. */
export const contentRoutes: FastifyPluginAsync<{
  ctx: ContentContext
  /** Preview token checks one client may make. */
  rateLimits: RateLimits
}> = async (app, { ctx, rateLimits }) => {
  await limitPerClient(app, rateLimits, 'preview')

  app.get('/content/site', async (request) => loadSite(readScope(ctx, request, true)))

  app.get('/content/version', async () => ({ version: await contentVersion(ctx.db) }))

  app.get<{ Params: { name: string } }>('/content/media/:name', async (request, reply) => {
    const { name } = request.params
    const media = MEDIA_NAME_PATTERN.test(name) ? await findMedia(ctx.db, name) : undefined
    if (!media) throw notFound(request)
    const etag = `"${media.updatedAt.getTime().toString(36)}-${media.bytes.length}"`
    // A week, not forever: an image may be replaced under the same name.
    reply.header('cache-control', 'public, max-age=604800').header('etag', etag)
    if (request.headers['if-none-match'] === etag) return reply.status(304).send()
    return reply.type(media.contentType).send(media.bytes)
  })

  app.get<{ Params: { kind: string } }>('/content/:kind', async (request) => ({
    items: await listItems(readScope(ctx, request, true), kindOf(request)),
  }))

  app.get<{ Params: { kind: string; id: string } }>('/content/:kind/:id', async (request) => {
    const kind = kindOf(request)
    const { id } = request.params
    const [item] = couldName(id)
      ? await listItems(readScope(ctx, request, true), kind, { ids: [id] })
      : []
    if (!item) throw notFound(request)
    return item
  })

  app.get<{ Params: { kind: string; idOrSlug: string }; Querystring: { token?: unknown } }>(
    '/content/preview/:kind/:idOrSlug',
    { config: { rateLimit: {} } },
    async (request, reply) => {
      const { token } = request.query
      // Without a valid token, nothing tells whether the item exists.
      if (typeof token !== 'string' || !(await isPreviewTokenValid(ctx.db, token, ctx.now()))) {
        throw notFound(request)
      }
      const kind = kindOf(request)
      const { idOrSlug } = request.params
      const bundle = couldName(idOrSlug)
        ? await previewBundle({ ...readScope(ctx, request, false), pending: true }, kind, idOrSlug)
        : undefined
      if (!bundle) throw notFound(request)
      return reply.header('cache-control', 'private, no-store').send(bundle)
    },
  )
}
