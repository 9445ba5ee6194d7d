import { changeDeadline, refundOnCancel } from '../../src/lib/booking/change-rules'
import { priceOf, strictestPolicy, type RefundPolicy } from '../../src/lib/booking/pricing'
import type { Queryable } from '../db'
import { enqueue } from '../jobs/store'
import { findPayment, setPaymentStatus } from './store'

/**
 * What a booking's end means for its payment, in the ending command's own transaction: an
 * unpaid one is closed and its checkout session ended at the provider (by a job: the provider
 * is never called inside a transaction); a paid one is refunded as the services' policy says.
 */
export async function closePaymentOnEnd(
  tx: Queryable,
  end: {
    bookingId: number
    status: 'expired' | 'cancelled' | 'declined'
    start: number
    now: number
    by: 'visitor' | 'business'
  },
): Promise<void> {
  const payment = await findPayment(tx, { bookingId: end.bookingId }, true)
  if (!payment) return
  if (payment.status === 'pending' || payment.status === 'failed') {
    await setPaymentStatus(tx, payment, {
      status: end.status === 'expired' ? 'expired' : 'cancelled',
      note: `booking ${end.status} unpaid`,
    })
    if (payment.providerSessionId) {
      await enqueue(tx, {
        type: 'payments.cancel-checkout',
        payload: { paymentId: payment.id, sessionId: payment.providerSessionId },
      })
    }
    return
  }
  const refundable = payment.paidAmount - payment.refundedAmount
  if (refundable <= 0 || !payment.providerPaymentId) return
  const { rows } = await tx.query<{
    policy: RefundPolicy
    cutoff: number
    priceCents: number
    depositCents: number
    currency: string
    seats: number
  }>(
    `SELECT sv.refund_policy AS policy, sv.refund_cutoff_minutes AS cutoff,
            l.price_cents AS "priceCents", l.deposit_cents AS "depositCents", l.currency, l.seats
       FROM booking_lines l JOIN services sv ON sv.id = l.service_id
      WHERE l.booking_id = $1 AND l.occurrence = 0`,
    [end.bookingId],
  )
  const amount = refundOnCancel({
    policy: strictestPolicy(rows.map((row) => row.policy)),
    refundable,
    depositAmount: priceOf(rows).dueNowCents,
    refundUntil: changeDeadline(end.start, Math.max(0, ...rows.map((row) => row.cutoff))),
    now: end.now,
    // A declined booking was the business's choice: like its cancellation, refunded in full.
    by: end.status === 'declined' ? 'business' : end.by,
  })
  if (amount <= 0) return
  await enqueue(tx, {
    type: 'payments.refund',
    payload: {
      paymentId: payment.id,
      providerPaymentId: payment.providerPaymentId,
      amount,
      reason: `booking ${end.status} by the ${end.by}`,
      idempotencyKey: `refund-${payment.providerPaymentId}-${end.status}`,
    },
  })
}
