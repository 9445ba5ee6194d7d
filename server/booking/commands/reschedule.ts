import type { BookingView } from '../../../src/lib/booking/api-types'
import type { Locale } from '../../../src/lib/locale/locales'
import { changeDeadline, isBeforeDeadline } from '../../../src/lib/booking/change-rules'
import type { RescheduleRequest } from '../../../src/lib/validation/booking-queries'
import type { BookingLineRequest } from '../../../src/lib/validation/booking-request'
import { loadParty } from '../party'
import { refuse } from '../refusals'
import { lockBooking, moveBooking, type BookingKey } from '../store/bookings'
import { appendEvent, type EventActor } from '../store/events'
import { occupy, vacate } from '../store/ledger'
import { hashManageToken } from '../store/manage-token'
import { loadBooking, visitorView } from '../views/booking-view'
import type { BookingContext } from './context'
import { planLines, spanOf } from './plan'
import { runCommand } from './transaction'

/**
 * The visitor moves their booking (by its manage token) to a new time with the same services,
 * guests and staff choices, at the price it was booked for; see moveBookingTo. The answer's links
 * are in `locale` (the widget's), else the booking's own.
 */
export async function rescheduleBooking(
  ctx: BookingContext,
  token: string,
  change: RescheduleRequest,
  locale?: Locale,
): Promise<BookingView> {
  const tokenHash = hashManageToken(token)
  await moveBookingTo(ctx, { tokenHash }, change, 'visitor')
  return (await visitorView(
    ctx.db,
    { tokenHash },
    token,
    ctx.siteUrl,
    ctx.now(),
    locale,
  )) as BookingView
}

/**
 * Moves a booking to a new time with the same services, guests and staff choices, at the price
 * it was booked for. Planning happens after the booking's own seats were given back, so it may
 * move within its own time or class; any refusal rolls the old seats back in. The visitor must be
 * inside the reschedule window; the business (an admin actor) may move it at any time, to any
 * time the engine offers. Without a time zone the booking keeps its own.
 */
export async function moveBookingTo(
  ctx: BookingContext,
  key: BookingKey,
  change: { start: string; timeZone?: string },
  actor: EventActor,
): Promise<number> {
  const current = (await loadBooking(ctx.db, key, ctx.now()))?.view
  if (!current) return refuse({ kind: 'booking_not_found' })
  // One requested line per person and service: a collective service's crew share the line of
  // its first member (stored first, with the price), and the crew is found again for the new time.
  const first = current.lines.filter(
    (line, index, lines) =>
      line.occurrence === 0 &&
      lines.findIndex(
        (other) => other.guestIndex === line.guestIndex && other.serviceId === line.serviceId,
      ) === index,
  )
  const requested: BookingLineRequest[] = first.map((line) => ({
    serviceId: line.serviceId,
    staffId: line.staffChosen ? line.staffId : null,
    guestIndex: line.guestIndex,
  }))
  const quotes = new Map(first.map((line) => [line.serviceId, line]))
  const newStart = Date.parse(change.start)
  await ctx.recheckCalendars?.(requested)

  return runCommand(ctx, async (tx) => {
    const booking = await lockBooking(tx, key)
    if (booking.status !== 'requested' && booking.status !== 'confirmed') {
      refuse({ kind: 'wrong_state', command: 'reschedule', status: booking.status })
    }
    const now = ctx.now()
    const until = changeDeadline(booking.start, booking.rescheduleCutoffMinutes)
    if (actor === 'visitor' && !isBeforeDeadline(now, until)) {
      refuse({ kind: 'reschedule_closed', until })
    }
    const party = await loadParty(tx, requested, first[0]?.seats ?? 1)
    await vacate(tx, booking.id)
    const lines = await planLines(tx, party, requested, newStart, now, (service) => ({
      ...service,
      ...quotes.get(service.id),
    }))
    await occupy(tx, booking.id, lines)
    const span = spanOf(lines)
    const version = await moveBooking(tx, booking, {
      ...span,
      timeZone: change.timeZone ?? booking.timeZone,
    })
    await appendEvent(tx, {
      bookingId: booking.id,
      version,
      type: 'booking.rescheduled',
      payload: {
        from: new Date(booking.start).toISOString(),
        to: new Date(span.start).toISOString(),
        end: new Date(span.end).toISOString(),
        status: booking.status,
      },
      actor,
    })
    return booking.id
  })
}
