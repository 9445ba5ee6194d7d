import { refuse } from '../refusals'
import { lockBooking, setStatus } from '../store/bookings'
import { appendEvent, type EventActor } from '../store/events'
import type { BookingContext } from './context'
import { runCommand } from './transaction'

/**
 * The business confirms a requested booking, or a held one is completed (its payment arrived).
 * The seats are already the booking's, so two confirmations can never overbook.
 */
export async function confirmBooking(
  ctx: BookingContext,
  bookingId: number,
  actor: EventActor = 'system',
): Promise<number> {
  return runCommand(ctx, async (tx) => {
    const booking = await lockBooking(tx, { id: bookingId })
    if (booking.status !== 'requested' && booking.status !== 'held') {
      refuse({ kind: 'wrong_state', command: 'confirm', status: booking.status })
    }
    const version = await setStatus(tx, booking, { status: 'confirmed' })
    await appendEvent(tx, {
      bookingId,
      version,
      type: 'booking.confirmed',
      payload: { from: booking.status },
      actor,
    })
    return bookingId
  })
}
