import type { FastifyPluginAsync } from 'fastify'
import { idSchema, Joi } from '../../../src/lib/validation/joi'
import { requireAdmin, type AdminAuth } from '../../admin/auth'
import { useJoiValidation } from '../../booking/http/joi-validator'
import type { Database } from '../../db'
import { HttpError } from '../../errors'
import { fileAnswer, noContent } from '../../openapi/schemas'
import { preventStoring, setFramedMailPolicy } from '../../security-headers'
import { readOutbox, readOutboxHtml } from '../mail/outbox'
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../rules'
import {
  createEndpoint,
  deleteEndpoint,
  listDeliveries,
  listEndpoints,
  newWebhookSecret,
  resendDelivery,
  updateEndpoint,
} from '../webhooks/store'
import { checkTarget, OutboundRefused, type TargetPolicy } from '../webhooks/targets'
import {
  createdWebhookEndpointSchema,
  deliveryPageSchema,
  outboxPageSchema,
  resentDeliverySchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
} from './response-schemas'

const idParams = Joi.object({ id: idSchema.required() })
const page = Joi.object({
  limit: Joi.number().integer().min(1).max(100).default(20),
  before: Joi.number().integer().positive(),
})
const eventTypes = Joi.array()
  .items(Joi.string().valid(...WEBHOOK_EVENT_TYPES))
  .min(1)
  .unique()
const url = Joi.string().trim().max(2000)
const endpointBody = Joi.object({
  url: url.required(),
  eventTypes: eventTypes.required(),
  // Standard Webhooks secrets: `whsec_` and base64 of 24 to 64 bytes. Made when not given.
  secret: Joi.string().pattern(/^whsec_[A-Za-z0-9+/]{32,88}={0,2}$/),
})
const endpointPatch = Joi.object({ url, eventTypes, enabled: Joi.boolean() }).min(1)

interface Page {
  limit: number
  before?: number
}

const notFound = (what: string) => new HttpError(404, 'Not Found', `No such ${what}.`)

/**
 * The e-mail's links open a tab of their own: in the dashboard's frame, a link that opened in place
 * would show the site inside the e-mail's frame. Every e-mail has a head (mail/render.ts).
 */
const linksInNewTab = (html: string) => html.replace(/<head\b[^>]*>/i, '$&<base target="_blank">')

/**
 * The notifications' admin API, for owners and admins (or ADMIN_TOKEN): the local outbox
 * (the e-mails sent without SMTP_URL), webhook endpoints, their delivery log, and a resend.
 */
export const notificationAdminRoutes: FastifyPluginAsync<{
  db: Database
  auth: AdminAuth
  webhookTargets: TargetPolicy
  /** The origins a dashboard built with GATSBY_API_URL runs on (CORS_ORIGINS). */
  dashboardOrigins: string[]
}> = async (app, { db, auth, webhookTargets, dashboardOrigins }) => {
  useJoiValidation(app)
  requireAdmin(app, auth)
  preventStoring(app)

  /** A URL a webhook may be delivered to, or a 400 saying why not. */
  const checkedUrl = async (raw: string) => {
    try {
      await checkTarget(raw, webhookTargets)
      return raw
    } catch (error) {
      if (error instanceof OutboundRefused) {
        throw new HttpError(400, 'Bad Request', error.message, { url: error.message })
      }
      throw error
    }
  }
  const providerExists = async (id: number) =>
    (await db.query('SELECT 1 FROM providers WHERE id = $1', [id])).rows.length > 0

  // The front desk answers visitors about what they were sent; webhooks stay a setting.
  const outboxReaders = { adminRoles: ['owner', 'admin', 'front_desk'] } as const
  app.get<{ Querystring: Page }>(
    '/outbox',
    { schema: { querystring: page, response: { 200: outboxPageSchema } }, config: outboxReaders },
    async (request) => readOutbox(db, request.query),
  )

  // The e-mail as its recipient sees it, for the dashboard to frame.
  app.get<{ Params: { id: number } }>(
    '/outbox/:id/html',
    {
      schema: {
        params: idParams,
        response: { 200: fileAnswer('text/html', 'The e-mail as its recipient sees it') },
      },
      config: outboxReaders,
    },
    async (request, reply) => {
      const html = await readOutboxHtml(db, request.params.id)
      if (html === null) throw notFound('e-mail in the outbox')
      setFramedMailPolicy(reply, dashboardOrigins)
      return reply.type('text/html; charset=utf-8').send(linksInNewTab(html))
    },
  )

  app.get<{ Params: { id: number } }>(
    '/providers/:id/webhooks',
    { schema: { params: idParams, response: { 200: webhookEndpointListSchema } } },
    async (request) => {
      if (!(await providerExists(request.params.id))) throw notFound('provider')
      return { endpoints: await listEndpoints(db, request.params.id) }
    },
  )

  app.post<{
    Params: { id: number }
    Body: { url: string; eventTypes: WebhookEventType[]; secret?: string }
  }>(
    '/providers/:id/webhooks',
    {
      schema: {
        params: idParams,
        body: endpointBody,
        response: { 201: createdWebhookEndpointSchema },
      },
    },
    async (request, reply) => {
      if (!(await providerExists(request.params.id))) throw notFound('provider')
      const secret = request.body.secret ?? newWebhookSecret()
      const endpoint = await createEndpoint(db, {
        providerId: request.params.id,
        url: await checkedUrl(request.body.url),
        eventTypes: request.body.eventTypes,
        secret,
      })
      // The secret is shown this once: the receiver keeps it to verify signatures.
      return reply.status(201).send({ ...endpoint, secret })
    },
  )

  app.patch<{
    Params: { id: number }
    Body: { url?: string; eventTypes?: WebhookEventType[]; enabled?: boolean }
  }>(
    '/webhooks/:id',
    { schema: { params: idParams, body: endpointPatch, response: { 200: webhookEndpointSchema } } },
    async (request) => {
      const { url: newUrl, ...rest } = request.body
      const endpoint = await updateEndpoint(db, request.params.id, {
        ...rest,
        ...(newUrl !== undefined ? { url: await checkedUrl(newUrl) } : {}),
      })
      if (!endpoint) throw notFound('webhook endpoint')
      return endpoint
    },
  )

  app.delete<{ Params: { id: number } }>(
    '/webhooks/:id',
    { schema: { params: idParams, response: { 204: noContent } } },
    async (request, reply) => {
      if (!(await deleteEndpoint(db, request.params.id))) throw notFound('webhook endpoint')
      return reply.status(204).send()
    },
  )

  app.get<{ Params: { id: number }; Querystring: Page }>(
    '/webhooks/:id/deliveries',
    { schema: { params: idParams, querystring: page, response: { 200: deliveryPageSchema } } },
    async (request) => {
      const { rows } = await db.query('SELECT 1 FROM webhook_endpoints WHERE id = $1', [
        request.params.id,
      ])
      if (rows.length === 0) throw notFound('webhook endpoint')
      const deliveries = await listDeliveries(db, request.params.id, request.query)
      const next = deliveries.length === request.query.limit ? deliveries.at(-1)?.id : undefined
      return { deliveries, next: next ?? null }
    },
  )

  app.post<{ Params: { id: number } }>(
    '/webhook-deliveries/:id/resend',
    { schema: { params: idParams, response: { 202: resentDeliverySchema } } },
    async (request, reply) => {
      if (!(await resendDelivery(db, request.params.id))) throw notFound('webhook delivery')
      return reply.status(202).send({ id: request.params.id, state: 'pending' })
    },
  )
}
