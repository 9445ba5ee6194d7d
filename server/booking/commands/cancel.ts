import { refuse } from '../refusals'
import { lockBooking, setStatus, type BookingKey } from '../store/bookings'
import { appendEvent, type EventActor } from '../store/events'
import { release } from '../store/ledger'
import { closePaymentOnEnd } from '../../payments/on-booking-end'
import { changeDeadline, isBeforeDeadline } from '../../../src/lib/booking/change-rules'
import { ACTIVE_STATUSES } from '../views/policy'
import type { BookingContext } from './context'
import { runCommand } from './transaction'

/**
 * Cancels a booking and gives its seats back. The visitor must be inside the cancellation
 * window; the business may cancel at any time.
 */
export async function cancelBooking(
  ctx: BookingContext,
  key: BookingKey,
  reason: string,
  by: 'visitor' | 'business',
  actor: EventActor | undefined = by === 'visitor' ? 'visitor' : undefined,
): Promise<number> {
  return runCommand(ctx, async (tx) => {
    const booking = await lockBooking(tx, key)
    if (!ACTIVE_STATUSES.includes(booking.status)) {
      refuse({ kind: 'wrong_state', command: 'cancel', status: booking.status })
    }
    const until = changeDeadline(booking.start, booking.cancellationCutoffMinutes)
    if (by === 'visitor' && !isBeforeDeadline(ctx.now(), until)) {
      refuse({ kind: 'cancellation_closed', until })
    }
    await release(tx, booking.id)
    const version = await setStatus(tx, booking, {
      status: 'cancelled',
      cancellationReason: reason,
    })
    await appendEvent(tx, {
      bookingId: booking.id,
      version,
      type: 'booking.cancelled',
      payload: { from: booking.status, reason, by },
      actor,
    })
    // After the event, so the refund's own event follows the cancellation's in the outbox.
    await closePaymentOnEnd(tx, {
      bookingId: booking.id,
      status: 'cancelled',
      start: booking.start,
      now: ctx.now(),
      by,
    })
    return booking.id
  })
}
