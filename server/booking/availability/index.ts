export { assignStaff, type Assignment, type FreeStaff, type LineToAssign } from './assign-staff'
export {
  computeSlots,
  computeStaffSeats,
  findNextAvailableSlot,
  groupSlotsByDay,
} from './compute-slots'
export { occurrenceStarts } from './occurrences'
export { weeklyHoursOutsideOpening } from './opening-hours'
export {
  bookableWindow,
  computePartySlots,
  findNextPartySlot,
  partyFitAt,
  slotsExactUntil,
  type PartyFit,
  type PartyInput,
  type PartyLineRule,
  type PartySlot,
} from './party'
export type {
  ExistingBooking,
  OpeningHours,
  ServiceRules,
  Slot,
  SlotInput,
  StaffSchedule,
  TimeRange,
} from './types'
export {
  rankMembers,
  TEAM_RULES,
  type MemberRecord,
  type TeamPolicy,
  type TeamRule,
} from './team-order'
