import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import type { ContentKind, ContentStatus } from '../../src/lib/content/types'
import type { Locale } from '../../src/lib/locale/locales'
import { Joi } from '../../src/lib/validation/joi'
import { actorOf, CONTENT_ROLES, requireAdmin, type AdminAuth } from '../admin/auth'
import { useJoiValidation } from '../booking/http/joi-validator'
import { validate } from '../booking/http/validate'
import { HttpError } from '../errors'
import { noContent } from '../openapi/schemas'
import { readCursor } from '../page-cursor'
import { preventStoring } from '../security-headers'
import { MEDIA_NAME_PATTERN } from '../../src/lib/content/media-sizes'
import { deleteMedia, listMedia, MEDIA_TYPES, processMedia, setMediaAlt, storeMedia } from './media'
import { createPreviewToken } from './preview'
import { isContentKind, listItems, loadSite } from './read'
import {
  mediaItemSchema,
  mediaListSchema,
  previewTokenAnswerSchema,
  revisionListSchema,
  revisionSchema,
  siteSettingsSchema,
  studioItemSchema,
  studioPageSchema,
  uploadedMediaSchema,
} from './response-schemas'
import { readScope, type ContentContext } from './routes'
import {
  createSchemas,
  isItemId,
  itemParamsSchema,
  mediaAltSchema,
  patchSchemas,
  previewTokenSchema,
  restoreSchema,
  revisionParamsSchema,
  scheduleSchema,
  siteSchema,
  studioListSchema,
  type SiteInput,
  type StudioListInput,
} from './schemas'
import { studioList } from './studio-list'
import { findRevision, listRevisions } from './revisions'
import {
  createItem,
  discardPending,
  putSite,
  restoreRevision,
  scheduleItem,
  setStatus,
  updateItem,
} from './write'

// Images are far larger than the JSON the rest of the API takes.
const MAX_MEDIA_BYTES = 8 * 1024 * 1024

const mediaParams = Joi.object({
  name: Joi.string().pattern(MEDIA_NAME_PATTERN).required().messages({
    'string.pattern.base':
      'A media name may hold lowercase letters, digits, dots, dashes and underscores',
  }),
})

function kindOf(request: FastifyRequest<{ Params: { kind: string } }>): ContentKind {
  const { kind } = request.params
  if (!isContentKind(kind)) throw new HttpError(404, 'Not Found', `No such content kind: ${kind}.`)
  return kind
}

