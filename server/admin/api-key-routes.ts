import type { FastifyPluginAsync } from 'fastify'
import {
  apiScopes,
  type ApiKey,
  type CreateApiKeyRequest,
  type CreatedApiKey,
} from '../../src/lib/admin/api-types'
import { idSchema, Joi } from '../../src/lib/validation/joi'
import { useJoiValidation } from '../booking/http/joi-validator'
import { invalidRequest } from '../booking/http/validate'
import { HttpError } from '../errors'
import { noContent } from '../openapi/schemas'
import { preventStoring } from '../security-headers'
import { createApiKey, keyActorName, listApiKeys, revokeApiKey } from './api-keys'
import { writeAudit } from './audit'
import { actorOf, forbidden, requireAdmin, type AdminAuth } from './auth'
import { apiKeySchema, createdApiKeySchema } from './response-schemas'

/**
 * API keys (`/api-keys`): made, listed and revoked by owners and admins, signed in or with
 * ADMIN_TOKEN; never by a key (server/admin/key-scopes.ts). A key is answered once, when made.
 */
export const apiKeyRoutes: FastifyPluginAsync<{ auth: AdminAuth }> = async (app, { auth }) => {
  const { db, now } = auth
  useJoiValidation(app)
  preventStoring(app)
  requireAdmin(app, auth)

  app.get(
    '/api-keys',
    { schema: { response: { 200: Joi.array().items(apiKeySchema) } } },
    async (): Promise<ApiKey[]> => listApiKeys(db),
  )

  app.post<{ Body: CreateApiKeyRequest }>(
    '/api-keys',
    {
      schema: {
        body: Joi.object({
          name: Joi.string().trim().min(1).max(100).required(),
          scopes: Joi.array()
            .items(Joi.string().valid(...apiScopes))
            .min(1)
            .unique()
            .required(),
          expiresAt: Joi.date().iso().allow(null).default(null),
        }),
        response: { 201: createdApiKeySchema },
      },
      config: { audited: true },
    },
    async (request, reply) => {
      const { name, scopes } = request.body
      // Joi has turned the ISO text into a Date; the future is the app's clock, which tests move.
      const expiresAt = request.body.expiresAt ? new Date(request.body.expiresAt) : null
      if (expiresAt && expiresAt.getTime() <= now()) {
        throw invalidRequest({ expiresAt: 'The expiry must be in the future.' })
      }
      const actor = actorOf(request)
      // The metrics tell how the whole business runs: the owner's to hand out.
      if (scopes.includes('metrics:read') && actor.user.role !== 'owner') {
        throw forbidden('Only an owner may give a key the scope metrics:read.')
      }
      const created = await db.transaction(async (tx) => {
        const key = await createApiKey(
          tx,
          {
            name,
            scopes,
            expiresAt: expiresAt?.toISOString() ?? null,
            createdBy: actor.session ? actor.user.id : null,
          },
          now(),
        )
        await writeAudit(tx, {
          actor: actor.name,
          action: 'api_key.created',
          target: `api_key:${key.id}`,
          detail: { name, prefix: key.prefix, scopes, expiresAt: key.expiresAt },
        })
        return key
      })
      return reply.status(201).send(created satisfies CreatedApiKey)
    },
  )

  app.delete<{ Params: { id: number } }>(
    '/api-keys/:id',
    {
      schema: { params: Joi.object({ id: idSchema.required() }), response: { 204: noContent } },
      config: { audited: true },
    },
    async (request, reply) => {
      const { id } = request.params
      await db.transaction(async (tx) => {
        const key = await revokeApiKey(tx, id, now())
        if (!key) throw new HttpError(404, 'Not Found', 'No such API key.', undefined, 'not_found')
        await writeAudit(tx, {
          actor: actorOf(request).name,
          action: 'api_key.revoked',
          target: `api_key:${id}`,
          detail: { key: keyActorName(key) },
        })
      })
      return reply.status(204).send()
    },
  )
}
