import { Readable } from 'node:stream'
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import {
  bookingTabs,
  type AdminRescheduleRequest,
  type BookingListQuery,
  type ReasonRequest,
  type RefundRequest,
} from '../../src/lib/admin/api-types'
import type { BookingStatus } from '../../src/lib/booking/api-types'
import { csvLine } from '../../src/lib/forms/csv'
import { instantSchema } from '../../src/lib/validation/booking-queries'
import { idSchema, Joi } from '../../src/lib/validation/joi'
import { cancelBooking } from '../booking/commands/cancel'
import { confirmBooking } from '../booking/commands/confirm'
import type { BookingContext } from '../booking/commands/context'
import { declineBooking } from '../booking/commands/decline'
import { markNoShow } from '../booking/commands/no-show'
import { moveBookingTo } from '../booking/commands/reschedule'
import { useJoiValidation } from '../booking/http/joi-validator'
import { localDateSchema } from '../booking/http/setup-schemas'
import { refusalResponse } from '../booking/http/refusal-response'
import { BOOKING_STATUSES } from '../booking/http/response-schemas'
import { isRefusal, refuse } from '../booking/refusals'
import type { EventActor } from '../booking/store/events'
import { idempotencyKeyOf } from '../booking/http/idempotency-key'
import { readCursor } from '../page-cursor'
import { refundAsAsked } from '../payments/commands/refund'
import { findPayment } from '../payments/store'
import { preventStoring } from '../security-headers'
import { fileAnswer } from '../openapi/schemas'
import { writeAudit } from './audit'
import { actorOf, BOOKING_ROLES, requireAdmin, type AdminAuth } from './auth'
import { adminBookingResponseSchema, bookingPageSchema } from './booking-response-schemas'
import {
  adminBookings,
  bookingPage,
  isBookingId,
  listBookingIds,
  servesBooking,
  type ListScope,
} from './bookings'

const idParams = Joi.object({ id: idSchema.required() })
const filters = {
  tab: Joi.string().valid(...bookingTabs),
  status: Joi.string().valid(...BOOKING_STATUSES),
  serviceId: idSchema,
  staffId: idSchema,
  from: localDateSchema,
  to: localDateSchema,
  q: Joi.string().trim().max(200),
}
const reasonSchema = Joi.object({ reason: Joi.string().trim().max(1000).allow('').default('') })

type ListQuery = BookingListQuery & { status?: BookingStatus }

/**
 * The dashboard's bookings: the list, one booking, the CSV export and the actions, each through
 * the booking commands, so the seat ledger and the outbox see the dashboard as any other caller.
 * Every role may use them; a staff account sees only bookings with a line of theirs, and any
 * other booking is "not found" to it, so ids do not tell it what exists.
 */
