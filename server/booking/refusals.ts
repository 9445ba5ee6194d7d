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

export type BookingCommand = 'create' | 'reschedule' | 'cancel' | 'confirm' | 'decline' | 'expire'

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
