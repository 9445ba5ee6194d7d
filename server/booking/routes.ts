import rateLimit from '@fastify/rate-limit'
import type { FastifyPluginAsync } from 'fastify'
import { bookingRequestSchema, type BookingRequest } from '../../src/lib/validation/booking-request'
import {
  cancelRequestSchema,
  nextSlotQuerySchema,
  rescheduleRequestSchema,
  slotsQuerySchema,
  type CancelRequest,
  type NextSlotQuery,
  type RescheduleRequest,
  type SlotsQuery,
} from '../../src/lib/validation/booking-queries'
import { MESSAGES } from '../../src/lib/validation/messages'
import { listTimeZones, zonedLocalToInstant } from '../../src/lib/time'
import { errorObject, HttpError } from '../errors'
import { groupSlotsByDay, type Slot } from './availability'
import {
  cancelBooking,
  createBooking,
  getBookingByToken,
  rescheduleBooking,
  type BookingContext,
} from './booking-service'
import { bookingIcs } from './booking-view'
import { loadBooking } from './booking-view'
import { findProvider, findProviderById, findService, listServices, listStaff } from './catalog'
import {
  findStoredResponse,
  isKeyClaimed,
  requestFingerprint,
  type StoredResponse,
} from './idempotency'
import { useJoiValidation } from './joi-validator'
import { hashManageToken, isManageTokenShaped } from './manage-token'
import { publicProvider, publicService, publicStaff } from './public-view'
import { findNextSlot, findSlots } from './slots'

export interface BookingRoutesOptions {
  ctx: BookingContext
  rateLimitPerMinute: number
}

const slotView = (slot: Slot) => ({
  start: new Date(slot.start).toISOString(),
  end: new Date(slot.end).toISOString(),
  staffIds: slot.staffIds.map(Number),
  seatsLeft: slot.seatsLeft,
})

function nextMonth(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number]
  return monthNumber === 12
    ? `${year + 1}-01`
    : `${year}-${String(monthNumber + 1).padStart(2, '0')}`
}

