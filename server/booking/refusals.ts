import type { BookingStatus } from '../../src/lib/booking/api-types'

/**
 * Why a booking command or query said no, in the domain's terms. Only `http/refusal-response.ts`
 * turns these into status codes and the spec's messages.
 */
export type Refusal =
  | { kind: 'invalid'; message: string; fields?: Record<string, string> }
  | { kind: 'unknown_service' }
  | { kind: 'mixed_providers' }
  | { kind: 'booking_not_found' }
  | { kind: 'not_offered' }
  | { kind: 'staff_busy' }
  | { kind: 'seats'; seatsLeft: number }
  | { kind: 'max_slots'; max: number }
  | { kind: 'resource_unavailable' }
  | { kind: 'link_expired' }
  | { kind: 'reschedule_closed'; until: number }
  | { kind: 'cancellation_closed'; until: number }
  /** The command does not apply to a booking in this state (e.g. cancelling a cancelled one). */
  | { kind: 'wrong_state'; command: BookingCommand; status: BookingStatus }
  /** Nothing can be paid now: the booking is not waiting for a payment (any more). */
  | { kind: 'payment_not_due'; status: string }
  | { kind: 'no_payment' }
  | { kind: 'refund_too_large'; refundable: number }
  /** The payment provider could not be reached or refused; nothing was changed here. */
  | { kind: 'provider_failed' }
  /** A no-show can only be marked once the appointment has begun. */
  | { kind: 'not_started' }
  /** A refund was asked for a booking with nothing paid (or left to refund). */
  | { kind: 'nothing_paid' }

export type BookingCommand =
  'create' | 'reschedule' | 'cancel' | 'confirm' | 'decline' | 'expire' | 'no_show'

export class RefusalError extends Error {
  constructor(readonly refusal: Refusal) {
    super(`booking refused: ${refusal.kind}`)
    this.name = 'RefusalError'
  }
}

export const refuse = (refusal: Refusal): never => {
  throw new RefusalError(refusal)
}

export const isRefusal = (error: unknown): error is RefusalError => error instanceof RefusalError
