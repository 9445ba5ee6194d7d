import { refuse } from '../refusals'
import { lockBooking } from '../store/bookings'
import { appendEvent, type EventActor } from '../store/events'
import type { BookingContext } from './context'
import { runCommand } from './transaction'

/**
 * The business marks a confirmed booking whose visitor did not come. It stays confirmed (the
 * time was theirs and is not given back); only once it has started, and only once.
 */
export async function markNoShow(
  ctx: BookingContext,
  bookingId: number,
  actor: EventActor,
): Promise<number> {
  return runCommand(ctx, async (tx) => {
    const booking = await lockBooking(tx, { id: bookingId })
    const { rows } = await tx.query<{ noShow: boolean }>(
      'SELECT no_show AS "noShow" FROM bookings WHERE id = $1',
      [bookingId],
    )
    if (booking.status !== 'confirmed' || rows[0]?.noShow) {
      refuse({ kind: 'wrong_state', command: 'no_show', status: booking.status })
    }
    if (ctx.now() < booking.start) refuse({ kind: 'not_started' })
    await tx.query(
      `UPDATE bookings SET no_show = true, version = version + 1, updated_at = now() WHERE id = $1`,
      [bookingId],
    )
    await appendEvent(tx, {
      bookingId,
      version: booking.version + 1,
      type: 'booking.no_show',
      payload: {},
      actor,
    })
    return bookingId
  })
}
