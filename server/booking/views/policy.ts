import type { BookingPolicy, BookingStatus } from '../../../src/lib/booking/api-types'
import {
  changeDeadline,
  isBeforeDeadline,
  type ChangeRuleSource,
} from '../../../src/lib/booking/change-rules'

/** Statuses a visitor can still move or cancel: the booking holds seats. */
export const ACTIVE_STATUSES: readonly BookingStatus[] = ['held', 'requested', 'confirmed']

/** The rules are the strictest of the booking's services' (strictestRules). */
export interface PolicyInput extends ChangeRuleSource {
  status: BookingStatus
  start: number
}

/**
 * Until when the visitor may change the booking, and what cancelling gives back: the services'
 * cut-offs before its start.
 */
export function bookingPolicy(input: PolicyInput, now: number): BookingPolicy {
  const active = ACTIVE_STATUSES.includes(input.status)
  const rescheduleUntil = changeDeadline(input.start, input.rescheduleCutoffMinutes)
  const cancelUntil = changeDeadline(input.start, input.cancellationCutoffMinutes)
  return {
    rescheduleUntil: active ? new Date(rescheduleUntil).toISOString() : null,
    cancelUntil: active ? new Date(cancelUntil).toISOString() : null,
    // A held booking is completed or expires; it is not moved.
    canReschedule: active && input.status !== 'held' && isBeforeDeadline(now, rescheduleUntil),
    canCancel: active && isBeforeDeadline(now, cancelUntil),
    refund: {
      policy: input.refundPolicy,
      until: new Date(changeDeadline(input.start, input.refundCutoffMinutes)).toISOString(),
    },
  }
}

/** An instant in the API's English messages. */
export const formatUntil = (instant: number) => new Date(instant).toISOString()
