import type { FastifyPluginAsync } from 'fastify'
import type { SavedStaff } from '../../../src/lib/admin/api-types'
import type {
  AdminProvider,
  AdminService,
  SavedVersion,
} from '../../../src/lib/admin/service-types'
import { actorOf, forbidden, requireAdmin, type AdminAuth } from '../../admin/auth'
import { lockedVersion, refuseIfEditedElsewhere, type VersionedRow } from '../../db/versions'
import { preventStoring } from '../../security-headers'
import {
  oneTimeLinkWidgetPath,
  type CatalogueService,
  type CreatedOneTimeLink,
  type OneTimeLinkPage,
} from '../../../src/lib/admin/catalogue-types'
import { idSchema, Joi } from '../../../src/lib/validation/joi'
import type { BookingContext } from '../commands/context'
import { isRefusal } from '../refusals'
import { staffHoursOutsideOpening } from '../slots'
import { catalogPageAdminRoutes } from './catalog-page-routes'
import { useJoiValidation } from './joi-validator'
import { refusalResponse } from './refusal-response'
import { invalidRequest } from './validate'
import {
  adminProviderSchema,
  adminServiceSchema,
  catalogueServiceSchema,
  createdOneTimeLinkSchema,
  oneTimeLinkPageSchema,
  savedSchema,
  savedStaffSchema,
  savedVersionSchema,
} from './admin-response-schemas'
import { listLinks } from '../store/one-time-links'
import {
  createOneTimeLink,
  createProvider,
  createService,
  createStaff,
  listProviders,
  listServiceSettings,
  updateProvider,
  updateService,
  updateStaff,
  type ProviderInput,
  type ServiceInput,
  type StaffInput,
} from '../store/setup'
import {
  depositAbovePrice,
  oneTimeLinkSchema,
  providerSchema,
  serviceSchema,
  versionedPatchOf,
  staffSchema,
} from './setup-schemas'

const idParams = Joi.object({ id: idSchema.required() })
// Bounded pages: a business may make a link per visitor for years.
const linkPageQuery = Joi.object({
  limit: Joi.number().integer().min(1).max(100).default(50),
  before: idSchema,
})

/** The rows of the tables with versions, as a save locks them (lockedVersion). */
const providerRow = (id: number): VersionedRow => ({
  table: 'providers',
  where: 'id = $1',
  params: [id],
  what: 'provider',
})
const staffRow = (id: number): VersionedRow => ({
  table: 'staff',
  where: 'id = $1',
  params: [id],
  what: 'staff member',
})

/**
 * The business's setup: providers, staff, services, one-time links, menus and groups; owner and
 * admin only, except that a staff account may change its own hours and date overrides.
 */
