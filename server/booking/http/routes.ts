import type { FastifyPluginAsync } from 'fastify'
import type { SlotView, SlotsResponse } from '../../../src/lib/booking/api-types'
import { decodePartyLines, type PartyLine } from '../../../src/lib/booking/party'
import { listTimeZones, zonedLocalToInstant } from '../../../src/lib/time'
import {
  cancelRequestSchema,
  nextSlotQuerySchema,
  partyNextSlotQuerySchema,
  partySlotsQuerySchema,
  rescheduleRequestSchema,
  slotsQuerySchema,
  visitorLocaleQuerySchema,
  type CancelRequest,
  type NextSlotQuery,
  type PartyNextSlotQuery,
  type PartySlotsQuery,
  type RescheduleRequest,
  type SlotsQuery,
  type VisitorLocaleQuery,
} from '../../../src/lib/validation/booking-queries'
import {
  bookingRequestSchema,
  type BookingRequest,
} from '../../../src/lib/validation/booking-request'
import { idSchema, Joi } from '../../../src/lib/validation/joi'
import { MESSAGES } from '../../../src/lib/validation/messages'
import { EncodedJson, sendEncodedJson } from '../../encoded-json'
import { manageCalendar } from '../../notifications/mail/manage-calendar'
import { idempotencyKeyOf } from './idempotency-key'
import { HttpError } from '../../errors'
import { fileAnswer } from '../../openapi/schemas'
import { DatabaseBusy } from '../../db'
import { limitPerClient, type RateLimits } from '../../rate-limit'
import type { Metrics } from '../../metrics/metrics'
import { preventStoring } from '../../security-headers'
import { groupSlotsByDay, slotsExactUntil, type Slot } from '../availability'
import { cancelBooking } from '../commands/cancel'
import type { BookingContext } from '../commands/context'
import { createBooking } from '../commands/create'
import { rescheduleBooking } from '../commands/reschedule'
import { checkParty, loadParty, type Party } from '../party'
import { isRefusal, refuse } from '../refusals'
import { createSlotCache, type Computed } from '../slot-cache'
import {
  findNextPartySlotAfter,
  findPartySlots,
  partyScope,
  partyWindow,
  readAvailabilitySnapshot,
  serviceRules,
  type AvailabilitySnapshot,
} from '../slots'
import {
  findProvider,
  findProviderById,
  findService,
  listServices,
  listStaff,
} from '../store/catalog'
import {
  findStoredResponse,
  isKeyClaimed,
  requestFingerprint,
  type StoredResponse,
} from '../store/idempotency'
import { hashManageToken, isManageTokenShaped } from '../store/manage-token'
import { serviceOfLink } from '../store/one-time-links'
import { visitorView } from '../views/booking-view'
import { publicProvider, publicService, publicStaff } from '../views/public-view'
import { catalogPageRoutes } from './catalog-page-routes'
import { useJoiValidation } from './joi-validator'
import { refusalResponse } from './refusal-response'
import {
  createdBookingSchema,
  nextSlotResponseSchema,
  oneTimeLinkResponseSchema,
  providerResponseSchema,
  serviceResponseSchema,
  slotsResponseSchema,
  timeZonesResponseSchema,
  visitorBookingResponseSchema,
} from './response-schemas'

export interface BookingRoutesOptions {
  ctx: BookingContext
  rateLimits: RateLimits
  /** Counts the slot cache's hits and misses. */
  metrics?: Pick<Metrics, 'watchSlotCache'>
}

// Path parameters pass the shared string rule before they reach a query; a service is named by an
// id within PostgreSQL's integer, or by its slug.
const slugParams = Joi.object({ slug: Joi.string().max(128) })
const tokenParams = Joi.object({ token: Joi.string() })
const serviceParams = Joi.object({
  service: Joi.alternatives().conditional(Joi.string().pattern(/^\d+$/), {
    then: idSchema,
    otherwise: Joi.string().max(128),
  }),
})

const iso = (ms: number) => new Date(ms).toISOString()

const slotView = (slot: Slot): SlotView => ({
  start: iso(slot.start),
  end: iso(slot.end),
  staffIds: slot.staffIds.map(Number),
  seatsLeft: slot.seatsLeft,
})

function nextMonth(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number]
  return monthNumber === 12
    ? `${year + 1}-01`
    : `${year}-${String(monthNumber + 1).padStart(2, '0')}`
}

