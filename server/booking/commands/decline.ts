import { refuse } from '../refusals'
import { lockBooking, setStatus } from '../store/bookings'
import { appendEvent, type EventActor } from '../store/events'
import { release } from '../store/ledger'
import { closePaymentOnEnd } from '../../payments/on-booking-end'
import type { BookingContext } from './context'
import { runCommand } from './transaction'

/** The business declines a requested booking, with a reason the visitor is told; seats return. */
export async function declineBooking(
  ctx: BookingContext,
  bookingId: number,
  reason: string,
  actor?: EventActor,
): Promise<number> {
  return runCommand(ctx, async (tx) => {
    const booking = await lockBooking(tx, { id: bookingId })
    if (booking.status !== 'requested') {
      refuse({ kind: 'wrong_state', command: 'decline', status: booking.status })
    }
    await release(tx, booking.id)
    const version = await setStatus(tx, booking, { status: 'declined', declineReason: reason })
    await appendEvent(tx, {
      bookingId,
      version,
      type: 'booking.declined',
      payload: { reason },
      actor,
    })
    await closePaymentOnEnd(tx, {
      bookingId,
      status: 'declined',
      start: booking.start,
      now: ctx.now(),
      by: 'business',
    })
    return bookingId
  })
}