export const adminBookingRoutes: FastifyPluginAsync<{
  ctx: BookingContext
  auth: AdminAuth
}> = async (app, { ctx, auth }) => {
  useJoiValidation(app)
  app.setErrorHandler((error) => {
    throw isRefusal(error) ? refusalResponse(error.refusal) : error
  })
  requireAdmin(app, auth, BOOKING_ROLES)
  preventStoring(app)
  // The commands write their audit row with their event, in their transaction.
  const audited = { audited: true }

  /** The list's filters for this account: a staff member's own lines only. */
  const scopeOf = (request: FastifyRequest, query: ListQuery): ListScope => {
    const { staffId } = actorOf(request).user
    const { cursor: _cursor, limit: _limit, ...scope } = query
    return staffId === null ? scope : { ...scope, staffId }
  }
  const visible = async (request: FastifyRequest, id: number) => {
    const { staffId } = actorOf(request).user
    if (staffId !== null && !(await servesBooking(ctx.db, id, staffId))) {
      refuse({ kind: 'booking_not_found' })
    }
    return id
  }
  const actor = (request: FastifyRequest): EventActor => ({ admin: actorOf(request).name })
  const one = async (id: number) => {
    const [booking] = await adminBookings(ctx.db, [id], ctx.now())
    return { booking: booking ?? refuse({ kind: 'booking_not_found' }) }
  }

  app.get<{ Querystring: ListQuery }>(
    '/bookings',
    {
      schema: {
        querystring: Joi.object({
          ...filters,
          cursor: Joi.string().max(200),
          limit: Joi.number().integer().min(1).max(100).default(25),
        }),
        response: { 200: bookingPageSchema },
      },
    },
    async (request) => {
      const { limit } = request.query
      const cursor = readCursor(request.query.cursor, isBookingId)
      return bookingPage(
        ctx.db,
        scopeOf(request, request.query),
        { limit, ...(cursor ? { cursor } : {}) },
        ctx.now(),
      )
    },
  )

  app.get<{ Querystring: ListQuery }>(
    '/bookings.csv',
    {
      schema: {
        querystring: Joi.object(filters),
        response: { 200: fileAnswer('text/csv', 'The bookings as CSV') },
      },
    },
    async (request, reply) => {
      const scope = scopeOf(request, request.query)
      const now = ctx.now()
      async function* lines() {
        yield csvLine([
          'Booking',
          'Status',
          'No-show',
          'Start',
          'End',
          'Time zone',
          'Services',
          'Staff',
          'First name',
          'Last name',
          'E-mail',
          'Phone',
          'Seats',
          'Total',
          'Currency',
          'Payment',
        ])
        // Page by page, so a year of bookings never sits in memory at once.
        for (let cursor = undefined as Parameters<typeof listBookingIds>[2]['cursor']; ;) {
          const page = await listBookingIds(
            ctx.db,
            scope,
            { limit: 100, ...(cursor ? { cursor } : {}) },
            now,
          )
          for (const booking of await adminBookings(ctx.db, page.ids, now)) {
            const unique = (values: string[]) => [...new Set(values)].join(' | ')
            yield csvLine([
              String(booking.id),
              booking.status,
              booking.noShow ? 'yes' : '',
              booking.start,
              booking.end,
              booking.timeZone,
              unique(booking.lines.map((line) => line.serviceName)),
              unique(booking.lines.map((line) => line.staffName)),
              booking.contact.firstName ?? '',
              booking.contact.lastName ?? '',
              booking.contact.email ?? '',
              booking.contact.phone ?? '',
              String(booking.guestCount ?? booking.guests.length + 1),
              (booking.totalCents / 100).toFixed(2),
              booking.currency,
              booking.payment?.status ?? '',
            ])
          }
          if (!page.next) return
          cursor = page.next
        }
      }
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="bookings.csv"')
        .send(Readable.from(lines()))
    },
  )

  app.get<{ Params: { id: number } }>(
    '/bookings/:id',
    { schema: { params: idParams, response: { 200: adminBookingResponseSchema } } },
    async (request) => one(await visible(request, request.params.id)),
  )

  app.post<{ Params: { id: number } }>(
    '/bookings/:id/confirm',
    {
      schema: { params: idParams, response: { 200: adminBookingResponseSchema } },
      config: audited,
    },
    async (request) => {
      const id = await visible(request, request.params.id)
      return one(await confirmBooking(ctx, id, actor(request)))
    },
  )

  app.post<{ Params: { id: number }; Body: Required<ReasonRequest> }>(
    '/bookings/:id/decline',
    {
      schema: {
        params: idParams,
        body: reasonSchema,
        response: { 200: adminBookingResponseSchema },
      },
      config: audited,
    },
    async (request) => {
      const id = await visible(request, request.params.id)
      return one(await declineBooking(ctx, id, request.body.reason, actor(request)))
    },
  )

  app.post<{ Params: { id: number }; Body: Required<ReasonRequest> }>(
    '/bookings/:id/cancel',
    {
      schema: {
        params: idParams,
        body: reasonSchema,
        response: { 200: adminBookingResponseSchema },
      },
      config: audited,
    },
    async (request) => {
      const id = await visible(request, request.params.id)
      return one(await cancelBooking(ctx, { id }, request.body.reason, 'business', actor(request)))
    },
  )

  app.post<{ Params: { id: number }; Body: AdminRescheduleRequest }>(
    '/bookings/:id/reschedule',
    {
      schema: {
        params: idParams,
        body: Joi.object({ start: instantSchema.required() }),
        response: { 200: adminBookingResponseSchema },
      },
      config: audited,
    },
    async (request) => {
      const id = await visible(request, request.params.id)
      return one(await moveBookingTo(ctx, { id }, request.body, actor(request)))
    },
  )

  app.post<{ Params: { id: number } }>(
    '/bookings/:id/no-show',
    {
      schema: { params: idParams, response: { 200: adminBookingResponseSchema } },
      config: audited,
    },
    async (request) => {
      const id = await visible(request, request.params.id)
      return one(await markNoShow(ctx, id, actor(request)))
    },
  )

  app.post<{
    Params: { id: number }
    Body: RefundRequest
    Headers: { 'idempotency-key'?: string }
  }>(
    '/bookings/:id/refund',
    {
      schema: {
        params: idParams,
        body: Joi.object({ amount: Joi.number().integer().min(1).max(100_000_000) }),
        response: { 200: adminBookingResponseSchema },
      },
      config: audited,
    },
    async (request) => {
      const id = await visible(request, request.params.id)
      const payment = await findPayment(ctx.db, { bookingId: id })
      if (!payment || payment.paidAmount <= 0 || !ctx.payments)
        return refuse({ kind: 'nothing_paid' })
      const { name } = actorOf(request)
      await refundAsAsked(
        { ...ctx, payments: ctx.payments },
        {
          paymentId: payment.id,
          amount: request.body.amount,
          reason: `Refunded by ${name}`,
          clientKey: idempotencyKeyOf(request),
          onRecorded: (tx, amount) =>
            writeAudit(tx, {
              actor: name,
              action: 'payment.refunded',
              target: `booking:${id}`,
              detail: { paymentId: payment.id, amount, currency: payment.currency },
            }),
        },
      )
      // A repeat gets the answer the first one got: the booking as it is now.
      return one(id)
    },
  )
}
