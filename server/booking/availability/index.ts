export { computeSlots, findNextAvailableSlot, groupSlotsByDay } from './compute-slots'
export type {
  ExistingBooking,
  ServiceRules,
  Slot,
  SlotInput,
  StaffSchedule,
  TimeRange,
} from './types'
