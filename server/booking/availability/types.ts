import type { EpochMs, LocalDate, LocalTime } from '../../../src/lib/time'

export type { EpochMs, LocalDate, LocalTime }

export interface TimeRange {
  start: LocalTime
  end: LocalTime
}

/** When a location is open, in its own zone. */
export interface OpeningHours {
  timeZone: string
  /** 0 = Sunday … 6 = Saturday; a weekday without ranges is closed. */
  weekly: Partial<Record<number, TimeRange[]>>
}

/** One staff member's working time, in their own zone. */
export interface StaffSchedule {
  staffId: string
  timeZone: string
  /** 0 = Sunday … 6 = Saturday. */
  weekly: Partial<Record<number, TimeRange[]>>
  /** Replaces that local date's hours; an empty list is a day off. */
  overrides: { date: LocalDate; ranges: TimeRange[] }[]
  serviceIds: string[]
  /**
   * Periods no appointment of theirs may overlap, [start, end): their own blocked periods and the
   * whole business's (holidays), whatever their hours say.
   */
  blocked?: { start: EpochMs; end: EpochMs }[]
  /**
   * The opening hours of the location they work at: only their time within these is bookable.
   * Absent when their hours are marked as outside opening hours (remote work, agreed evenings).
   */
  openingHours?: OpeningHours
}

export interface ServiceRules {
  serviceId: string
  durationMinutes: number
  /** Step between candidate starts, counted from the start of each working range. */
  slotIntervalMinutes: number
  bufferBeforeMinutes: number
  bufferAfterMinutes: number
  minimumNoticeMinutes: number
  /** Starts may be at most this many days after now. */
  horizonDays: number
  /** 1 for one-to-one, more for a class. */
  seatsPerSlot: number
  /** Every weekly occurrence must be free with the same staff member. */
  recurrence?: { frequency: 'weekly'; count: number }
}

/** Time a staff member already gives to a booking (a class's bookings share one). */
export interface ExistingBooking {
  staffId: string
  serviceId: string
  start: EpochMs
  end: EpochMs
  seats: number
  bufferBeforeMinutes: number
  bufferAfterMinutes: number
}

export interface Slot {
  start: EpochMs
  end: EpochMs
  /** Staff free for this start. */
  staffIds: string[]
  /** The most seats any of them has left (1 for a free one-to-one slot). */
  seatsLeft: number
}

export interface SlotInput {
  service: ServiceRules
  staff: StaffSchedule[]
  bookings: ExistingBooking[]
  /** Starts in [from, to) are listed. */
  from: EpochMs
  to: EpochMs
  now: EpochMs
  /** undefined: any available staff. */
  staffId?: string
}
