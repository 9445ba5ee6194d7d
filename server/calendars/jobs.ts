import { readEventsOnce, type BookingEvent } from '../booking/store/events'
import type { Queryable } from '../db'
import { enqueue } from '../jobs/store'
import type { JobHandlers, JobPayloads } from '../jobs/types'
import { connectionsForLines, dueConnections } from './store'
import { syncConnection, type CalendarServices } from './sync'
import { writeBookingToCalendars } from './write-out'

/** The schedule looks for connections due this often; each is read every `syncEveryMs`. */
export const CALENDAR_SWEEP_EVERY_MS = 60_000
const SYNCS_PER_SWEEP = 20
/** New booking events become calendar writes this often. */
const WRITE_DISPATCH_EVERY_MS = 2_000
/** A failing calendar server is tried again with backoff for about a day. */
const WRITE_ATTEMPTS = 12

/** What changes a booking's place in its staff members' calendars. */
const WRITTEN_ON = new Set([
  'booking.created',
  'booking.confirmed',
  'booking.rescheduled',
  'booking.cancelled',
  'booking.declined',
  'booking.expired',
  'payment.succeeded',
])

type CalendarJobs = Pick<JobPayloads, 'calendars.sync' | 'calendars.dispatch' | 'calendars.write'>

export function calendarJobHandlers(
  services: CalendarServices,
  syncEveryMs: number,
): JobHandlers<CalendarJobs> {
  return {
    'calendars.sync': {
      async run() {
        // One after another: a sweep is background work, and each read is small once ctags match.
        const due = await dueConnections(services.db, services.now() - syncEveryMs, SYNCS_PER_SWEEP)
        for (const id of due) await syncConnection(services, id)
      },
      recurring: { everyMs: CALENDAR_SWEEP_EVERY_MS, payload: {} },
    },
    'calendars.dispatch': {
      async run() {
        const queue = async (tx: Queryable, events: BookingEvent[]) => {
          for (const event of events) {
            if (!WRITTEN_ON.has(event.type)) continue
            // Only bookings of staff members with a receiving calendar are written anywhere, and
            // those with an event written before (its staff member may have changed).
            const { rows } = await tx.query(
              `SELECT 1 WHERE EXISTS (
                 SELECT 1 FROM booking_lines l
                   JOIN calendar_connections c ON c.staff_id = l.staff_id
                  WHERE l.booking_id = $1
                    AND c.calendars @> '[{"receivesBookings": true}]'::jsonb)
                 OR EXISTS (SELECT 1 FROM calendar_booking_events e
                             WHERE e.booking_id = $1 AND e.href IS NOT NULL)`,
              [event.bookingId],
            )
            if (rows.length === 0) continue
            await enqueue(tx, {
              type: 'calendars.write',
              payload: { bookingId: event.bookingId },
              dedupeKey: `calendars.write:${event.bookingId}:${event.version}`,
              maxAttempts: WRITE_ATTEMPTS,
            })
          }
        }
        while ((await readEventsOnce(services.db, 'calendars.write', queue)) > 0) continue
      },
      recurring: { everyMs: WRITE_DISPATCH_EVERY_MS, payload: {} },
    },
    'calendars.write': {
      run: ({ bookingId }) => writeBookingToCalendars(services, bookingId),
    },
  }
}

/** How long a booking waits for its staff members' calendars before it trusts what is stored. */
export const BOOKING_CHECK_BUDGET_MS = 3_000

/**
 * Before a booking is planned: reads the calendars of everyone who could take it again, so an
 * event added since the last sync refuses the time. Bounded by `budgetMs`: a calendar that does
 * not answer in time leaves the booking to the busy times stored (its failure shows on the
 * connection, and its read goes on and is stored when it ends).
 */
export async function recheckBeforeBooking(
  services: CalendarServices,
  lines: { serviceId: number; staffId: number | null }[],
  budgetMs = BOOKING_CHECK_BUDGET_MS,
): Promise<void> {
  const ids = await connectionsForLines(services.db, lines)
  if (ids.length === 0) return
  let timer: NodeJS.Timeout | undefined
  const outOfTime = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, budgetMs)
  })
  await Promise.race([Promise.all(ids.map((id) => syncConnection(services, id))), outOfTime])
  clearTimeout(timer)
}
