import { isRefusal } from '../refusals'
import { lockBooking, setStatus } from '../store/bookings'
import { appendEvent } from '../store/events'
import { release } from '../store/ledger'
import { closePaymentOnEnd } from '../../payments/on-booking-end'
import type { BookingContext } from './context'
import { runCommand } from './transaction'

/** A held booking whose hold ran out gives its seats back; anything else is left alone. */
export async function expireHold(ctx: BookingContext, bookingId: number): Promise<boolean> {
  return runCommand(ctx, async (tx) => {
    const booking = await lockBooking(tx, { id: bookingId })
    const due = booking.holdExpiresAt !== null && booking.holdExpiresAt <= ctx.now()
    // Completed, cancelled or extended meanwhile: the sweep lost a harmless race.
    if (booking.status !== 'held' || !due) return false
    await release(tx, booking.id)
    const version = await setStatus(tx, booking, { status: 'expired' })
    await appendEvent(tx, {
      bookingId,
      version,
      type: 'booking.expired',
      payload: { holdExpiresAt: new Date(booking.holdExpiresAt as number).toISOString() },
    })
    await closePaymentOnEnd(tx, {
      bookingId,
      status: 'expired',
      start: booking.start,
      now: ctx.now(),
      by: 'business',
    })
    return true
  })
}

/**
 * The hold-expiry sweep: expires every due hold, each in its own transaction so one failure
 * does not keep the others' seats. Several processes may sweep at once: each hold expires once.
 */
export async function expireDueHolds(ctx: BookingContext, batch = 100): Promise<number> {
  const { rows } = await ctx.db.query<{ id: number }>(
    `SELECT id FROM bookings WHERE status = 'held' AND hold_expires_at <= $1
      ORDER BY hold_expires_at LIMIT $2`,
    [new Date(ctx.now()).toISOString(), batch],
  )
  let expired = 0
  for (const { id } of rows) {
    try {
      if (await expireHold(ctx, id)) expired++
    } catch (error) {
      if (!isRefusal(error)) throw error
    }
  }
  return expired
}
