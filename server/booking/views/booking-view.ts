import type { BookingStatus, BookingView } from '../../../src/lib/booking/api-types'
import { priceOf } from '../../../src/lib/booking/pricing'
import type { Contact, Guest } from '../../../src/lib/validation/booking-request'
import type { Queryable } from '../../db'
import {
  googleCalendarUrl,
  icsCalendar,
  outlookCalendarUrl,
  type CalendarEvent,
} from './calendar-links'
import { ACTIVE_STATUSES, bookingPolicy } from './policy'

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
}

interface LineRow {
  guestIndex: number
  serviceId: number
  serviceName: string
  serviceSlug: string
  location: string
  priceCents: number
  depositCents: number
  currency: string
  rescheduleCutoffMinutes: number
  cancellationCutoffMinutes: number
  seats: number
  staffId: number
  staffName: string
  staffChosen: boolean
  occurrence: number
  start: Date
  end: Date
}

const iso = (value: Date | string) => new Date(value).toISOString()

function guestName(booking: BookingRow, guestIndex: number): string {
  if (guestIndex === 0) {
    const name = [booking.contact.firstName, booking.contact.lastName].filter(Boolean).join(' ')
    return name || booking.contact.email || 'Guest'
  }
  return booking.guests[guestIndex - 1]?.name ?? `Guest ${guestIndex + 1}`
}

/** A booking as the API shows it; `now` decides what its policy still allows. */
export async function loadBooking(
  db: Queryable,
  where: { id: number } | { tokenHash: Buffer },
  now: number,
): Promise<{ view: BookingView; serviceSlug: string } | undefined> {
  const { rows } = await db.query<BookingRow>(
    `SELECT b.id, b.status, b.start_at AS start, b.end_at AS "end", b.time_zone AS "timeZone",
            b.contact, b.guests, b.guest_count AS "guestCount",
            b.cancellation_reason AS "cancellationReason", b.hold_expires_at AS "holdExpiresAt",
            p.slug AS "providerSlug", p.name AS "providerName",
            p.email AS "providerEmail", p.phone AS "providerPhone"
       FROM bookings b JOIN providers p ON p.id = b.provider_id
      WHERE ${'id' in where ? 'b.id = $1' : 'b.manage_token_hash = $1'}`,
    ['id' in where ? where.id : where.tokenHash],
  )
  const booking = rows[0]
  if (!booking) return undefined
  const lines = (
    await db.query<LineRow>(
      `SELECT l.guest_index AS "guestIndex", l.service_id AS "serviceId",
              sv.name AS "serviceName", sv.slug AS "serviceSlug", sv.location,
              l.price_cents AS "priceCents", l.deposit_cents AS "depositCents", l.currency,
              sv.reschedule_cutoff_minutes AS "rescheduleCutoffMinutes",
              sv.cancellation_cutoff_minutes AS "cancellationCutoffMinutes",
              l.seats, l.staff_id AS "staffId", st.name AS "staffName",
              l.staff_chosen AS "staffChosen", l.occurrence,
              l.start_at AS start, l.end_at AS "end"
         FROM booking_lines l
         JOIN services sv ON sv.id = l.service_id
         JOIN staff st ON st.id = l.staff_id
        WHERE l.booking_id = $1
        ORDER BY l.occurrence, l.guest_index, l.id`,
      [booking.id],
    )
  ).rows
  const history = (
    await db.query<{ from: Date; to: Date; at: Date }>(
      `SELECT from_start_at AS "from", to_start_at AS "to", rescheduled_at AS at
         FROM booking_reschedules WHERE booking_id = $1 ORDER BY id`,
      [booking.id],
    )
  ).rows
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
    {
      status: booking.status,
      start: +booking.start,
      rescheduleCutoffMinutes: Math.max(0, ...lines.map((l) => l.rescheduleCutoffMinutes)),
      cancellationCutoffMinutes: Math.max(0, ...lines.map((l) => l.cancellationCutoffMinutes)),
    },
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
  }
  return { view, serviceSlug: firstOccurrence[0]?.serviceSlug ?? '' }
}

function eventsOf(view: BookingView, description: string): CalendarEvent[] {
  const services = [...new Set(view.lines.map((line) => line.serviceName))].join(', ')
  const staff = [...new Set(view.lines.map((line) => line.staffName))].join(', ')
  return view.occurrences.map((occurrence, index) => ({
    uid: `booking-${view.id}-${index}@${view.provider.slug}`,
    title: `${services} · ${view.provider.name}`,
    description: `${services} with ${staff}\n\n${description}`,
    location: view.location,
    start: Date.parse(occurrence.start),
    end: Date.parse(occurrence.end),
    cancelled: !ACTIVE_STATUSES.includes(view.status),
  }))
}

/** The visitor's links, made from their manage token. */
export function withLinks(
  view: BookingView,
  serviceSlug: string,
  token: string,
  siteUrl: string,
): BookingView {
  const reschedule = `${siteUrl}/widget/bookings/${serviceSlug}?reschedule=${token}`
  const cancel = `${siteUrl}/widget/cancel-booking?token=${token}`
  const description = `Reschedule: ${reschedule}\nCancel: ${cancel}`
  const [first] = eventsOf(view, description)
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

export function bookingIcs(view: BookingView, siteUrl: string, token: string, slug: string) {
  const links = withLinks(view, slug, token, siteUrl).links
  return icsCalendar(eventsOf(view, `Reschedule: ${links?.reschedule}\nCancel: ${links?.cancel}`))
}

/** The booking as its visitor sees it, with the links their manage token makes. */
export async function visitorView(
  db: Queryable,
  where: { id: number } | { tokenHash: Buffer },
  token: string,
  siteUrl: string,
  now: number,
): Promise<BookingView | undefined> {
  const loaded = await loadBooking(db, where, now)
  return loaded && withLinks(loaded.view, loaded.serviceSlug, token, siteUrl)
}
