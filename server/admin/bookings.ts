import type {
  AdminBooking,
  BookingFilters,
  BookingHistoryEntry,
  BookingListQuery,
  BookingPage,
  BookingTab,
} from '../../src/lib/admin/api-types'
import type { BookingStatus } from '../../src/lib/booking/api-types'
import { MAX_DATABASE_INTEGER } from '../../src/lib/validation/joi'
import type { Queryable } from '../db'
import { encodeCursor, type Cursor as PageCursor } from '../page-cursor'
import { intakeOfBookings } from '../forms/intake'
import { loadBookings } from '../booking/views/booking-view'

/** What the list may be narrowed to beyond the dashboard's filters. */
export interface ListScope extends BookingFilters {
  /** The old `?status=` filter of scripts, kept working. */
  status?: BookingStatus
}

/** Newest first where the dashboard looks back, soonest first where it looks ahead. */
const DESCENDING: readonly BookingTab[] = ['past', 'cancelled']

const TAB_CONDITIONS: Record<BookingTab, string> = {
  upcoming: `b.status = 'confirmed' AND b.end_at > :now`,
  requested: `b.status = 'requested'`,
  held: `b.status = 'held'`,
  past: `b.status = 'confirmed' AND b.end_at <= :now`,
  cancelled: `b.status IN ('cancelled', 'declined', 'expired')`,
}

type Cursor = PageCursor<number>

/** A booking id (an int column), as a cursor of the list holds it. */
export const isBookingId = (value: unknown): value is number =>
  Number.isInteger(value) && (value as number) > 0 && (value as number) <= MAX_DATABASE_INTEGER

/**
 * One page of booking ids, keyset-paged on (start_at, id): a booking made or moved while the
 * operator pages never makes a row appear twice or vanish, as an offset would.
 */
export async function listBookingIds(
  db: Queryable,
  scope: ListScope,
  page: { cursor?: Cursor; limit: number },
  now: number,
): Promise<{ ids: number[]; next: Cursor | null }> {
  const params: unknown[] = []
  const where: string[] = []
  const param = (value: unknown) => `$${params.push(value)}`
  if (scope.tab) {
    where.push(
      TAB_CONDITIONS[scope.tab].replace(
        ':now',
        () => `${param(new Date(now).toISOString())}::timestamptz`,
      ),
    )
  }
  if (scope.status) where.push(`b.status = ${param(scope.status)}`)
  if (scope.serviceId !== undefined || scope.staffId !== undefined) {
    where.push(
      `EXISTS (SELECT 1 FROM booking_lines l WHERE l.booking_id = b.id
                 AND (${param(scope.serviceId ?? null)}::int IS NULL OR l.service_id = $${params.length})
                 AND (${param(scope.staffId ?? null)}::int IS NULL OR l.staff_id = $${params.length}))`,
    )
  }
  // Local dates of the provider's zone, both included.
  if (scope.from) {
    where.push(`b.start_at >= (${param(scope.from)}::date)::timestamp AT TIME ZONE p.time_zone`)
  }
  if (scope.to) {
    where.push(`b.start_at < (${param(scope.to)}::date + 1)::timestamp AT TIME ZONE p.time_zone`)
  }
  if (scope.q) {
    // position(), not LIKE: what the operator types is text, never a pattern.
    where.push(
      `position(lower(${param(scope.q)}) IN lower(concat_ws(' ', b.contact->>'firstName',
                b.contact->>'lastName', b.contact->>'email'))) > 0`,
    )
  }
  const descending = scope.tab !== undefined && DESCENDING.includes(scope.tab)
  if (page.cursor) {
    where.push(
      `(b.start_at, b.id) ${descending ? '<' : '>'} (${param(page.cursor.at)}::timestamptz, ${param(page.cursor.id)}::int)`,
    )
  }
  const order = descending ? 'DESC' : 'ASC'
  const { rows } = await db.query<{ id: number; start: Date }>(
    `SELECT b.id, b.start_at AS start FROM bookings b JOIN providers p ON p.id = b.provider_id
      ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY b.start_at ${order}, b.id ${order} LIMIT ${param(page.limit + 1)}`,
    params,
  )
  const shown = rows.slice(0, page.limit)
  const last = shown.at(-1)
  return {
    ids: shown.map((row) => row.id),
    next:
      rows.length > page.limit && last
        ? { at: new Date(last.start).toISOString(), id: last.id }
        : null,
  }
}

interface EventRow {
  bookingId: number
  type: string
  at: Date
  actor: string | null
  payload: { by?: string }
}

/** Events written before actors were recorded: the visitor made and cancelled, the rest ran alone. */
function actorOf(event: EventRow): string {
  if (event.actor) return event.actor
  return event.type === 'booking.created' || event.payload.by === 'visitor' ? 'visitor' : 'system'
}

/**
 * Bookings as the dashboard shows them, in the order of `ids`: a fixed number of queries however
 * many (the views, their payments, their intake answers, their events), never one per booking.
 */
export async function adminBookings(
  db: Queryable,
  ids: number[],
  now: number,
): Promise<AdminBooking[]> {
  if (ids.length === 0) return []
  const [loaded, intake, events] = await Promise.all([
    loadBookings(db, { ids }, now),
    intakeOfBookings(db, ids),
    db.query<EventRow>(
      `SELECT booking_id AS "bookingId", type, created_at AS at, actor, payload
         FROM booking_events WHERE booking_id = ANY($1::int[]) ORDER BY id`,
      [ids],
    ),
  ])
  const history = new Map<number, BookingHistoryEntry[]>()
  for (const event of events.rows) {
    const entries = history.get(event.bookingId) ?? []
    entries.push({ type: event.type, at: new Date(event.at).toISOString(), actor: actorOf(event) })
    history.set(event.bookingId, entries)
  }
  const byId = new Map(loaded.map((booking) => [booking.view.id, booking]))
  return ids.flatMap((id) => {
    const booking = byId.get(id)
    if (!booking) return []
    return [
      {
        ...booking.view,
        intake: intake.get(id) ?? [],
        noShow: booking.noShow,
        history: history.get(id) ?? [],
      },
    ]
  })
}

/** One page of the dashboard's list. */
export async function bookingPage(
  db: Queryable,
  scope: ListScope,
  query: Pick<BookingListQuery, 'limit'> & { cursor?: Cursor },
  now: number,
): Promise<BookingPage> {
  const { ids, next } = await listBookingIds(
    db,
    scope,
    { limit: query.limit ?? 25, ...(query.cursor ? { cursor: query.cursor } : {}) },
    now,
  )
  return { bookings: await adminBookings(db, ids, now), nextCursor: next && encodeCursor(next) }
}

/** Whether a staff member serves any line of the booking (else, to them, it does not exist). */
export async function servesBooking(db: Queryable, bookingId: number, staffId: number) {
  const { rows } = await db.query(
    'SELECT 1 FROM booking_lines WHERE booking_id = $1 AND staff_id = $2 LIMIT 1',
    [bookingId, staffId],
  )
  return rows.length > 0
}
