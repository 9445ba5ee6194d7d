import { strictestPolicy, type RefundPolicy } from './pricing'

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

export interface RefundInput {
  policy: RefundPolicy
  /** Paid and not yet refunded. */
  refundable: number
  /** The booking's deposit (its lines' deposits, per seat), which keep_deposit keeps. */
  depositAmount: number
  /** full_before_cutoff's deadline: changeDeadline of the start and the refund cut-off. */
  refundUntil: number
  now: number
  /** The business cancelling refunds in full: the visitor did not give the appointment up. */
  by: 'visitor' | 'business'
}

/**
 * What a cancellation gives back of what was paid: the server refunds it, the cancel screen says
 * it first. `none`: nothing; `keep_deposit`: what was paid beyond the deposit;
 * `full_before_cutoff`: everything until the deadline, nothing after it.
 */
export function refundOnCancel(input: RefundInput): number {
  if (input.by === 'business') return input.refundable
  switch (input.policy) {
    case 'none':
      return 0
    case 'keep_deposit':
      return Math.max(0, input.refundable - input.depositAmount)
    case 'full_before_cutoff':
      return isBeforeDeadline(input.now, input.refundUntil) ? input.refundable : 0
  }
}
