import type { Database, Queryable } from '../../db'
import { writeAudit } from '../../admin/audit'

/**
 * Who caused an event, for the dashboard's history: an admin account (by e-mail, or "token") is
 * also written to the audit log, in the same transaction as the change.
 */
export type EventActor = { admin: string } | 'visitor' | 'system'

/** What happened to a booking, as the outbox records it. */
export type BookingEventType =
  | 'booking.created'
  | 'booking.rescheduled'
  | 'booking.cancelled'
  | 'booking.confirmed'
  | 'booking.declined'
  | 'booking.expired'
  | 'payment.succeeded'
  | 'payment.failed'
  | 'payment.refunded'
  | 'booking.no_show'

/**
 * Writes the command's event in the command's own transaction, so the event exists exactly when
 * the change does. Payloads carry times, ids, statuses and reasons: never tokens or contact data.
 */
export async function appendEvent(
  tx: Queryable,
  event: {
    bookingId: number
    version: number
    type: BookingEventType
    payload: object
    actor?: EventActor
  },
) {
  const { actor } = event
  await tx.query(
    `INSERT INTO booking_events (booking_id, version, type, payload, actor)
     VALUES ($1, $2, $3, $4, $5)`,
    [
      event.bookingId,
      event.version,
      event.type,
      event.payload,
      typeof actor === 'object' ? actor.admin : (actor ?? null),
    ],
  )
  if (typeof actor === 'object') {
    await writeAudit(tx, {
      actor: actor.admin,
      action: event.type,
      target: `booking:${event.bookingId}`,
      detail: event.payload,
    })
  }
}

export interface BookingEvent {
  id: number
  bookingId: number
  version: number
  type: BookingEventType
  payload: Record<string, unknown>
  createdAt: string
}

/**
 * Gives `consumer` the next booking events it has not had yet, oldest first, and moves its
 * cursor past them in the same transaction: when `handle` throws, the events come again next
 * time. `handle` gets the transaction, so what it queues (jobs, typically) commits with the
 * cursor. Only events of transactions older than every one still running are taken (see
 * migration 006), so an event committed late is never skipped. Returns how many were handled.
 */
export async function readEventsOnce(
  db: Database,
  consumer: string,
  handle: (tx: Queryable, events: BookingEvent[]) => Promise<void>,
  limit = 100,
): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO booking_event_cursors (consumer) VALUES ($1) ON CONFLICT (consumer) DO NOTHING`,
      [consumer],
    )
    // Locked so two processes serving one consumer take turns instead of both handling a batch.
    const { rows: cursors } = await tx.query<{ lastTxId: string; lastEventId: number }>(
      `SELECT last_tx_id::text AS "lastTxId", last_event_id AS "lastEventId"
         FROM booking_event_cursors WHERE consumer = $1 FOR UPDATE`,
      [consumer],
    )
    const cursor = cursors[0] as { lastTxId: string; lastEventId: number }
    const { rows } = await tx.query<BookingEvent & { txId: string; createdAt: Date }>(
      `SELECT id, booking_id AS "bookingId", version, type, payload, created_at AS "createdAt",
              tx_id::text AS "txId"
         FROM booking_events
        WHERE (tx_id, id) > ($1::xid8, $2::bigint)
          AND tx_id < pg_snapshot_xmin(pg_current_snapshot())
        ORDER BY tx_id, id
        LIMIT $3`,
      [cursor.lastTxId, cursor.lastEventId, limit],
    )
    const last = rows.at(-1)
    if (!last) return 0
    await handle(
      tx,
      rows.map(({ txId: _txId, ...event }) => ({
        ...event,
        id: Number(event.id),
        createdAt: new Date(event.createdAt).toISOString(),
      })),
    )
    await tx.query(
      `UPDATE booking_event_cursors
          SET last_tx_id = $2::xid8, last_event_id = $3, updated_at = now()
        WHERE consumer = $1`,
      [consumer, last.txId, last.id],
    )
    return rows.length
  })
}