export const adminRoutes: FastifyPluginAsync<{ ctx: BookingContext; auth: AdminAuth }> = async (
  app,
  { ctx, auth },
) => {
  useJoiValidation(app)
  app.setErrorHandler((error) => {
    throw isRefusal(error) ? refusalResponse(error.refusal) : error
  })
  requireAdmin(app, auth)
  preventStoring(app)
  // Service menus and groups, behind the same token.
  await app.register(catalogPageAdminRoutes, { ctx })
  app.get(
    '/providers',
    { schema: { response: { 200: Joi.array().items(adminProviderSchema) } } },
    async (): Promise<AdminProvider[]> => listProviders(ctx.db),
  )
  app.post<{ Body: ProviderInput }>(
    '/providers',
    { schema: { body: providerSchema, response: { 201: savedSchema } } },
    async (request, reply) =>
      reply.status(201).send({ id: await createProvider(ctx.db, request.body) }),
  )
  app.patch<{ Params: { id: number }; Body: Partial<ProviderInput> & { version?: number } }>(
    '/providers/:id',
    {
      schema: {
        params: idParams,
        body: versionedPatchOf(providerSchema),
        response: { 200: savedVersionSchema },
      },
    },
    async (request): Promise<SavedVersion> => {
      const { id } = request.params
      const { version: startedFrom, ...changes } = request.body
      const version = await ctx.db.transaction(async (tx) => {
        const stored = await lockedVersion(tx, providerRow(id), startedFrom)
        return Object.keys(changes).length === 0 ? stored : updateProvider(tx, id, changes)
      })
      return { id, version }
    },
  )

  /** What a save of staff hours answers: the hours that will not be offered, if any. */
  const savedStaff = async (id: number, version: number): Promise<SavedStaff> => ({
    id,
    version,
    outsideOpeningHours: (await staffHoursOutsideOpening(ctx.db, id, ctx.now())) ?? {},
  })
  app.post<{ Body: StaffInput }>(
    '/staff',
    { schema: { body: staffSchema, response: { 201: savedStaffSchema } } },
    async (request, reply) =>
      reply.status(201).send(await savedStaff(await createStaff(ctx.db, request.body), 1)),
  )
  app.patch<{ Params: { id: number }; Body: Partial<StaffInput> & { version?: number } }>(
    '/staff/:id',
    {
      schema: {
        params: idParams,
        body: versionedPatchOf(staffSchema),
        response: { 200: savedStaffSchema },
      },
      config: { adminRoles: ['owner', 'admin', 'staff'] },
    },
    async (request): Promise<SavedStaff> => {
      const { user } = actorOf(request)
      const { id } = request.params
      const { version: startedFrom, ...changes } = request.body
      const ownHoursOnly = Object.keys(changes).every((key) =>
        ['weeklyHours', 'overrides'].includes(key),
      )
      if (user.role === 'staff' && (user.staffId !== id || !ownHoursOnly)) {
        throw forbidden('A staff account may change only its own hours.')
      }
      const version = await ctx.db.transaction(async (tx) => {
        const stored = await lockedVersion(tx, staffRow(id), startedFrom)
        return Object.keys(changes).length === 0 ? stored : updateStaff(tx, id, changes)
      })
      return savedStaff(id, version)
    },
  )

  // Every setting as serviceSchema names it: the dashboard's form edits and PATCHes these back.
  app.get(
    '/services',
    { schema: { response: { 200: Joi.array().items(adminServiceSchema) } } },
    async (): Promise<AdminService[]> => listServiceSettings(ctx.db),
  )
  app.post<{ Body: ServiceInput }>(
    '/services',
    { schema: { body: serviceSchema, response: { 201: savedSchema } } },
    async (request, reply) =>
      reply.status(201).send({ id: await createService(ctx.db, request.body) }),
  )
  app.patch<{ Params: { id: number }; Body: Partial<ServiceInput> & { version?: number } }>(
    '/services/:id',
    {
      schema: {
        params: idParams,
        body: versionedPatchOf(serviceSchema),
        response: { 200: savedVersionSchema },
      },
    },
    async (request): Promise<SavedVersion> => {
      const { id } = request.params
      const { version: startedFrom, ...changes } = request.body
      const version = await ctx.db.transaction(async (tx) => {
        // The deposit against the price as they will be, whichever of the two (or the currency)
        // the request leaves as stored; the message goes beside the field it sent.
        const { rows } = await tx.query<{
          priceCents: number
          depositCents: number
          currency: string
          version: number
        }>(
          `SELECT price_cents AS "priceCents", deposit_cents AS "depositCents", currency, version
             FROM services WHERE id = $1 FOR UPDATE`,
          [id],
        )
        const stored = rows[0]
        refuseIfEditedElsewhere('service', stored, startedFrom)
        const message =
          stored && depositAbovePrice({ ...stored, currency: stored.currency.trim(), ...changes })
        if (message) {
          const field = changes.depositCents === undefined ? 'priceCents' : 'depositCents'
          throw invalidRequest({ [field]: message })
        }
        return updateService(tx, id, changes)
      })
      return { id, version }
    },
  )

  // What a menu, a group or a link may list: every provider's services, with the provider.
  app.get(
    '/service-choices',
    { schema: { response: { 200: Joi.array().items(catalogueServiceSchema) } } },
    async (): Promise<CatalogueService[]> => {
      const { rows } = await ctx.db.query<CatalogueService>(
        `SELECT s.id, s.name, s.provider_id AS "providerId", p.name AS "providerName"
         FROM services s JOIN providers p ON p.id = s.provider_id ORDER BY p.id, s.id`,
      )
      return rows
    },
  )

  app.get<{ Querystring: { limit: number; before?: number } }>(
    '/one-time-links',
    { schema: { querystring: linkPageQuery, response: { 200: oneTimeLinkPageSchema } } },
    async (request): Promise<OneTimeLinkPage> => listLinks(ctx.db, request.query),
  )
  app.post<{ Body: { serviceId: number; expiresAt?: string } }>(
    '/one-time-links',
    { schema: { body: oneTimeLinkSchema, response: { 201: createdOneTimeLinkSchema } } },
    async (request, reply) => {
      const slug = await createOneTimeLink(ctx.db, request.body)
      const created: CreatedOneTimeLink = { slug, widgetPath: oneTimeLinkWidgetPath(slug) }
      return reply.status(201).send(created)
    },
  )
}
