import type { PaymentStatus } from '../../../src/lib/booking/api-types'
import type { BookingContext, PaymentSettings } from '../../booking/commands/context'
import { refuse } from '../../booking/refusals'
import { lockBooking } from '../../booking/store/bookings'
import type { Queryable } from '../../db'
import { HttpError } from '../../errors'
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
 * A refund asked without an Idempotency-Key this soon after the same one was made (a double
 * click, a client's retry, ten tabs at once) is that refund again, not a second one. A second
 * refund of the same amount meant as such comes later, or with a key of its own.
 */
export const REFUND_REPEAT_WINDOW_MS = 60_000

/** A refund an admin asks for, as each of the dashboard's refund routes states it. */
export interface AdminRefundRequest {
  paymentId: number
  /** All that is left to refund when not given. */
  amount: number | undefined
  reason: string
  /** The request's Idempotency-Key header, if it sent one (checked by idempotencyKeyOf). */
  clientKey: string | undefined
  /** As in RefundRequest, told the amount refunded. */
  onRecorded?: (tx: Queryable, amount: number) => Promise<void>
}

/** The refund recorded under `idempotencyKey`, if it was made already. */
async function recordedRefund(
  db: Queryable,
  idempotencyKey: string,
): Promise<{ amount: number } | undefined> {
  const { rows } = await db.query<{ amount: number }>(
    'SELECT amount FROM payment_refunds WHERE idempotency_key = $1',
    [idempotencyKey],
  )
  return rows[0]
}

/**
 * Whether a refund of this payment, of `amount` (any amount when undefined), was recorded after
 * `since` on the app's clock: how a repeat of a request that carries no key is known.
 */
async function refundedSince(
  db: Queryable,
  refund: { paymentId: number; amount: number | undefined; since: number },
): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM payment_refunds
      WHERE payment_id = $1 AND ($2::int IS NULL OR amount = $2) AND created_at > $3::timestamptz`,
    [refund.paymentId, refund.amount ?? null, new Date(refund.since).toISOString()],
  )
  return rows.length > 0
}

/**
 * An admin's refund: a new one, or a repeat of one made before, which changes nothing so that
 * the caller answers it as it answered the first. With the client's key a repeat is known
 * whenever it comes. Without it, requests that read the payment as it was share a derived key
 * (the provider and payment_refunds then make them one refund), and one that reads it after
 * the refund is a repeat if it comes within REFUND_REPEAT_WINDOW_MS.
 */
export async function refundAsAsked(
  ctx: BookingContext & { payments: PaymentSettings },
  request: AdminRefundRequest,
): Promise<void> {
  const { clientKey } = request
  const payment =
    (await findPayment(ctx.db, { id: request.paymentId })) ?? refuse({ kind: 'no_payment' })
  const refundable = payment.paidAmount - payment.refundedAmount
  const amount = request.amount ?? refundable
  const idempotencyKey = clientKey
    ? `admin-${payment.id}-key-${clientKey}`
    : `admin-${payment.id}-${payment.refundedAmount}-${amount}`
  const earlier = await recordedRefund(ctx.db, idempotencyKey)
  if (earlier && request.amount !== undefined && request.amount !== earlier.amount) {
    throw new HttpError(
      422,
      'Unprocessable Entity',
      'This Idempotency-Key was used for a different refund.',
      undefined,
      'idempotency_key_reused',
    )
  }
  const repeated =
    earlier !== undefined ||
    (!clientKey &&
      (await refundedSince(ctx.db, {
        paymentId: payment.id,
        amount: request.amount,
        since: ctx.now() - REFUND_REPEAT_WINDOW_MS,
      })))
  if (repeated) return
  if (amount <= 0 || amount > refundable) refuse({ kind: 'refund_too_large', refundable })
  const { onRecorded } = request
  await refundPayment(ctx, {
    paymentId: payment.id,
    amount,
    reason: request.reason,
    idempotencyKey,
    onRecorded: onRecorded && ((tx) => onRecorded(tx, amount)),
  })
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
  if (await recordedRefund(ctx.db, request.idempotencyKey)) return
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
      `INSERT INTO payment_refunds (payment_id, provider_refund_id, idempotency_key, amount, reason,
                                   created_at)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING RETURNING 1`,
      [
        payment.id,
        refundId,
        request.idempotencyKey,
        request.amount,
        request.reason,
        new Date(ctx.now()).toISOString(),
      ],
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
