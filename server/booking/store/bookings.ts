import type { BookingStatus } from '../../../src/lib/booking/api-types'
import type { Contact, Guest } from '../../../src/lib/validation/booking-request'
import type { Locale } from '../../../src/lib/locale/locales'
import type { Queryable } from '../../db'
import { refuse } from '../refusals'

/** The row a command works on, locked for its transaction. */
export interface LockedBooking {
  id: number
  status: BookingStatus
  start: number
  timeZone: string
  version: number
  holdExpiresAt: number | null
  rescheduleCutoffMinutes: number
  cancellationCutoffMinutes: number
}

export type BookingKey = { id: number } | { tokenHash: Buffer }

/** Locks the booking for the transaction; unknown ids and tokens all look alike. */
export async function lockBooking(tx: Queryable, key: BookingKey): Promise<LockedBooking> {
  const { rows } = await tx.query<{
    id: number
    status: BookingStatus
    start: Date
    timeZone: string
    version: number
    holdExpiresAt: Date | null
  }>(
    `SELECT id, status, start_at AS start, time_zone AS "timeZone", version,
            hold_expires_at AS "holdExpiresAt"
       FROM bookings WHERE ${'id' in key ? 'id = $1' : 'manage_token_hash = $1'} FOR UPDATE`,
    ['id' in key ? key.id : key.tokenHash],
  )
  const row = rows[0] ?? refuse({ kind: 'booking_not_found' })
  return {
    ...row,
    start: +row.start,
    holdExpiresAt: row.holdExpiresAt ? +row.holdExpiresAt : null,
    ...(await cutoffs(tx, row.id)),
  }
}

/** The strictest cut-offs of the booking's services. */
export async function cutoffs(db: Queryable, bookingId: number) {
  const { rows } = await db.query<{ reschedule: number; cancellation: number }>(
    `SELECT COALESCE(max(sv.reschedule_cutoff_minutes), 0)::int AS reschedule,
            COALESCE(max(sv.cancellation_cutoff_minutes), 0)::int AS cancellation
       FROM booking_lines l JOIN services sv ON sv.id = l.service_id WHERE l.booking_id = $1`,
    [bookingId],
  )
  return {
    rescheduleCutoffMinutes: rows[0]?.reschedule ?? 0,
    cancellationCutoffMinutes: rows[0]?.cancellation ?? 0,
  }
}

export interface NewBooking {
  providerId: number
  status: BookingStatus
  start: number
  end: number
  timeZone: string
  contact: Contact
  guests: Guest[]
  guestCount: number | null
  manageTokenHash: Buffer
  manageTokenSealed: Buffer
  oneTimeLinkId: number | null
  holdExpiresAt: number | null
  locale: Locale
}

const iso = (ms: number) => new Date(ms).toISOString()

export async function insertBooking(tx: Queryable, booking: NewBooking): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO bookings (provider_id, status, start_at, end_at, time_zone, contact, guests,
                           guest_count, manage_token_hash, one_time_link_id, hold_expires_at,
                           manage_token_sealed, locale)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id`,
    [
      booking.providerId,
      booking.status,
      iso(booking.start),
      iso(booking.end),
      booking.timeZone,
      booking.contact,
      JSON.stringify(booking.guests),
      booking.guestCount,
      booking.manageTokenHash,
      booking.oneTimeLinkId,
      booking.holdExpiresAt === null ? null : iso(booking.holdExpiresAt),
      booking.manageTokenSealed,
      booking.locale,
    ],
  )
  return rows[0]?.id as number
}

export interface StatusChange {
  status: BookingStatus
  cancellationReason?: string
  declineReason?: string
}

/** The one statement that changes a booking's state; bumps its version for the event. */
export async function setStatus(tx: Queryable, booking: LockedBooking, change: StatusChange) {
  await tx.query(
    `UPDATE bookings
        SET status = $2, hold_expires_at = NULL, version = version + 1, updated_at = now(),
            cancellation_reason = COALESCE($3, cancellation_reason),
            decline_reason = COALESCE($4, decline_reason)
      WHERE id = $1`,
    [booking.id, change.status, change.cancellationReason ?? null, change.declineReason ?? null],
  )
  return booking.version + 1
}

/** A reschedule: the new time, same status. */
export async function moveBooking(
  tx: Queryable,
  booking: LockedBooking,
  to: { start: number; end: number; timeZone: string },
) {
  await tx.query(
    `INSERT INTO booking_reschedules (booking_id, from_start_at, to_start_at) VALUES ($1, $2, $3)`,
    [booking.id, iso(booking.start), iso(to.start)],
  )
  await tx.query(
    `UPDATE bookings SET start_at = $2, end_at = $3, time_zone = $4, version = version + 1,
                         updated_at = now()
      WHERE id = $1`,
    [booking.id, iso(to.start), iso(to.end), to.timeZone],
  )
  return booking.version + 1
}

/** A held booking keeps its seats at least until `until` (its payment session ends then). */
export async function extendHold(tx: Queryable, bookingId: number, until: number) {
  await tx.query(
    `UPDATE bookings SET hold_expires_at = GREATEST(hold_expires_at, $2), updated_at = now()
      WHERE id = $1 AND status = 'held'`,
    [bookingId, iso(until)],
  )
}
