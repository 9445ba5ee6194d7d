import type { StaffOrder } from './assign-staff'

/**
 * How "any available staff" chooses among the members free at a time, set per service:
 * - round_robin: the highest priority first; among equals the one booked least recently (never
 *   booked before anyone), so bookings rotate through the team;
 * - equal_distribution: the one with the fewest bookings of the service in the current period
 *   first, then as round robin, so counts even out even when members work different hours;
 * - availability_first: the one with the fewest booked minutes that day first, then as round
 *   robin, so the emptiest calendar fills first and everyone keeps the longest free stretches;
 * - collective: several members together (`required` of them, chosen as round robin), so a
 *   time is offered only when that many are free at once.
 */
export const TEAM_RULES = [
  'round_robin',
  'equal_distribution',
  'availability_first',
  'collective',
] as const
export type TeamRule = (typeof TEAM_RULES)[number]

/** What the rules know of one member, for one service. */
export interface MemberRecord {
  staffId: string
  /** 0–100, higher is offered first. */
  priority: number
  /**
   * When the member was last booked for the service, as a number that only grows (the booking's
   * id: ids follow creation order, so no clock is needed); null when never booked.
   */
  lastBooked: number | null
  /** Live bookings of the service in the current period (the equal-distribution count). */
  periodBookings: number
}

export interface TeamPolicy {
  rule: TeamRule
  members: MemberRecord[]
  /** collective: how many members serve each line together. */
  required?: number
}

/** How many members serve one line of the policy's service at once. */
export const crewSize = (policy: TeamPolicy | undefined) =>
  policy?.rule === 'collective' ? Math.max(1, policy.required ?? policy.members.length) : 1

// Never booked sorts before any booking.
const recency = (member: MemberRecord) => member.lastBooked ?? -Infinity

const byRoundRobin = (a: MemberRecord, b: MemberRecord) =>
  b.priority - a.priority ||
  recency(a) - recency(b) ||
  Number(a.staffId) - Number(b.staffId) ||
  a.staffId.localeCompare(b.staffId)

/**
 * The members in the order the policy tries them. `bookedMinutes` (the member's booked minutes on
 * the day of the start being filled) is read by availability_first only.
 */
export function rankMembers(
  policy: TeamPolicy,
  bookedMinutes: (staffId: string) => number = () => 0,
): string[] {
  const compare =
    policy.rule === 'equal_distribution'
      ? (a: MemberRecord, b: MemberRecord) =>
          a.periodBookings - b.periodBookings || byRoundRobin(a, b)
      : policy.rule === 'availability_first'
        ? (a: MemberRecord, b: MemberRecord) =>
            bookedMinutes(a.staffId) - bookedMinutes(b.staffId) || byRoundRobin(a, b)
        : byRoundRobin
  return [...policy.members].sort(compare).map((member) => member.staffId)
}

/** The ranking as the assignment reads it: staff id -> place, lower first. */
export function orderOf(ranked: string[]): StaffOrder {
  return new Map(ranked.map((staffId, index) => [staffId, index]))
}

/** Whether the rule's order changes with the start's day (so it is ranked per start). */
export const dependsOnDay = (policy: TeamPolicy) => policy.rule === 'availability_first'
