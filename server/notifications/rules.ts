import type { WebhookEventType } from '../../src/lib/admin/webhook-types'
import type { BookingEventType } from '../booking/store/events'

/**
 * What the notifications send for which booking event, and when: pure rules, no database, no
 * clock (`now` is an argument), tested on their own.
 */

/** The messages a visitor (and each guest with an e-mail) receives. */
export const VISITOR_MESSAGES = [
  'confirmed',
  'requested',
  'request-confirmed',
  'request-declined',
  'rescheduled',
  'cancelled',
  'reminder',
  'payment-due',
  'hold-expired',
] as const
export type VisitorMessage = (typeof VISITOR_MESSAGES)[number]

/** The business's own message about each new booking, request, reschedule and cancellation. */
export const BUSINESS_MESSAGES = [
  'business-booked',
  'business-requested',
  'business-rescheduled',
  'business-cancelled',
] as const
export type BusinessMessage = (typeof BUSINESS_MESSAGES)[number]

export type MessageKind = VisitorMessage | BusinessMessage

/** What the event said that the booking itself no longer shows. */
export interface MessageDetails {
  /** A reschedule's old start (ISO 8601). */
  previousStart?: string
  /** A decline's or cancellation's reason. */
  reason?: string
  /** A reminder's start as planned: a booking moved since gets the reminder of its move. */
  start?: string
  /** Until when a held booking keeps its seats (ISO 8601). */
  holdExpiresAt?: string
}

export interface MessagePlan {
  visitor?: VisitorMessage
  business?: BusinessMessage
  details: MessageDetails
  /** The booking is confirmed after this event: its reminder is planned. */
  remind: boolean
  /** A held booking's end: the visitor is asked to pay if it is still held a while later. */
  holdExpiresAt?: string
}

interface EventFacts {
  type: BookingEventType
  payload: Record<string, unknown>
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined)

/** The messages one outbox event causes. */
export function planMessages(event: EventFacts): MessagePlan {
  const { payload } = event
  const none: MessagePlan = { details: {}, remind: false }
  switch (event.type) {
    case 'booking.created':
      if (payload.status === 'confirmed') {
        return { visitor: 'confirmed', business: 'business-booked', details: {}, remind: true }
      }
      if (payload.status === 'requested') {
        return { visitor: 'requested', business: 'business-requested', details: {}, remind: false }
      }
      // A held booking is not made yet: its messages follow its confirmation. Only if it is
      // still unpaid a while later is the visitor asked to complete the payment.
      return payload.status === 'held' && typeof payload.holdExpiresAt === 'string'
        ? { ...none, holdExpiresAt: payload.holdExpiresAt }
        : none
    case 'booking.confirmed':
      // The business confirmed a request (and knows it). A hold paid (even after it ran out) is a
      // new booking to it, or a new request when its services wait for the business.
      if (payload.from === 'held' || payload.from === 'expired') {
        return payload.status === 'requested'
          ? { visitor: 'requested', business: 'business-requested', details: {}, remind: false }
          : { visitor: 'confirmed', business: 'business-booked', details: {}, remind: true }
      }
      return { visitor: 'request-confirmed', details: {}, remind: true }
    case 'booking.declined':
      return {
        visitor: 'request-declined',
        details: { reason: text(payload.reason) },
        remind: false,
      }
    case 'booking.rescheduled':
      return {
        visitor: 'rescheduled',
        business: 'business-rescheduled',
        details: { previousStart: text(payload.from) },
        remind: payload.status === 'confirmed',
      }
    case 'booking.cancelled':
      // A hold given up before it was completed was never announced, so nothing is taken back.
      return payload.from === 'held'
        ? none
        : {
            visitor: 'cancelled',
            business: 'business-cancelled',
            details: { reason: text(payload.reason) },
            remind: false,
          }
    case 'booking.expired':
      // The visitor left a hold unpaid: they learn the time is free again and nothing was taken.
      return { visitor: 'hold-expired', details: {}, remind: false }
    // A payment's own events change nothing the visitor is told: a paid hold is announced by
    // its booking.confirmed, a refund by the cancellation that caused it. A no-show is the
    // business's own note: the visitor is not written to about it.
    case 'booking.no_show':
    case 'payment.succeeded':
    case 'payment.failed':
    case 'payment.refunded':
      return none
  }
}

/** The default lead time of a reminder; each service sets its own (0: none). */
export const DEFAULT_REMINDER_MINUTES = 24 * 60

/**
 * When a reminder for an appointment at `start` goes out, or undefined for none: the service
 * sends none, or the time has passed (a booking made the day before already has its confirmation).
 */
export function reminderSendAt(start: number, minutesBefore: number, now: number) {
  if (minutesBefore <= 0) return undefined
  const at = start - minutesBefore * 60_000
  return at > now ? at : undefined
}

/** The longest a held booking waits before its visitor is asked to complete the payment. */
export const PAYMENT_PROMPT_DELAY_MS = 10 * 60_000

/**
 * When a held booking's visitor is asked to complete the payment: after a short while (most pay
 * at once, and get no such e-mail), at the latest halfway to the hold's end; never once it ended.
 */
export function paymentPromptAt(holdExpiresAt: number, now: number) {
  const left = holdExpiresAt - now
  return left > 0 ? now + Math.min(PAYMENT_PROMPT_DELAY_MS, Math.floor(left / 2)) : undefined
}

/**
 * Whether a message planned earlier is still true when its time comes: a reminder only for a
 * booking still confirmed at the start it was planned for, a payment prompt only for a booking
 * still held. Other messages report an event that happened, and go out whatever came after.
 */
export function stillWorthSending(
  kind: MessageKind,
  details: MessageDetails,
  booking: { status: string; start: string },
): boolean {
  // Paid (confirmed), cancelled or expired since: nothing is left to pay.
  if (kind === 'payment-due') return booking.status === 'held'
  // Paid in the end (a late payment confirms an expired hold): its confirmation says so instead.
  if (kind === 'hold-expired') return booking.status === 'expired'
  if (kind !== 'reminder') return true
  return (
    booking.status === 'confirmed' && Date.parse(booking.start) === Date.parse(details.start ?? '')
  )
}

// The dashboard offers the same list, so it lives beside the admin API's types.
export { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../../src/lib/admin/webhook-types'

/** A request is its own webhook event: receivers act on it differently (the business confirms). */
export function webhookEventType(event: EventFacts): Exclude<WebhookEventType, 'form.submitted'> {
  return event.type === 'booking.created' && event.payload.status === 'requested'
    ? 'booking.requested'
    : event.type
}
