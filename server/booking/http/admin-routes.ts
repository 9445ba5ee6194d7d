import type { FastifyPluginAsync } from 'fastify'
import { requireAdminToken } from '../../admin-auth'
import {
  cancelRequestSchema,
  type CancelRequest,
} from '../../../src/lib/validation/booking-queries'
import { idSchema, Joi } from '../../../src/lib/validation/joi'
import { cancelBooking } from '../commands/cancel'
import { confirmBooking } from '../commands/confirm'
import type { BookingContext } from '../commands/context'
import { declineBooking } from '../commands/decline'
import { isRefusal, refuse } from '../refusals'
import { loadBooking } from '../views/booking-view'
import { useJoiValidation } from './joi-validator'
import { refusalResponse } from './refusal-response'
import {
  createOneTimeLink,
  createProvider,
  createService,
  createStaff,
  updateProvider,
  updateService,
  updateStaff,
  type ProviderInput,
  type ServiceInput,
  type StaffInput,
} from '../store/setup'
import {
  oneTimeLinkSchema,
  patchOf,
  providerSchema,
  serviceSchema,
  staffSchema,
} from './setup-schemas'

const idParams = Joi.object({ id: idSchema.required() })

/** The business's API: everything behind `Authorization: Bearer $ADMIN_TOKEN`. */
export const adminRoutes: FastifyPluginAsync<{ ctx: BookingContext; adminToken?: string }> = async (
  app,
  { ctx, adminToken },
) => {
  useJoiValidation(app)
  app.setErrorHandler((error) => {
    throw isRefusal(error) ? refusalResponse(error.refusal) : error
  })
  requireAdminToken(app, adminToken)
  const view = async (id: number) =>
    (await loadBooking(ctx.db, { id }, ctx.now()))?.view ?? refuse({ kind: 'booking_not_found' })

  app.post<{ Body: ProviderInput }>(
    '/providers',
    { schema: { body: providerSchema } },
    async (request, reply) =>
      reply.status(201).send({ id: await createProvider(ctx.db, request.body) }),
  )
  app.patch<{ Params: { id: number }; Body: Partial<ProviderInput> }>(
    '/providers/:id',
    { schema: { params: idParams, body: patchOf(providerSchema) } },
    async (request) => {
      await updateProvider(ctx.db, request.params.id, request.body)
      return { id: request.params.id }
    },
  )

  app.post<{ Body: StaffInput }>(
    '/staff',
    { schema: { body: staffSchema } },
    async (request, reply) =>
      reply.status(201).send({ id: await createStaff(ctx.db, request.body) }),
  )
  app.patch<{ Params: { id: number }; Body: Partial<StaffInput> }>(
    '/staff/:id',
    { schema: { params: idParams, body: patchOf(staffSchema) } },
    async (request) => {
      await ctx.db.transaction((tx) => updateStaff(tx, request.params.id, request.body))
      return { id: request.params.id }
    },
  )

  app.post<{ Body: ServiceInput }>(
    '/services',
    { schema: { body: serviceSchema } },
    async (request, reply) =>
      reply.status(201).send({ id: await createService(ctx.db, request.body) }),
  )
  app.patch<{ Params: { id: number }; Body: Partial<ServiceInput> }>(
    '/services/:id',
    { schema: { params: idParams, body: patchOf(serviceSchema) } },
    async (request) => {
      await updateService(ctx.db, request.params.id, request.body)
      return { id: request.params.id }
    },
  )

  app.post<{ Body: { serviceId: number; expiresAt?: string } }>(
    '/one-time-links',
    { schema: { body: oneTimeLinkSchema } },
    async (request, reply) =>
      reply.status(201).send({ slug: await createOneTimeLink(ctx.db, request.body) }),
  )

  app.get<{ Querystring: { status?: string } }>(
    '/bookings',
    {
      schema: {
        querystring: Joi.object({
          status: Joi.string().valid(
            'held',
            'requested',
            'confirmed',
            'declined',
            'cancelled',
            'expired',
          ),
        }),
      },
    },
    async (request) => {
      const { rows } = await ctx.db.query<{ id: number }>(
        `SELECT id FROM bookings WHERE ($1::text IS NULL OR status = $1) ORDER BY start_at, id LIMIT 500`,
        [request.query.status ?? null],
      )
      const bookings = []
      for (const { id } of rows) bookings.push(await view(id))
      return { bookings }
    },
  )

  app.post<{ Params: { id: number } }>(
    '/bookings/:id/confirm',
    { schema: { params: idParams } },
    async (request) => ({ booking: await view(await confirmBooking(ctx, request.params.id)) }),
  )

  app.post<{ Params: { id: number }; Body: CancelRequest }>(
    '/bookings/:id/decline',
    { schema: { params: idParams, body: cancelRequestSchema } },
    async (request) => ({
      booking: await view(await declineBooking(ctx, request.params.id, request.body.reason)),
    }),
  )

  app.post<{ Params: { id: number }; Body: CancelRequest }>(
    '/bookings/:id/cancel',
    { schema: { params: idParams, body: cancelRequestSchema } },
    async (request) => {
      const { id } = request.params
      await cancelBooking(ctx, { id }, request.body.reason, 'business')
      return { booking: await view(id) }
    },
  )
}