export const bookingRoutes: FastifyPluginAsync<BookingRoutesOptions> = async (
  app,
  { ctx, rateLimitPerMinute },
) => {
  useJoiValidation(app)
  await app.register(rateLimit, {
    global: false,
    max: rateLimitPerMinute,
    timeWindow: '1 minute',
    errorResponseBuilder: (_request, context) => ({
      ...errorObject(
        429,
        'Too Many Requests',
        `Too many booking requests. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
      ),
      statusCode: 429,
    }),
  })
  const limited = { rateLimit: { max: rateLimitPerMinute, timeWindow: '1 minute' } }

  const serviceOr404 = async (idOrSlug: string) => {
    const service = await findService(ctx.db, idOrSlug)
    if (!service) throw new HttpError(404, MESSAGES.cannotFindCalendar)
    return service
  }

  app.get<{ Params: { slug: string } }>('/providers/:slug', async (request) => {
    const provider = await findProvider(ctx.db, request.params.slug)
    if (!provider) throw new HttpError(404, MESSAGES.cannotFindCalendar)
    const [services, staff] = await Promise.all([
      listServices(ctx.db, provider.id),
      listStaff(ctx.db, provider.id),
    ])
    return {
      ...publicProvider(provider),
      services: services.map(publicService),
      staff: staff.map(publicStaff),
    }
  })

  app.get<{ Params: { service: string } }>('/services/:service', async (request) => {
    const service = await serviceOr404(request.params.service)
    const [provider, staff] = await Promise.all([
      findProviderById(ctx.db, service.providerId),
      listStaff(ctx.db, service.providerId, service.id),
    ])
    return {
      ...publicService(service),
      provider: provider && publicProvider(provider),
      staff: staff.map(publicStaff),
    }
  })

  app.get<{ Params: { service: string }; Querystring: SlotsQuery }>(
    '/services/:service/slots',
    { schema: { querystring: slotsQuerySchema } },
    async (request) => {
      const service = await serviceOr404(request.params.service)
      const { month, timeZone, staffId } = request.query
      const from = zonedLocalToInstant(`${month}-01`, '00:00', timeZone)
      const to = zonedLocalToInstant(`${nextMonth(month)}-01`, '00:00', timeZone)
      const now = ctx.now()
      const { slots } = await findSlots(ctx.db, service, { from, to, now, staffId })
      const days = Object.fromEntries(
        Object.entries(groupSlotsByDay(slots, timeZone)).map(([day, list]) => [
          day,
          list.map(slotView),
        ]),
      )
      const next =
        slots.length === 0
          ? await findNextSlot(ctx.db, service, { from: Math.max(to, now), now, staffId })
          : null
      return {
        serviceId: service.id,
        month,
        timeZone,
        days,
        nextAvailable: next ? slotView(next) : null,
      }
    },
  )

  app.get<{ Params: { service: string }; Querystring: NextSlotQuery }>(
    '/services/:service/next-available',
    { schema: { querystring: nextSlotQuerySchema } },
    async (request) => {
      const service = await serviceOr404(request.params.service)
      const now = ctx.now()
      const from = request.query.from ? Math.max(Date.parse(request.query.from), now) : now
      const slot = await findNextSlot(ctx.db, service, {
        from,
        now,
        staffId: request.query.staffId,
      })
      if (!slot) throw new HttpError(404, MESSAGES.noSlots)
      return { slot: slotView(slot), timeZone: request.query.timeZone }
    },
  )

  app.get<{ Params: { slug: string } }>('/one-time-links/:slug', async (request) => {
    const { rows } = await ctx.db.query<{ serviceId: number }>(
      `SELECT service_id AS "serviceId" FROM one_time_links
        WHERE slug = $1 AND used_at IS NULL AND (expires_at IS NULL OR expires_at > now())`,
      [request.params.slug],
    )
    if (!rows[0]) {
      throw new HttpError(
        410,
        MESSAGES.slugExpired,
        'This link has already been used or has expired.',
      )
    }
    const service = await serviceOr404(String(rows[0].serviceId))
    return { slug: request.params.slug, service: publicService(service) }
  })

  app.get('/time-zones', async () => ({ timeZones: listTimeZones() }))

  app.post<{ Body: BookingRequest; Headers: { 'idempotency-key'?: string } }>(
    '/bookings',
    { schema: { body: bookingRequestSchema() }, config: limited },
    async (request, reply) => {
      const key = request.headers['idempotency-key']
      if (key !== undefined && !/^[\w-]{8,128}$/.test(key)) {
        throw new HttpError(
          400,
          'Bad Request',
          'Idempotency-Key must be 8 to 128 letters, digits, - or _.',
        )
      }
      const fingerprint = requestFingerprint(request.body)
      // Returns the stored first response (not the reply: a Fastify reply is thenable).
      const storedFor = async () => {
        const stored = key ? await findStoredResponse(ctx.db, key) : undefined
        if (stored && stored.fingerprint !== fingerprint) {
          throw new HttpError(
            422,
            'Unprocessable Entity',
            'This Idempotency-Key was used for a different booking.',
          )
        }
        return stored?.response
      }
      const replay = (stored: StoredResponse) =>
        reply.status(stored.statusCode).header('idempotent-replayed', 'true').send(stored.body)

      const earlier = await storedFor()
      if (earlier) return replay(earlier)
      try {
        const created = await createBooking(
          ctx,
          request.body,
          key ? { key, fingerprint } : undefined,
        )
        return reply.status(201).send(created)
      } catch (error) {
        // A twin request with the same key committed first; ours rolled back whole.
        const raced = isKeyClaimed(error) ? await storedFor() : undefined
        if (raced) return replay(raced)
        if (error instanceof HttpError) throw error
        // Anything else is our fault: log it, and tell the visitor in the spec's words.
        request.log.error({ err: error }, 'booking failed')
        throw new HttpError(500, MESSAGES.unableToSchedule)
      }
    },
  )

  const tokenOr404 = (token: string) => {
    if (!isManageTokenShaped(token)) throw new HttpError(404, MESSAGES.noCalendarEvent)
    return token
  }

  app.get<{ Params: { token: string } }>(
    '/bookings/manage/:token',
    { config: limited },
    async (request) => ({
      booking: await getBookingByToken(ctx, tokenOr404(request.params.token)),
    }),
  )

  app.post<{ Params: { token: string }; Body: RescheduleRequest }>(
    '/bookings/manage/:token/reschedule',
    { schema: { body: rescheduleRequestSchema }, config: limited },
    async (request) => ({
      booking: await rescheduleBooking(ctx, tokenOr404(request.params.token), request.body),
    }),
  )

  app.post<{ Params: { token: string }; Body: CancelRequest }>(
    '/bookings/manage/:token/cancel',
    { schema: { body: cancelRequestSchema }, config: limited },
    async (request) => ({
      booking: await cancelBooking(ctx, tokenOr404(request.params.token), request.body.reason),
    }),
  )

  app.get<{ Params: { token: string } }>(
    '/bookings/manage/:token/calendar.ics',
    { config: limited },
    async (request, reply) => {
      const token = tokenOr404(request.params.token)
      const loaded = await loadBooking(ctx.db, { tokenHash: hashManageToken(token) })
      if (!loaded) throw new HttpError(404, MESSAGES.noCalendarEvent)
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="booking-${loaded.view.id}.ics"`)
        .send(bookingIcs(loaded.view, ctx.siteUrl, token, loaded.serviceSlug))
    },
  )
}
