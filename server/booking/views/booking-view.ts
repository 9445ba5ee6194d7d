import type {
  BookingStatus,
  BookingView,
  ServiceTranslations,
} from '../../../src/lib/booking/api-types'
import { strictestRules } from '../../../src/lib/booking/change-rules'
import { priceOf, type RefundPolicy } from '../../../src/lib/booking/pricing'
import { localizedPath, type Locale } from '../../../src/lib/locale/locales'
import type { Contact, Guest } from '../../../src/lib/validation/booking-request'
import type { Queryable } from '../../db'
import { calendarEvents } from '../../notifications/mail/calendar'
import { factsOf } from '../../notifications/mail/facts'
import { PAYMENT_COLUMNS, paymentView, type PaymentRow } from '../../payments/store'
import { googleCalendarUrl, outlookCalendarUrl } from './calendar-links'
import { bookingPolicy } from './policy'

interface BookingRow {
  id: number
  status: BookingStatus
  start: Date
  end: Date
  timeZone: string
  contact: Contact
  guests: Guest[]
  guestCount: number | null
  cancellationReason: string | null
  holdExpiresAt: Date | null
  providerSlug: string
  providerName: string
  providerEmail: string | null
  providerPhone: string | null
  noShow: boolean
  locale: Locale
}

interface LineRow {
  guestIndex: number
  serviceId: number
  serviceName: string
  serviceTranslations: ServiceTranslations
  serviceSlug: string
  location: string
  priceCents: number
  depositCents: number
  currency: string
  rescheduleCutoffMinutes: number
  cancellationCutoffMinutes: number
  refundPolicy: RefundPolicy
  refundCutoffMinutes: number
  seats: number
  staffId: number
  staffName: string
  staffChosen: boolean
  occurrence: number
  /** ISO 8601 with an offset, as PostgreSQL writes timestamps into JSON. */
  start: string
  end: string
}

interface HistoryRow {
  from: string
  to: string
  at: string
}

const iso = (value: Date | string) => new Date(value).toISOString()

function guestName(booking: BookingRow, guestIndex: number): string {
  if (guestIndex === 0) {
    const name = [booking.contact.firstName, booking.contact.lastName].filter(Boolean).join(' ')
    return name || booking.contact.email || 'Guest'
  }
  return booking.guests[guestIndex - 1]?.name ?? `Guest ${guestIndex + 1}`
}

export type BookingWhere = { id: number } | { tokenHash: Buffer } | { ids: number[] }

export interface LoadedBooking {
  view: BookingView
  serviceSlug: string
  noShow: boolean
  /** The language it was booked in: its e-mails', and its links' when no page asks for another. */
  locale: Locale
}

/** A booking as the API shows it; `now` decides what its policy still allows. */
export async function loadBooking(
  db: Queryable,
  where: { id: number } | { tokenHash: Buffer },
  now: number,
): Promise<LoadedBooking | undefined> {
  return (await loadBookings(db, where, now))[0]
}

/**
 * Bookings as the API shows them, in one query however many (the dashboard's pages): the lines
 * and the reschedule history come along as JSON arrays, the payment (one at most) as JSON. A
 * booking's answer is one round trip of its transaction. In no particular order.
 */
export async function loadBookings(
  db: Queryable,
  where: BookingWhere,
  now: number,
): Promise<LoadedBooking[]> {
  if ('ids' in where && where.ids.length === 0) return []
  const { rows } = await db.query<
    BookingRow & {
      lines: LineRow[]
      history: HistoryRow[]
      // JSON has no dates: the timestamp comes as text.
      payment: (Omit<PaymentRow, 'termsAcceptedAt'> & { termsAcceptedAt: string }) | null
    }
  >(
    `SELECT b.id, b.status, b.start_at AS start, b.end_at AS "end", b.time_zone AS "timeZone",
            b.contact, b.guests, b.guest_count AS "guestCount",
            b.cancellation_reason AS "cancellationReason", b.hold_expires_at AS "holdExpiresAt",
            p.slug AS "providerSlug", p.name AS "providerName",
            p.email AS "providerEmail", p.phone AS "providerPhone", b.no_show AS "noShow",
            b.locale,
            COALESCE((
              SELECT json_agg(json_build_object(
                       'guestIndex', l.guest_index, 'serviceId', l.service_id,
                       'serviceName', sv.name, 'serviceTranslations', sv.translations,
                       'serviceSlug', sv.slug, 'location', sv.location,
                       'priceCents', l.price_cents, 'depositCents', l.deposit_cents,
                       'currency', l.currency,
                       'rescheduleCutoffMinutes', sv.reschedule_cutoff_minutes,
                       'cancellationCutoffMinutes', sv.cancellation_cutoff_minutes,
                       'refundPolicy', sv.refund_policy,
                       'refundCutoffMinutes', sv.refund_cutoff_minutes,
                       'seats', l.seats, 'staffId', l.staff_id, 'staffName', st.name,
                       'staffChosen', l.staff_chosen, 'occurrence', l.occurrence,
                       'start', l.start_at, 'end', l.end_at)
                     ORDER BY l.occurrence, l.guest_index, l.id)
                FROM booking_lines l
                JOIN services sv ON sv.id = l.service_id
                JOIN staff st ON st.id = l.staff_id
               WHERE l.booking_id = b.id), '[]') AS lines,
            COALESCE((
              SELECT json_agg(json_build_object(
                       'from', r.from_start_at, 'to', r.to_start_at, 'at', r.rescheduled_at)
                     ORDER BY r.id)
                FROM booking_reschedules r WHERE r.booking_id = b.id), '[]') AS history,
            (SELECT row_to_json(pay)
               FROM (SELECT ${PAYMENT_COLUMNS} FROM payments WHERE booking_id = b.id) pay) AS payment
       FROM bookings b JOIN providers p ON p.id = b.provider_id
      WHERE ${'ids' in where ? 'b.id = ANY($1::int[])' : 'id' in where ? 'b.id = $1' : 'b.manage_token_hash = $1'}`,
    ['ids' in where ? where.ids : 'id' in where ? where.id : where.tokenHash],
  )
  return rows.map(({ payment, ...row }) =>
    bookingView(
      row,
      payment ? { ...payment, termsAcceptedAt: new Date(payment.termsAcceptedAt) } : undefined,
      now,
    ),
  )
}

