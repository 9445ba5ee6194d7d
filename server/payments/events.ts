import type { PaymentEvent } from './provider'

/**
 * Both providers speak Stripe's event shapes (the local one imitates them), so one mapping turns
 * a verified event into the booking side's terms. The booking is named in the session's
 * `client_reference_id` and in the metadata of the session and its payment.
 */
interface StripeLikeEvent {
  id: string
  type: string
  data: { object: Record<string, unknown> }
}

function bookingIdOf(object: Record<string, unknown>): number | null {
  const metadata = (object.metadata ?? {}) as Record<string, unknown>
  const raw = object.client_reference_id ?? metadata.bookingId
  const id = Number(raw)
  return Number.isInteger(id) && id > 0 ? id : null
}

const idOf = (value: unknown): string | null =>
  typeof value === 'string'
    ? value
    : value && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string'
      ? (value as { id: string }).id
      : null

export function toPaymentEvent(event: StripeLikeEvent): PaymentEvent {
  const object = event.data?.object ?? {}
  const bookingId = bookingIdOf(object)
  const ignored = { id: event.id, kind: 'ignored' as const, type: event.type }
  if (bookingId === null) return ignored
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      // A completed session may still wait for a delayed method: only "paid" confirms.
      const paymentId = idOf(object.payment_intent)
      if (object.payment_status !== 'paid' || !paymentId) return ignored
      return {
        id: event.id,
        kind: 'paid',
        bookingId,
        sessionId: String(object.id),
        paymentId,
        amount: Number(object.amount_total),
        currency: String(object.currency).toUpperCase(),
      }
    }
    case 'checkout.session.async_payment_failed':
      return { id: event.id, kind: 'failed', bookingId, reason: 'The payment failed.' }
    case 'payment_intent.payment_failed': {
      const error = (object.last_payment_error ?? {}) as { message?: unknown }
      const reason = typeof error.message === 'string' ? error.message : 'The payment failed.'
      return { id: event.id, kind: 'failed', bookingId, reason }
    }
    case 'checkout.session.expired':
      return { id: event.id, kind: 'session_expired', bookingId, sessionId: String(object.id) }
    default:
      return ignored
  }
}