/**
 * A month's slots for a party, or none: never an error for a month outside the window. With it,
 * until when the clock alone leaves the answer as it is, and what it was computed from (for the
 * slot cache).
 */
async function monthOfSlots(
  snapshot: AvailabilitySnapshot,
  party: Party,
  query: { month: string; timeZone: string },
  now: number,
): Promise<Computed<Omit<SlotsResponse, 'serviceId'>>> {
  const from = zonedLocalToInstant(`${query.month}-01`, '00:00', query.timeZone)
  const to = zonedLocalToInstant(`${nextMonth(query.month)}-01`, '00:00', query.timeZone)
  const slots =
    Number.isFinite(from) && Number.isFinite(to)
      ? await findPartySlots(snapshot, party, { from, to, now })
      : []
  const days = Object.fromEntries(
    Object.entries(groupSlotsByDay(slots, query.timeZone)).map(([day, list]) => [
      day,
      list.map(slotView),
    ]),
  )
  const next =
    slots.length === 0 && Number.isFinite(to)
      ? await findNextPartySlotAfter(snapshot, party, { from: Math.max(to, now), now })
      : null
  const window = partyWindow(party, now)
  const offered = next ? [next] : slots
  return {
    value: {
      month: query.month,
      timeZone: query.timeZone,
      days,
      nextAvailable: next ? slotView(next) : null,
      bookableFrom: iso(window.from),
      bookableUntil: iso(window.until),
    },
    exactUntil: slotsExactUntil(
      offered.map((slot) => slot.start),
      [...party.services.values()].map(serviceRules),
      now,
    ),
    scope: partyScope(snapshot, party),
  }
}

async function nextSlot(ctx: BookingContext, party: Party, query: { from?: string }) {
  const now = ctx.now()
  const from = query.from ? Math.max(Date.parse(query.from), now) : now
  const slot = await findNextPartySlotAfter(ctx.db, party, { from, now })
  if (!slot) throw new HttpError(404, MESSAGES.noSlots, undefined, undefined, 'no_slots')
  return slotView(slot)
}

