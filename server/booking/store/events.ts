import type { Queryable } from '../../db'

/** What happened to a booking, as the outbox records it. */
export type BookingEventType =
  | 'booking.created'
  | 'booking.rescheduled'
  | 'booking.cancelled'
  | 'booking.confirmed'
  | 'booking.declined'
  | 'booking.expired'

/**
 * Writes the command's event in the command's own transaction, so the event exists exactly when
 * the change does. Payloads carry times, ids, statuses and reasons: never tokens or contact data.
 */
export async function appendEvent(
  tx: Queryable,
  event: { bookingId: number; version: number; type: BookingEventType; payload: object },
) {
  await tx.query(
    `INSERT INTO booking_events (booking_id, version, type, payload) VALUES ($1, $2, $3, $4)`,
    [event.bookingId, event.version, event.type, event.payload],
  )
}

export interface BookingEvent {
  id: number
  bookingId: number
  version: number
  type: BookingEventType
  payload: Record<string, unknown>
  createdAt: string
}

/** Events after `afterId`, oldest first: how the outbox's readers catch up. */
export async function eventsAfter(
  db: Queryable,
  afterId = 0,
  limit = 100,
): Promise<BookingEvent[]> {
  const { rows } = await db.query<BookingEvent & { createdAt: Date }>(
    `SELECT id, booking_id AS "bookingId", version, type, payload, created_at AS "createdAt"
       FROM booking_events WHERE id > $1 ORDER BY id LIMIT $2`,
    [afterId, limit],
  )
  return rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt).toISOString() }))
}
