import type { PaymentStatus } from '../../../src/lib/booking/api-types'
import type { BookingContext, PaymentSettings } from '../../booking/commands/context'
import { refuse } from '../../booking/refusals'
import { lockBooking } from '../../booking/store/bookings'
import type { Queryable } from '../../db'
import { ProviderFailed } from '../provider'
import { appendPaymentEvent, findPayment, setPaymentStatus } from '../store'

export interface RefundRequest {
  paymentId: number
  providerPaymentId?: string
  amount: number
  reason: string
  idempotencyKey: string
  /**
   * Runs in the transaction that records the refund, and only when this call recorded it: the
   * dashboard's audit row then exists exactly when the refund does, once for a double click.
   */
  onRecorded?: (tx: Queryable) => Promise<void>
}

/**
 * Gives money back through the provider, then records it once: the provider's refund id is
 * unique here and the idempotency key makes the provider answer a repeat with the same refund,
 * so a job that runs twice, or an admin's double click, refunds once.
 */
export async function refundPayment(
  ctx: BookingContext & { payments: PaymentSettings },
  request: RefundRequest,
): Promise<void> {
  const payment =
    (await findPayment(ctx.db, { id: request.paymentId })) ?? refuse({ kind: 'no_payment' })
  const { rows: done } = await ctx.db.query(
    'SELECT 1 FROM payment_refunds WHERE idempotency_key = $1',
    [request.idempotencyKey],
  )
  if (done.length > 0) return
  const providerPaymentId = request.providerPaymentId ?? payment.providerPaymentId
  const refundable = payment.paidAmount - payment.refundedAmount
  if (!providerPaymentId || refundable <= 0) refuse({ kind: 'refund_too_large', refundable: 0 })
  if (request.amount > refundable) refuse({ kind: 'refund_too_large', refundable })
  let refundId: string
  try {
    ;({ refundId } = await ctx.payments.provider.refund({
      paymentId: providerPaymentId as string,
      amount: request.amount,
      idempotencyKey: request.idempotencyKey,
    }))
  } catch (error) {
    if (error instanceof ProviderFailed) refuse({ kind: 'provider_failed' })
    throw error
  }
  await ctx.db.transaction(async (tx) => {
    // The booking's row first, as every booking command takes it, then the payment's.
    await lockBooking(tx, { id: payment.bookingId })
    const { rows } = await tx.query(
      `INSERT INTO payment_refunds (payment_id, provider_refund_id, idempotency_key, amount, reason)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING RETURNING 1`,
      [payment.id, refundId, request.idempotencyKey, request.amount, request.reason],
    )
    if (rows.length === 0) return
    const current = (await findPayment(tx, { id: payment.id }, true)) ?? payment
    const refundedAmount = current.refundedAmount + request.amount
    const status: PaymentStatus =
      refundedAmount >= current.paidAmount ? 'refunded' : 'partially_refunded'
    await setPaymentStatus(tx, current, {
      status,
      note: request.reason,
      amount: request.amount,
      refundedAmount,
    })
    await appendPaymentEvent(tx, current.bookingId, 'payment.refunded', {
      paymentId: current.id,
      amount: request.amount,
      currency: current.currency,
      reason: request.reason,
    })
    await request.onRecorded?.(tx)
  })
}
