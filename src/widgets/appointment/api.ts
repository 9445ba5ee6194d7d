import type {
  BookingView,
  CreatedBooking,
  PublicService,
  ProviderResponse,
  ServiceResponse,
  SlotsResponse,
  SlotView,
} from '../../lib/booking/api-types'
import type { ServiceMenuResponse } from '../../lib/booking/catalog-pages'
import { encodePartyLines, partyKey, type Party } from '../../lib/booking/party'
import { createHttpClient, defaultApiBaseUrl } from '../../lib/http'
import type { Locale } from '../../lib/locale/locales'
import type { RescheduleRequest } from '../../lib/validation/booking-queries'
import type { BookingRequest } from '../../lib/validation/booking-request'

/** The calls the booking flow makes, through the product's one HTTP client. */
const http = createHttpClient({ baseUrl: defaultApiBaseUrl() })

export const fetchProvider = (slug: string) =>
  http.get<ProviderResponse>(`/providers/${encodeURIComponent(slug)}`)

export const fetchService = (idOrSlug: string) =>
  http.get<ServiceResponse>(`/services/${encodeURIComponent(idOrSlug)}`)

/** A published service menu, by id or slug (the same answer). */
export const fetchServiceMenu = (idOrSlug: string) =>
  http.get<ServiceMenuResponse>(`/service-menus/${encodeURIComponent(idOrSlug)}`)

/**
 * A month's starts at which the whole party fits. A party that can never fit (more seats than
 * the class has, more lines than a service allows) is refused with the spec's message.
 */
export function fetchSlots(party: Party, month: string, timeZone: string) {
  const key = slotsKey(party, month, timeZone)
  const early = prefetched.get(key)
  prefetched.delete(key)
  if (early && isFresh(early)) return early.response
  return requestSlots(party, month, timeZone)
}

const requestSlots = (party: Party, month: string, timeZone: string) =>
  http.get<SlotsResponse>('/slots', {
    params: { month, timeZone, lines: encodePartyLines(party.lines), seats: party.seats },
  })

const slotsKey = (party: Party, month: string, timeZone: string) =>
  [partyKey(party), month, timeZone].join('|')

/** Older than this, a prefetched month is asked for again: others may have booked meanwhile. */
const PREFETCH_FRESH_MS = 30_000
const prefetched = new Map<string, { at: number; response: Promise<SlotsResponse> }>()
const isFresh = (entry: { at: number }) => entry.at > Date.now() - PREFETCH_FRESH_MS

/**
 * Asks for a month the visitor is likely to want next (the staff step asks for "any available
 * staff"), so it is there when they get to the calendar. Used at most once: the next
 * `fetchSlots` for the same party, month and zone takes it, and a failure is asked again then.
 */
export function prefetchSlots(party: Party, month: string, timeZone: string): void {
  const key = slotsKey(party, month, timeZone)
  // A visitor back on the staff step after a while gets the month asked for again.
  const earlier = prefetched.get(key)
  if (earlier && isFresh(earlier)) return
  const response = requestSlots(party, month, timeZone)
  // Unused or failed, a prefetch says nothing: the real request reports its own failure.
  response.catch(() => prefetched.delete(key))
  prefetched.set(key, { at: Date.now(), response })
}

/** The first start at which the whole party fits; 404 "No Slots available" when none is. */
export const fetchNextSlot = (party: Party, timeZone: string) =>
  http.get<{ slot: SlotView }>('/next-available', {
    params: { timeZone, lines: encodePartyLines(party.lines), seats: party.seats },
  })

/** The key makes a retried submit safe: the server answers a replay with the first booking. */
export const postBooking = (request: BookingRequest, idempotencyKey: string) =>
  http.post<CreatedBooking>('/bookings', request, {
    headers: { 'Idempotency-Key': idempotencyKey },
  })

/** The service a one-time link books; 410 "slug expired" once used. */
export const fetchOneTimeLink = (slug: string) =>
  http.get<{ slug: string; service: PublicService }>(`/one-time-links/${encodeURIComponent(slug)}`)

export const fetchManagedBooking = (token: string) =>
  http.get<{ booking: BookingView }>(`/bookings/manage/${encodeURIComponent(token)}`)

/**
 * Moving a booking is not idempotent by key, so the client never retries it blindly. The moved
 * booking's calendar and manage links come in `locale`, the language the page shows.
 */
export const postReschedule = (token: string, request: RescheduleRequest, locale: Locale) =>
  http.post<{ booking: BookingView }>(
    `/bookings/manage/${encodeURIComponent(token)}/reschedule`,
    request,
    { params: { locale } },
  )