function bookingView(
  booking: BookingRow & { lines: LineRow[]; history: HistoryRow[] },
  payment: PaymentRow | undefined,
  now: number,
): LoadedBooking {
  const { lines, history } = booking
  const firstOccurrence = lines.filter((line) => line.occurrence === 0)
  const occurrenceStarts = new Map<number, { start: string; end: string }>()
  for (const line of lines) {
    const current = occurrenceStarts.get(line.occurrence)
    const end = iso(line.end)
    if (!current || end > current.end) {
      occurrenceStarts.set(line.occurrence, { start: current?.start ?? iso(line.start), end })
    }
  }
  // The price is per seat and per booking, not per weekly occurrence.
  const price = priceOf(firstOccurrence)
  const policy = bookingPolicy(
    { status: booking.status, start: +booking.start, ...strictestRules(lines) },
    now,
  )
  const view: BookingView = {
    id: booking.id,
    status: booking.status,
    start: iso(booking.start),
    end: iso(booking.end),
    timeZone: booking.timeZone,
    durationMinutes: Math.round((+booking.end - +booking.start) / 60_000),
    location: firstOccurrence[0]?.location ?? '',
    provider: {
      slug: booking.providerSlug,
      name: booking.providerName,
      email: booking.providerEmail,
      phone: booking.providerPhone,
    },
    contact: booking.contact,
    guests: booking.guests,
    guestCount: booking.guestCount,
    lines: lines.map((line) => ({
      guestIndex: line.guestIndex,
      guestName: guestName(booking, line.guestIndex),
      serviceId: line.serviceId,
      serviceName: line.serviceName,
      serviceTranslations: line.serviceTranslations,
      staffId: line.staffId,
      staffName: line.staffName,
      staffChosen: line.staffChosen,
      occurrence: line.occurrence,
      start: iso(line.start),
      end: iso(line.end),
      seats: line.seats,
      priceCents: line.priceCents,
      depositCents: line.depositCents,
      currency: line.currency,
    })),
    occurrences: [...occurrenceStarts.entries()].sort(([a], [b]) => a - b).map(([, o]) => o),
    totalCents: price.totalCents,
    depositCents: price.dueNowCents,
    currency: price.currency,
    holdExpiresAt: booking.holdExpiresAt ? iso(booking.holdExpiresAt) : null,
    policy,
    cancellationReason: booking.cancellationReason,
    rescheduleHistory: history.map((h) => ({ from: iso(h.from), to: iso(h.to), at: iso(h.at) })),
    payment: payment ? paymentView(payment) : null,
  }
  return {
    view,
    serviceSlug: firstOccurrence[0]?.serviceSlug ?? '',
    noShow: booking.noShow,
    locale: booking.locale,
  }
}

/**
 * The language a visitor's answer speaks: the page's (the widget asks in the language it shows),
 * else the one the booking was made in.
 */
export const visitorLocale = (loaded: LoadedBooking, requested?: Locale): Locale =>
  requested ?? loaded.locale

/**
 * The visitor's links, made from their manage token, in `locale`: the manage links open the
 * widget in it, and the Google and Outlook entries say what the calendar file in it says.
 */
export function withLinks(
  view: BookingView,
  serviceSlug: string,
  token: string,
  siteUrl: string,
  locale: Locale,
): BookingView {
  // Only the changes the policy still allows: a link that would only refuse is not offered.
  const reschedule = view.policy.canReschedule
    ? `${siteUrl}${localizedPath(locale, `/widget/bookings/${serviceSlug}`)}?reschedule=${token}`
    : null
  const cancel = view.policy.canCancel
    ? `${siteUrl}${localizedPath(locale, '/widget/cancel-booking')}?token=${token}`
    : null
  const [first] = calendarEvents(view, {
    locale,
    facts: factsOf(view, locale),
    links: { reschedule, cancel },
  })
  return {
    ...view,
    links: {
      reschedule,
      cancel,
      ics: `/api/bookings/manage/${token}/calendar.ics`,
      google: first ? googleCalendarUrl(first) : '',
      outlook: first ? outlookCalendarUrl(first) : '',
    },
  }
}

/**
 * The booking as its visitor sees it, with the links their manage token makes, in `locale` (the
 * page's) or else the booking's own.
 */
export async function visitorView(
  db: Queryable,
  where: { id: number } | { tokenHash: Buffer },
  token: string,
  siteUrl: string,
  now: number,
  locale?: Locale,
): Promise<BookingView | undefined> {
  const loaded = await loadBooking(db, where, now)
  return (
    loaded &&
    withLinks(loaded.view, loaded.serviceSlug, token, siteUrl, visitorLocale(loaded, locale))
  )
}
