import type { PaymentStatus, PaymentView } from '../../src/lib/booking/api-types'
import type { Price } from '../../src/lib/booking/pricing'
import type { Queryable } from '../db'
import type { BookingEventType } from '../booking/store/events'
import { appendEvent } from '../booking/store/events'

/** The payment row, as the commands work on it. */
export interface PaymentRow {
  id: number
  bookingId: number
  provider: string
  status: PaymentStatus
  currency: string
  totalAmount: number
  dueNowAmount: number
  paidAmount: number
  refundedAmount: number
  providerSessionId: string | null
  providerPaymentId: string | null
  checkoutUrl: string | null
  termsVersion: string
  termsAcceptedAt: Date
}

/** A payment's columns as PaymentRow names them (the booking view reads them as JSON too). */
export const PAYMENT_COLUMNS = `id, booking_id AS "bookingId", provider, status, currency,
  total_amount AS "totalAmount", due_now_amount AS "dueNowAmount", paid_amount AS "paidAmount",
  refunded_amount AS "refundedAmount", provider_session_id AS "providerSessionId",
  provider_payment_id AS "providerPaymentId", checkout_url AS "checkoutUrl",
  terms_version AS "termsVersion", terms_accepted_at AS "termsAcceptedAt"`

/** The payment a held booking waits for, with the terms its visitor accepted (the provider's). */
export async function insertPayment(
  tx: Queryable,
  payment: { bookingId: number; provider: string; price: Price; acceptedAt: number },
): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO payments (booking_id, provider, currency, total_amount, due_now_amount,
                           terms_version, terms_accepted_at)
     SELECT $1, $2, $3, $4, $5, p.terms_version, $6
       FROM bookings b JOIN providers p ON p.id = b.provider_id WHERE b.id = $1
     RETURNING id`,
    [
      payment.bookingId,
      payment.provider,
      payment.price.currency,
      payment.price.totalCents,
      payment.price.dueNowCents,
      new Date(payment.acceptedAt).toISOString(),
    ],
  )
  const id = rows[0]?.id as number
  await addHistory(tx, id, 'pending', payment.price.dueNowCents, 'due now')
  return id
}

export async function findPayment(
  db: Queryable,
  where: { bookingId: number } | { id: number },
  lock = false,
): Promise<PaymentRow | undefined> {
  const { rows } = await db.query<PaymentRow>(
    `SELECT ${PAYMENT_COLUMNS} FROM payments
      WHERE ${'id' in where ? 'id = $1' : 'booking_id = $1'} ${lock ? 'FOR UPDATE' : ''}`,
    ['id' in where ? where.id : where.bookingId],
  )
  return rows[0]
}

export async function addHistory(
  tx: Queryable,
  paymentId: number,
  status: string,
  amount: number | null,
  note: string | null,
) {
  await tx.query(
    `INSERT INTO payment_history (payment_id, status, amount, note) VALUES ($1, $2, $3, $4)`,
    [paymentId, status, amount, note],
  )
}

/** The one statement that moves a payment's status; the history records why. */
export async function setPaymentStatus(
  tx: Queryable,
  payment: PaymentRow,
  change: {
    status: PaymentStatus
    note: string
    amount?: number
    paidAmount?: number
    providerPaymentId?: string
    refundedAmount?: number
  },
) {
  await tx.query(
    `UPDATE payments
        SET status = $2, paid_amount = COALESCE($3, paid_amount),
            provider_payment_id = COALESCE($4, provider_payment_id),
            refunded_amount = COALESCE($5, refunded_amount), updated_at = now()
      WHERE id = $1`,
    [
      payment.id,
      change.status,
      change.paidAmount ?? null,
      change.providerPaymentId ?? null,
      change.refundedAmount ?? null,
    ],
  )
  await addHistory(tx, payment.id, change.status, change.amount ?? null, change.note)
}

export async function recordCheckout(
  db: Queryable,
  paymentId: number,
  checkout: { sessionId: string; url: string },
) {
  await db.query(
    `UPDATE payments SET provider_session_id = $2, checkout_url = $3, updated_at = now()
      WHERE id = $1`,
    [paymentId, checkout.sessionId, checkout.url],
  )
}

/**
 * A payment event for the booking's outbox: it bumps the booking's version, as every change to a
 * booking does, so readers see it in order with the booking's own events.
 */
export async function appendPaymentEvent(
  tx: Queryable,
  bookingId: number,
  type: Extract<BookingEventType, `payment.${string}`>,
  payload: object,
) {
  const { rows } = await tx.query<{ version: number }>(
    `UPDATE bookings SET version = version + 1, updated_at = now() WHERE id = $1
     RETURNING version`,
    [bookingId],
  )
  await appendEvent(tx, { bookingId, version: rows[0]?.version as number, type, payload })
}

/** Marks a provider event as applied; false when it already was (a redelivery). */
export async function claimProviderEvent(
  tx: Queryable,
  provider: string,
  event: { id: string; type: string },
  paymentId: number | null,
): Promise<boolean> {
  const { rows } = await tx.query(
    `INSERT INTO payment_provider_events (provider, event_id, payment_id, type)
     VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING 1`,
    [provider, event.id, paymentId, event.type],
  )
  return rows.length === 1
}

export function paymentView(row: PaymentRow): PaymentView {
  return {
    id: row.id,
    provider: row.provider,
    status: row.status,
    currency: row.currency,
    totalAmount: row.totalAmount,
    dueNowAmount: row.dueNowAmount,
    paidAmount: row.paidAmount,
    refundedAmount: row.refundedAmount,
    termsVersion: row.termsVersion,
    termsAcceptedAt: new Date(row.termsAcceptedAt).toISOString(),
  }
}