/** Editing content: owners, admins and editors (or `Authorization: Bearer $ADMIN_TOKEN`). */
export const contentAdminRoutes: FastifyPluginAsync<{
  ctx: ContentContext
  auth: AdminAuth
}> = async (app, { ctx, auth }) => {
  useJoiValidation(app)
  requireAdmin(app, auth, CONTENT_ROLES)
  preventStoring(app)
  app.addContentTypeParser(
    Object.keys(MEDIA_TYPES),
    { parseAs: 'buffer', bodyLimit: MAX_MEDIA_BYTES },
    (_request, body, done) => done(null, body),
  )
  const now = () => new Date(ctx.now())

  /** The studio's view: any status, with versions and waiting changes. */
  const studioScope = (request: FastifyRequest) => ({
    ...readScope(ctx, request, false),
    studio: true,
    pending: true,
  })
  /** The item as the studio sees it, after a write. */
  const itemView = async (request: FastifyRequest, kind: ContentKind, id: string) =>
    (await listItems(studioScope(request), kind, { ids: [id] }))[0]
  const actor = (request: FastifyRequest) => actorOf(request).name

  // The settings as stored, a root page that is still a draft included (the public view leaves it out).
  app.get('/site', { schema: { response: { 200: siteSettingsSchema } } }, async (request) =>
    loadSite(readScope(ctx, request, false)),
  )

  app.put<{ Body: SiteInput }>(
    '/site',
    { schema: { body: siteSchema, response: { 200: siteSettingsSchema } } },
    async (request) => {
      await ctx.db.transaction((tx) => putSite(tx, request.body, now()))
      return loadSite(readScope(ctx, request, false))
    },
  )

  app.put<{ Params: { name: string }; Body: unknown }>(
    '/media/:name',
    {
      schema: {
        params: mediaParams,
        response: { 200: uploadedMediaSchema, 201: uploadedMediaSchema },
      },
    },
    async (request, reply) => {
      const contentType = (request.headers['content-type'] ?? '').split(';')[0]?.trim() ?? ''
      if (!Buffer.isBuffer(request.body) || !MEDIA_TYPES[contentType]) {
        throw new HttpError(
          415,
          'Unsupported Media Type',
          `Send the image itself as ${Object.keys(MEDIA_TYPES).join(', ')}.`,
        )
      }
      const { name } = request.params
      // Processed before the transaction: the database is not held while sharp works.
      const media = await processMedia(contentType, request.body)
      const { created } = await ctx.db.transaction((tx) => storeMedia(tx, name, media, now()))
      const url = readScope(ctx, request, false).mediaUrl(name)
      const { width, height } = media
      return reply.status(created ? 201 : 200).send({ name, url, contentType, width, height })
    },
  )

  // The media library: every image with its alt texts and where it is shown.
  app.get('/media', { schema: { response: { 200: mediaListSchema } } }, async () => ({
    media: await listMedia(ctx.db),
  }))

  app.patch<{ Params: { name: string }; Body: { alt: Partial<Record<Locale, string>> } }>(
    '/media/:name',
    { schema: { params: mediaParams, body: mediaAltSchema, response: { 200: mediaItemSchema } } },
    async (request) => {
      await ctx.db.transaction((tx) => setMediaAlt(tx, request.params.name, request.body.alt))
      return (await listMedia(ctx.db)).find((each) => each.name === request.params.name)
    },
  )

  app.delete<{ Params: { name: string } }>(
    '/media/:name',
    { schema: { params: mediaParams, response: { 204: noContent } } },
    async (request, reply) => {
      await ctx.db.transaction((tx) => deleteMedia(tx, request.params.name))
      return reply.status(204).send()
    },
  )

  app.post<{ Body: { ttlMinutes: number } }>(
    '/preview-tokens',
    { schema: { body: previewTokenSchema, response: { 201: previewTokenAnswerSchema } } },
    async (request, reply) =>
      reply.status(201).send(await createPreviewToken(ctx.db, request.body.ttlMinutes, ctx.now())),
  )

  // A kind's items, drafts too: the content screen's pages, or all of them for the editor's choices.
  app.get<{ Params: { kind: string }; Querystring: StudioListInput }>(
    '/:kind',
    { schema: { querystring: studioListSchema, response: { 200: studioPageSchema } } },
    async (request) => {
      const { cursor, ...query } = request.query
      return studioList(studioScope(request), kindOf(request), {
        ...query,
        cursor: readCursor(cursor, isItemId),
      })
    },
  )

  app.post<{ Params: { kind: string } }>(
    '/:kind',
    { schema: { response: { 201: studioItemSchema } } },
    async (request, reply) => {
      const kind = kindOf(request)
      const input = validate(createSchemas[kind], request.body)
      const id = await ctx.db.transaction((tx) =>
        createItem(tx, kind, input, now(), actor(request)),
      )
      return reply.status(201).send(await itemView(request, kind, id))
    },
  )

  app.patch<{ Params: { kind: string; id: string } }>(
    '/:kind/:id',
    { schema: { params: itemParamsSchema, response: { 200: studioItemSchema } } },
    async (request) => {
      const kind = kindOf(request)
      const patch = validate(patchSchemas[kind], request.body)
      await ctx.db.transaction((tx) =>
        updateItem(tx, kind, request.params.id, patch, now(), actor(request)),
      )
      return itemView(request, kind, request.params.id)
    },
  )

  const statusRoute = (action: string, status: ContentStatus) =>
    app.post<{ Params: { kind: string; id: string } }>(
      `/:kind/:id/${action}`,
      { schema: { params: itemParamsSchema, response: { 200: studioItemSchema } } },
      async (request) => {
        const kind = kindOf(request)
        await ctx.db.transaction((tx) =>
          setStatus(tx, kind, request.params.id, status, now(), actor(request)),
        )
        return itemView(request, kind, request.params.id)
      },
    )
  statusRoute('publish', 'published')
  statusRoute('unpublish', 'draft')

  // A published item's saved changes dropped: the studio shows it as the site does again.
  app.post<{ Params: { kind: string; id: string } }>(
    '/:kind/:id/discard',
    { schema: { params: itemParamsSchema, response: { 200: studioItemSchema } } },
    async (request) => {
      const kind = kindOf(request)
      await ctx.db.transaction((tx) =>
        discardPending(tx, kind, request.params.id, now(), actor(request)),
      )
      return itemView(request, kind, request.params.id)
    },
  )

  // Scheduling publishes a draft later (a job); it changes no content, so takes no version.
  app.post<{ Params: { kind: string; id: string }; Body: { at: string } }>(
    '/:kind/:id/schedule',
    {
      schema: {
        params: itemParamsSchema,
        body: scheduleSchema,
        response: { 200: studioItemSchema },
      },
    },
    async (request) => {
      const kind = kindOf(request)
      const at = new Date(request.body.at)
      await ctx.db.transaction((tx) => scheduleItem(tx, kind, request.params.id, at, now()))
      return itemView(request, kind, request.params.id)
    },
  )
  app.post<{ Params: { kind: string; id: string } }>(
    '/:kind/:id/unschedule',
    { schema: { params: itemParamsSchema, response: { 200: studioItemSchema } } },
    async (request) => {
      const kind = kindOf(request)
      await ctx.db.transaction((tx) => scheduleItem(tx, kind, request.params.id, null, now()))
      return itemView(request, kind, request.params.id)
    },
  )

  app.get<{ Params: { kind: string; id: string } }>(
    '/:kind/:id/revisions',
    { schema: { params: itemParamsSchema, response: { 200: revisionListSchema } } },
    async (request) => ({
      revisions: await listRevisions(ctx.db, kindOf(request), request.params.id),
    }),
  )

  app.get<{ Params: { kind: string; id: string; version: number } }>(
    '/:kind/:id/revisions/:version',
    { schema: { params: revisionParamsSchema, response: { 200: revisionSchema } } },
    async (request) =>
      findRevision(ctx.db, kindOf(request), request.params.id, request.params.version),
  )

  app.post<{ Params: { kind: string; id: string; version: number }; Body: { version: number } }>(
    '/:kind/:id/revisions/:version/restore',
    {
      schema: {
        params: revisionParamsSchema,
        body: restoreSchema,
        response: { 200: studioItemSchema },
      },
    },
    async (request) => {
      const kind = kindOf(request)
      const { id, version } = request.params
      await ctx.db.transaction((tx) =>
        restoreRevision(tx, kind, id, version, request.body.version, now(), actor(request)),
      )
      return itemView(request, kind, id)
    },
  )
}
