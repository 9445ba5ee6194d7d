import type { Queryable } from '../../db'
import { isSeatOverflow, isStaffOverlap } from './db-errors'

/**
 * The seat ledger: the only code that writes `staff_sessions` and `booking_lines`. The table's
 * constraints are the last word: an overlap of one staff member's time or an overfilled class
 * fails here, whatever raced us.
 */
export interface LedgerLine {
  guestIndex: number
  serviceId: number
  staffId: number
  staffChosen: boolean
  occurrence: number
  seats: number
  start: number
  end: number
  bufferBeforeMinutes: number
  bufferAfterMinutes: number
  /** The class size (1 for one-to-one). */
  capacity: number
  priceCents: number
  depositCents: number
  currency: string
}

/** A line lost its time to a concurrent booking; the database said so. */
export class LostRace extends Error {
  constructor(
    readonly line: LedgerLine,
    readonly kind: 'staff' | 'seats',
  ) {
    super(`lost the race for staff ${line.staffId} at ${new Date(line.start).toISOString()}`)
    this.name = 'LostRace'
  }
}

const iso = (ms: number) => new Date(ms).toISOString()

/** Takes one line's seats (its staff member's time) and records the line, in one statement. */
async function occupyLine(tx: Queryable, bookingId: number, line: LedgerLine) {
  try {
    await tx.query(
      `WITH session AS (
         INSERT INTO staff_sessions
           (staff_id, service_id, start_at, end_at, blocked, capacity, seats_taken)
         VALUES ($1, $2, $3, $4, tstzrange($5, $6), $7, $8)
         ON CONFLICT (staff_id, service_id, start_at)
         DO UPDATE SET seats_taken = staff_sessions.seats_taken + EXCLUDED.seats_taken
         RETURNING id)
       INSERT INTO booking_lines
         (booking_id, guest_index, service_id, staff_id, staff_chosen, session_id, occurrence, seats,
          start_at, end_at, price_cents, deposit_cents, currency)
       SELECT $9, $10, $2, $1, $11, session.id, $12, $8, $3, $4, $13, $14, $15 FROM session`,
      [
        line.staffId,
        line.serviceId,
        iso(line.start),
        iso(line.end),
        iso(line.start - line.bufferBeforeMinutes * 60_000),
        iso(line.end + line.bufferAfterMinutes * 60_000),
        line.capacity,
        line.seats,
        bookingId,
        line.guestIndex,
        line.staffChosen,
        line.occurrence,
        line.priceCents,
        line.depositCents,
        line.currency,
      ],
    )
  } catch (error) {
    // A one-to-one session that is already taken is a busy staff member, not a full class.
    if (isStaffOverlap(error) || (isSeatOverflow(error) && line.capacity === 1)) {
      throw new LostRace(line, 'staff')
    }
    if (isSeatOverflow(error)) throw new LostRace(line, 'seats')
    throw error
  }
}

/** Takes the lines' seats for the booking. */
export async function occupy(tx: Queryable, bookingId: number, lines: LedgerLine[]) {
  for (const line of lines) await occupyLine(tx, bookingId, line)
}

async function giveBack(tx: Queryable, bookingId: number) {
  await tx.query(
    `UPDATE staff_sessions s SET seats_taken = s.seats_taken - l.seats
       FROM (SELECT session_id, sum(seats)::int AS seats FROM booking_lines
              WHERE booking_id = $1 AND released_at IS NULL GROUP BY session_id) l
      WHERE s.id = l.session_id`,
    [bookingId],
  )
}

/** Gives a booking's seats back when it ends (cancelled, declined, expired); the lines stay. */
export async function release(tx: Queryable, bookingId: number) {
  await giveBack(tx, bookingId)
  await tx.query(
    'UPDATE booking_lines SET released_at = now() WHERE booking_id = $1 AND released_at IS NULL',
    [bookingId],
  )
}

/** Gives a booking's seats back and forgets its lines, before it takes new ones (reschedule). */
export async function vacate(tx: Queryable, bookingId: number) {
  await giveBack(tx, bookingId)
  await tx.query('DELETE FROM booking_lines WHERE booking_id = $1', [bookingId])
}

/** Seats left, as committed, in the session a lost line wanted. */
export async function seatsLeftAt(db: Queryable, line: LedgerLine): Promise<number> {
  const { rows } = await db.query<{ left: number }>(
    `SELECT capacity - seats_taken AS left FROM staff_sessions
      WHERE staff_id = $1 AND service_id = $2 AND start_at = $3`,
    [line.staffId, line.serviceId, iso(line.start)],
  )
  return rows[0]?.left ?? line.capacity
}

/**
 * Takes the seats of a booking's released lines again (a payment that arrived after its hold
 * ran out), through the same constraints as any booking: false, with nothing changed, when
 * someone else has them now. The savepoint keeps the caller's transaction usable after the
 * database refused.
 */
export async function reclaim(tx: Queryable, bookingId: number): Promise<boolean> {
  const { rows } = await tx.query<Omit<LedgerLine, 'start' | 'end'> & { start: Date; end: Date }>(
    `SELECT l.guest_index AS "guestIndex", l.service_id AS "serviceId", l.staff_id AS "staffId",
            l.staff_chosen AS "staffChosen", l.occurrence, l.seats, l.start_at AS start,
            l.end_at AS "end", sv.buffer_before_minutes AS "bufferBeforeMinutes",
            sv.buffer_after_minutes AS "bufferAfterMinutes", sv.seats_per_slot AS capacity,
            l.price_cents AS "priceCents", l.deposit_cents AS "depositCents", l.currency
       FROM booking_lines l JOIN services sv ON sv.id = l.service_id
      WHERE l.booking_id = $1 AND l.released_at IS NOT NULL
      ORDER BY l.occurrence, l.guest_index, l.id`,
    [bookingId],
  )
  if (rows.length === 0) return false
  const lines: LedgerLine[] = rows.map((row) => ({ ...row, start: +row.start, end: +row.end }))
  await tx.query('SAVEPOINT reclaim_seats')
  try {
    await tx.query('DELETE FROM booking_lines WHERE booking_id = $1', [bookingId])
    await occupy(tx, bookingId, lines)
    await tx.query('RELEASE SAVEPOINT reclaim_seats')
    return true
  } catch (error) {
    if (!(error instanceof LostRace)) throw error
    await tx.query('ROLLBACK TO SAVEPOINT reclaim_seats')
    return false
  }
}
