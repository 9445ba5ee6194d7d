import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import type { ContentKind } from '../../src/lib/content/types'
import type { Database } from '../db'
import { HttpError, requestUrl } from '../errors'
import { MEDIA_NAME_PATTERN, MEDIA_PATH, MEDIA_WIDTHS } from '../../src/lib/content/media-sizes'
import { findMedia, SERVED_TYPES, type ServedType } from './media'
import { limitPerClient, type RateLimits } from '../rate-limit'
import { isPreviewTokenValid, previewBundle } from './preview'
import { contentVersion, isContentKind, listItems, loadSite, type ReadScope } from './read'
import {
  contentItemSchema,
  contentListSchema,
  contentVersionSchema,
  mediaFileAnswer,
  notModified,
  previewBundleSchema,
  siteSettingsSchema,
} from './response-schemas'
import { ID_PATTERN } from './schemas'

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

/**
 * The width `?w=` asks for; undefined without one. Only the widths copies are made in are
 * answered (400 for any other): the site names no other, and each answer is cached by URL.
 */
function mediaWidthOf(w: unknown): number | undefined {
  if (w === undefined) return undefined
  const width = MEDIA_WIDTHS.find((each) => String(each) === w)
  if (width === undefined) {
    const widths = MEDIA_WIDTHS.join(', ')
    throw new HttpError(400, 'Bad Request', `The width w may be one of ${widths} pixels.`)
  }
  return width
}

/** Whether an Accept header names `type`, and not with q=0. */
function accepts(accept: string | undefined, type: string): boolean {
  return (accept ?? '').split(',').some((range) => {
    const [named, ...params] = range.split(';').map((part) => part.trim().toLowerCase())
    return named === type && !params.some((param) => /^q=0(\.0*)?$/.test(param))
  })
}

/**
 * The best format of SERVED_TYPES an Accept header names; undefined for none (the image's own).
 * Only a type named counts: browsers that decode no AVIF send `image/*` too.
 */
function servedTypeFor(accept: string | undefined): ServedType | undefined {
  return SERVED_TYPES.find((type) => accepts(accept, type))
}

/** The content API the site build reads (published items only) and the preview pages read. */
export const contentRoutes: FastifyPluginAsync<{
  ctx: ContentContext
  /** Preview token checks one client may make. */
  rateLimits: RateLimits
}> = async (app, { ctx, rateLimits }) => {
  await limitPerClient(app, rateLimits, 'preview')

  app.get('/content/site', { schema: { response: { 200: siteSettingsSchema } } }, async (request) =>
    loadSite(readScope(ctx, request, true)),
  )

  app.get(
    '/content/version',
    { schema: { response: { 200: contentVersionSchema } } },
    async () => ({ version: await contentVersion(ctx.db) }),
  )

  // An image, or with `?w=` its copy of that width (media-sizes.ts), which the site's srcset names;
  // each in the best format the browser takes (AVIF, WebP, else the image's own).
  app.get<{ Params: { name: string }; Querystring: { w?: unknown } }>(
    '/content/media/:name',
    { schema: { response: { 200: mediaFileAnswer, 304: notModified } } },
    async (request, reply) => {
      const { name } = request.params
      const width = mediaWidthOf(request.query.w)
      const type = servedTypeFor(request.headers.accept)
      const media = MEDIA_NAME_PATTERN.test(name)
        ? await findMedia(ctx.db, name, { width, type })
        : undefined
      if (!media) throw notFound(request)
      const served = media.contentType
      // One per format: a cache holding a copy in one never has it revalidated as another.
      const etag = `"${media.updatedAt.getTime().toString(36)}-${media.bytes.length}-${served.slice('image/'.length)}"`
      // A week, not forever: an image may be replaced under the same name.
      reply.header('cache-control', 'public, max-age=604800').header('etag', etag)
      // The format follows the browser's Accept: a cache keeps one of each.
      reply.header('vary', 'Accept')
      if (request.headers['if-none-match'] === etag) return reply.status(304).send()
      return reply.type(served).send(media.bytes)
    },
  )

  app.get<{ Params: { kind: string } }>(
    '/content/:kind',
    { schema: { response: { 200: contentListSchema } } },
    async (request) => ({
      items: await listItems(readScope(ctx, request, true), kindOf(request)),
    }),
  )

  app.get<{ Params: { kind: string; id: string } }>(
    '/content/:kind/:id',
    { schema: { response: { 200: contentItemSchema } } },
    async (request) => {
      const kind = kindOf(request)
      const { id } = request.params
      const [item] = couldName(id)
        ? await listItems(readScope(ctx, request, true), kind, { ids: [id] })
        : []
      if (!item) throw notFound(request)
      return item
    },
  )

  app.get<{ Params: { kind: string; idOrSlug: string }; Querystring: { token?: unknown } }>(
    '/content/preview/:kind/:idOrSlug',
    { schema: { response: { 200: previewBundleSchema } }, config: { rateLimit: {} } },
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