export const bookingRoutes: FastifyPluginAsync<BookingRoutesOptions> = async (
  app,
  { ctx, rateLimits, metrics },
) => {
  useJoiValidation(app)
  // Domain refusals become the spec's messages here; everything else goes on to the app's handler.
  app.setErrorHandler((error) => {
    throw isRefusal(error) ? refusalResponse(error.refusal) : error
  })
  await limitPerClient(app, rateLimits, 'booking')
  // Service menus and groups: the pages that lead visitors to these calendars.
  await app.register(catalogPageRoutes, { ctx })
  const slotCache = createSlotCache(ctx.db)
  metrics?.watchSlotCache(slotCache)
  const limited = { rateLimit: { max: rateLimits.perMinute, timeWindow: '1 minute' } }

  const serviceOr404 = async (idOrSlug: string | number) => {
    const service = await findService(ctx.db, idOrSlug)
    if (!service)
      throw new HttpError(404, MESSAGES.cannotFindCalendar, undefined, undefined, 'not_found')
    return service
  }
  /** One service as a party of one line: the per-service routes use the party path too. */
  const oneLineParty = async (idOrSlug: string | number, staffId?: number, seats = 1) => {
    const service = await serviceOr404(idOrSlug)
    const line: PartyLine = { serviceId: service.id, staffId: staffId ?? null }
    return { service, party: await loadParty(ctx.db, [line], seats) }
  }

  app.get<{ Params: { slug: string } }>(
    '/providers/:slug',
    { schema: { params: slugParams, response: { 200: providerResponseSchema } } },
    async (request) => {
      const provider = await findProvider(ctx.db, request.params.slug)
      if (!provider)
        throw new HttpError(404, MESSAGES.cannotFindCalendar, undefined, undefined, 'not_found')
      const [services, staff] = await Promise.all([
        listServices(ctx.db, provider.id),
        listStaff(ctx.db, provider.id),
      ])
      return {
        ...publicProvider(provider),
        services: services.map(publicService),
        staff: staff.map(publicStaff),
      }
    },
  )

  app.get<{ Params: { service: string | number } }>(
    '/services/:service',
    { schema: { params: serviceParams, response: { 200: serviceResponseSchema } } },
    async (request) => {
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
    },
  )

  /** What the months of the services named by id or slug are computed from, kept per revision. */
  const availability = (named: { ids: number[]; slugs: string[] }, now: number) =>
    slotCache.keep(JSON.stringify(['availability', named]), now, () =>
      readAvailabilitySnapshot(ctx.db, named, now),
    )

  app.get<{ Params: { service: string | number }; Querystring: SlotsQuery }>(
    '/services/:service/slots',
    {
      schema: {
        params: serviceParams,
        querystring: slotsQuerySchema,
        response: { 200: slotsResponseSchema },
      },
    },
    async (request, reply) => {
      const { staffId, seats = 1 } = request.query
      const now = ctx.now()
      const key = JSON.stringify(['service', request.params.service, request.query])
      const body = await slotCache.get(key, now, async () => {
        const idOrSlug = request.params.service
        const byId = typeof idOrSlug === 'number' || /^\d+$/.test(idOrSlug)
        const snapshot = await availability(
          byId ? { ids: [Number(idOrSlug)], slugs: [] } : { ids: [], slugs: [idOrSlug] },
          now,
        )
        const service = snapshot.services[0]
        if (!service)
          throw new HttpError(404, MESSAGES.cannotFindCalendar, undefined, undefined, 'not_found')
        const line: PartyLine = { serviceId: service.id, staffId: staffId ?? null }
        const party = checkParty([service], [line], seats)
        const month = await monthOfSlots(snapshot, party, request.query, now)
        const response: SlotsResponse = { serviceId: service.id, ...month.value }
        return { ...month, value: new EncodedJson(response) }
      })
      return sendEncodedJson(request, reply, body)
    },
  )

  app.get<{ Params: { service: string | number }; Querystring: NextSlotQuery }>(
    '/services/:service/next-available',
    {
      schema: {
        params: serviceParams,
        querystring: nextSlotQuerySchema,
        response: { 200: nextSlotResponseSchema },
      },
    },
    async (request) => {
      const { staffId, seats } = request.query
      const { party } = await oneLineParty(request.params.service, staffId, seats)
      return { slot: await nextSlot(ctx, party, request.query), timeZone: request.query.timeZone }
    },
  )

  app.get<{ Querystring: PartySlotsQuery }>(
    '/slots',
    { schema: { querystring: partySlotsQuerySchema, response: { 200: slotsResponseSchema } } },
    async (request, reply) => {
      const { lines, seats = 1 } = request.query
      const now = ctx.now()
      const body = await slotCache.get(JSON.stringify(['party', request.query]), now, async () => {
        const partyLines = decodePartyLines(lines)
        const ids = [...new Set(partyLines.map((line) => line.serviceId))].sort((a, b) => a - b)
        const snapshot = await availability({ ids, slugs: [] }, now)
        const party = checkParty(snapshot.services, partyLines, seats)
        const month = await monthOfSlots(snapshot, party, request.query, now)
        const response: SlotsResponse = month.value
        return { ...month, value: new EncodedJson(response) }
      })
      return sendEncodedJson(request, reply, body)
    },
  )

  app.get<{ Querystring: PartyNextSlotQuery }>(
    '/next-available',
    {
      schema: {
        querystring: partyNextSlotQuerySchema,
        response: { 200: nextSlotResponseSchema },
      },
    },
    async (request) => {
      const { lines, seats = 1 } = request.query
      const party = await loadParty(ctx.db, decodePartyLines(lines), seats)
      return { slot: await nextSlot(ctx, party, request.query), timeZone: request.query.timeZone }
    },
  )

  app.get<{ Params: { slug: string } }>(
    '/one-time-links/:slug',
    {
      schema: { params: slugParams, response: { 200: oneTimeLinkResponseSchema } },
      config: limited,
    },
    async (request) => {
      const serviceId = await serviceOfLink(ctx.db, request.params.slug)
      const service = await serviceOr404(String(serviceId))
      return { slug: request.params.slug, service: publicService(service) }
    },
  )

  app.get('/time-zones', { schema: { response: { 200: timeZonesResponseSchema } } }, async () => ({
    timeZones: listTimeZones(),
  }))

  app.post<{ Body: BookingRequest; Headers: { 'idempotency-key'?: string } }>(
    '/bookings',
    {
      schema: { body: bookingRequestSchema(), response: { 201: createdBookingSchema } },
      config: limited,
    },
    async (request, reply) => {
      const key = idempotencyKeyOf(request)
      const fingerprint = requestFingerprint(request.body)
      // Returns the stored first response (not the reply: a Fastify reply is thenable).
      const storedFor = async () => {
        const stored = key ? await findStoredResponse(ctx.db, key) : undefined
        if (stored && stored.fingerprint !== fingerprint) {
          throw new HttpError(
            422,
            'Unprocessable Entity',
            'This Idempotency-Key was used for a different booking.',
            undefined,
            'idempotency_key_reused',
          )
        }
        return stored?.response
      }
      const replay = (stored: StoredResponse) =>
        reply.status(stored.statusCode).header('idempotent-replayed', 'true').send(stored.body)

      const earlier = await storedFor()
      if (earlier) return replay(earlier)
      try {
        const created = await createBooking(ctx, request.body, {
          ...(key ? { idempotency: { key, fingerprint } } : {}),
        })
        return reply.status(201).send(created)
      } catch (error) {
        // A twin request with the same key committed first; ours rolled back whole.
        const raced = isKeyClaimed(error) ? await storedFor() : undefined
        if (raced) return replay(raced)
        // An overloaded database is not our fault either: the error handler says 503, try again.
        if (error instanceof HttpError || isRefusal(error) || error instanceof DatabaseBusy) {
          throw error
        }
        // Anything else is our fault: log it, and tell the visitor in the spec's words.
        request.log.error({ err: error }, 'booking failed')
        throw new HttpError(500, MESSAGES.unableToSchedule)
      }
    },
  )

  const tokenOr404 = (token: string) => {
    if (!isManageTokenShaped(token)) refuse({ kind: 'booking_not_found' })
    return token
  }
  const viewOr404 = async (token: string, query: VisitorLocaleQuery) =>
    (await visitorView(
      ctx.db,
      { tokenHash: hashManageToken(token) },
      token,
      ctx.siteUrl,
      ctx.now(),
      query.locale,
    )) ?? refuse({ kind: 'booking_not_found' })

  // A manage link's answers show the visitor's contact details and act on their booking.
  await app.register(
    async (manage) => {
      preventStoring(manage)

      // Every answer in the language the widget shows (`?locale=`), else the booking's own.
      manage.get<{ Params: { token: string }; Querystring: VisitorLocaleQuery }>(
        '/:token',
        {
          schema: {
            params: tokenParams,
            querystring: visitorLocaleQuerySchema,
            response: { 200: visitorBookingResponseSchema },
          },
          config: limited,
        },
        async (request) => ({
          booking: await viewOr404(tokenOr404(request.params.token), request.query),
        }),
      )

      manage.post<{
        Params: { token: string }
        Querystring: VisitorLocaleQuery
        Body: RescheduleRequest
      }>(
        '/:token/reschedule',
        {
          schema: {
            params: tokenParams,
            querystring: visitorLocaleQuerySchema,
            body: rescheduleRequestSchema,
            response: { 200: visitorBookingResponseSchema },
          },
          config: limited,
        },
        async (request) => ({
          booking: await rescheduleBooking(
            ctx,
            tokenOr404(request.params.token),
            request.body,
            request.query.locale,
          ),
        }),
      )

      manage.post<{
        Params: { token: string }
        Querystring: VisitorLocaleQuery
        Body: CancelRequest
      }>(
        '/:token/cancel',
        {
          schema: {
            params: tokenParams,
            querystring: visitorLocaleQuerySchema,
            body: cancelRequestSchema,
            response: { 200: visitorBookingResponseSchema },
          },
          config: limited,
        },
        async (request) => {
          const token = tokenOr404(request.params.token)
          await cancelBooking(
            ctx,
            { tokenHash: hashManageToken(token) },
            request.body.reason,
            'visitor',
          )
          return { booking: await viewOr404(token, request.query) }
        },
      )

      manage.get<{ Params: { token: string }; Querystring: VisitorLocaleQuery }>(
        '/:token/calendar.ics',
        {
          schema: {
            params: tokenParams,
            querystring: visitorLocaleQuerySchema,
            response: { 200: fileAnswer('text/calendar', 'The booking as an iCalendar file') },
          },
          config: limited,
        },
        async (request, reply) => {
          const file =
            (await manageCalendar(ctx, tokenOr404(request.params.token), request.query.locale)) ??
            refuse({ kind: 'booking_not_found' })
          return reply
            .type('text/calendar; charset=utf-8')
            .header('content-disposition', `attachment; filename="booking-${file.bookingId}.ics"`)
            .send(file.ics)
        },
      )
    },
    { prefix: '/bookings/manage' },
  )
}
