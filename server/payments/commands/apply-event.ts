import type { BookingContext, PaymentSettings } from '../../booking/commands/context'
import { runCommand } from '../../booking/commands/transaction'
import { lockBooking, setStatus, type LockedBooking } from '../../booking/store/bookings'
import { appendEvent } from '../../booking/store/events'
import { reclaim } from '../../booking/store/ledger'
import type { Queryable } from '../../db'
import { enqueue } from '../../jobs/store'
import { WebhookRejected, type PaymentEvent } from '../provider'
import {
  addHistory,
  appendPaymentEvent,
  claimProviderEvent,
  findPayment,
  setPaymentStatus,
  type PaymentRow,
} from '../store'

export type Applied = 'applied' | 'duplicate' | 'unknown_booking' | 'ignored'

type PaidEvent = Extract<PaymentEvent, { kind: 'paid' }>

/** Gives a payment back in full through the refund job, in the caller's transaction. */
async function refundInFull(tx: Queryable, payment: PaymentRow, event: PaidEvent, why: string) {
  await enqueue(tx, {
    type: 'payments.refund',
    payload: {
      paymentId: payment.id,
      providerPaymentId: event.paymentId,
      amount: event.amount,
      reason: why,
      idempotencyKey: `refund-${event.paymentId}`,
    },
  })
}

/** Whether the paid booking waits for the business next (a service asks it to confirm). */
async function needsConfirmation(tx: Queryable, bookingId: number): Promise<boolean> {
  const { rows } = await tx.query<{ needs: boolean }>(
    `SELECT COALESCE(bool_or(sv.requires_confirmation), false) AS needs
       FROM booking_lines l JOIN services sv ON sv.id = l.service_id WHERE l.booking_id = $1`,
    [bookingId],
  )
  return rows[0]?.needs ?? false
}

/** The paid booking goes on: confirmed, or requested when the business confirms its services. */
async function confirmPaid(tx: Queryable, booking: LockedBooking, late: boolean) {
  const status = (await needsConfirmation(tx, booking.id)) ? 'requested' : 'confirmed'
  // Read again: the payment's event has moved the version on since the booking was locked.
  const current = await lockBooking(tx, { id: booking.id })
  const version = await setStatus(tx, current, { status })
  await appendEvent(tx, {
    bookingId: booking.id,
    version,
    type: 'booking.confirmed',
    payload: { from: booking.status, status, paid: true, ...(late ? { latePayment: true } : {}) },
  })
}

async function applyPaid(
  tx: Queryable,
  booking: LockedBooking,
  payment: PaymentRow,
  event: PaidEvent,
  now: number,
) {
  // The same payment seen again (a retrieve, then its webhook): nothing more to do.
  if (payment.providerPaymentId === event.paymentId) return
  // A second payment for one booking (paid in two windows): the second goes back.
  if (payment.paidAmount > 0) {
    await setPaymentStatus(tx, payment, {
      status: payment.status,
      note: `paid again (${event.paymentId})`,
      amount: event.amount,
      paidAmount: payment.paidAmount + event.amount,
    })
    await refundInFull(tx, payment, event, 'paid twice')
    return
  }
  await setPaymentStatus(tx, payment, {
    status: 'paid',
    note: 'paid',
    amount: event.amount,
    paidAmount: event.amount,
    providerPaymentId: event.paymentId,
  })
  await appendPaymentEvent(tx, booking.id, 'payment.succeeded', {
    paymentId: payment.id,
    amount: event.amount,
    currency: event.currency,
  })
  if (event.currency !== payment.currency || event.amount < payment.dueNowAmount) {
    // Less than asked (or another currency) does not confirm; it goes back whole.
    await refundInFull(tx, payment, event, 'amount differs from what was due')
    return
  }
  if (booking.status === 'held') {
    await confirmPaid(tx, booking, false)
    return
  }
  if (booking.status === 'expired' && booking.start > now && (await reclaim(tx, booking.id))) {
    await confirmPaid(tx, booking, true)
    return
  }
  if (booking.status === 'requested' || booking.status === 'confirmed') return
  // Expired with its seats taken by now, cancelled or declined meanwhile: refunded.
  await refundInFull(tx, payment, event, `booking ${booking.status} before the payment arrived`)
}

/**
 * A payment is a positive whole number of the currency's minor unit. A correctly signed event
 * may still carry anything (a provider's bug, a test tool): it is refused before it changes
 * anything, rather than failing in the database and being redelivered forever.
 */
function checkAmount(event: PaymentEvent) {
  if (event.kind === 'paid' && !(Number.isSafeInteger(event.amount) && event.amount > 0)) {
    throw new WebhookRejected(
      `The event's amount (${String(event.amount)}) is not a positive whole number of cents.`,
    )
  }
}

/**
 * Applies one verified provider event, once: its id is claimed in the same transaction as the
 * change it makes, so a redelivery (or a retrieve racing its webhook) changes nothing twice. Only
 * this (a webhook or a server-side retrieve) confirms a booking, never the visitor's redirect.
 */
export async function applyPaymentEvent(
  ctx: BookingContext & { payments: PaymentSettings },
  event: PaymentEvent,
): Promise<Applied> {
  const provider = ctx.payments.provider.name
  if (event.kind === 'ignored') return 'ignored'
  checkAmount(event)
  return runCommand(ctx, async (tx) => {
    const known = await findPayment(tx, { bookingId: event.bookingId })
    const claimed = await claimProviderEvent(
      tx,
      provider,
      { id: event.id, type: event.kind },
      known?.id ?? null,
    )
    if (!claimed) return 'duplicate'
    if (!known) return 'unknown_booking'
    // The booking first, then its payment: the order every booking command locks them in, so
    // a payment racing the hold's expiry waits for it instead of deadlocking with it.
    const booking = await lockBooking(tx, { id: known.bookingId })
    const payment = (await findPayment(tx, { id: known.id }, true)) as PaymentRow
    switch (event.kind) {
      case 'paid':
        await applyPaid(tx, booking, payment, event, ctx.now())
        break
      case 'failed':
        if (payment.status === 'pending' || payment.status === 'failed') {
          await setPaymentStatus(tx, payment, { status: 'failed', note: event.reason })
          await appendPaymentEvent(tx, booking.id, 'payment.failed', {
            paymentId: payment.id,
            reason: event.reason,
          })
        }
        break
      case 'session_expired':
        // The hold outlives the session and its own expiry closes the payment; noted only.
        if (event.sessionId === payment.providerSessionId) {
          await addHistory(tx, payment.id, payment.status, null, 'checkout session expired')
        }
        break
    }
    return 'applied'
  })
}
