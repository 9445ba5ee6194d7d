import type { RefundPolicy } from './pricing'
import { strictestPolicy } from './pricing'

const MINUTE = 60_000

/**
 * The last instant a change is accepted: the cut-off before the start. One rule for the server's
 * refusals, the booking view and the widget's rules shown before booking, so what the visitor
 * is told is what the server will do.
 */
export const changeDeadline = (start: number, cutoffMinutes: number) =>
  start - cutoffMinutes * MINUTE

/** Whether a change is still accepted at `now`; the deadline's own instant still counts. */
export const isBeforeDeadline = (now: number, deadline: number) => now <= deadline

/** What a service tells the visitor about changing or cancelling a booking of it. */
export interface ChangeRuleSource {
  rescheduleCutoffMinutes: number
  cancellationCutoffMinutes: number
  refundPolicy: RefundPolicy
  refundCutoffMinutes: number
}

/** The rules of a booking of several services: the strictest of each, as the server applies them. */
export function strictestRules(services: ChangeRuleSource[]): ChangeRuleSource {
  return {
    rescheduleCutoffMinutes: Math.max(0, ...services.map((s) => s.rescheduleCutoffMinutes)),
    cancellationCutoffMinutes: Math.max(0, ...services.map((s) => s.cancellationCutoffMinutes)),
    refundPolicy: strictestPolicy(services.map((s) => s.refundPolicy)),
    refundCutoffMinutes: Math.max(0, ...services.map((s) => s.refundCutoffMinutes)),
  }
}
