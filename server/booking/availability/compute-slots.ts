import { addDaysToDate, instantToZonedDate, weekdayOfDate } from '../../../src/lib/time'
import { occurrenceStarts } from './occurrences'
import {
  clipToOpen,
  openIntervals,
  rangesAsInstants,
  withinOpeningHours,
  type Interval,
} from './opening-hours'
import type {
  EpochMs,
  ExistingBooking,
  LocalDate,
  OpeningHours,
  ServiceRules,
  Slot,
  SlotInput,
  StaffSchedule,
  TimeRange,
} from './types'

const MINUTE = 60_000
const DAY = 86_400_000
const WEEK = 7 * DAY

function rangesOn(staff: StaffSchedule, date: LocalDate): TimeRange[] {
  const override = staff.overrides.find((o) => o.date === date)
  return override ? override.ranges : (staff.weekly[weekdayOfDate(date)] ?? [])
}

/**
 * A staff member's bookable intervals on one of their local dates, as instants: their working
 * hours, within the location's opening hours unless they are marked as outside them.
 */
function workingIntervals(staff: StaffSchedule, date: LocalDate, open?: Interval[]): Interval[] {
  const working = rangesAsInstants(date, rangesOn(staff, date), staff.timeZone)
  if (!staff.openingHours) return working
  return open ? clipToOpen(working, open) : withinOpeningHours(working, staff.openingHours)
}

interface Blocked {
  booking: ExistingBooking
  from: EpochMs
  to: EpochMs
}

/** One staff member's bookings, sorted by the start of the time they block. */
class StaffBookings {
  private readonly blocked: Blocked[]
  private readonly longest: number

  constructor(bookings: readonly ExistingBooking[]) {
    const blocked: Blocked[] = []
    let longest = 0
    for (const booking of bookings) {
      if (booking.seats <= 0) continue
      const from = booking.start - booking.bufferBeforeMinutes * MINUTE
      const to = booking.end + booking.bufferAfterMinutes * MINUTE
      blocked.push({ booking, from, to })
      longest = Math.max(longest, to - from)
    }
    this.blocked = blocked.sort((a, b) => a.from - b.from)
    this.longest = longest
  }

  /**
   * Seats this staff member has left for the service at [start, end), or 0 when busy: a booking
   * of the same service at the same start shares its seats (a class); any other booking whose
   * blocked time meets the candidate's blocked time makes the staff member busy.
   */
  seatsLeft(service: ServiceRules, start: EpochMs, end: EpochMs): number {
    const from = start - service.bufferBeforeMinutes * MINUTE
    const to = end + service.bufferAfterMinutes * MINUTE
    let seats = service.seatsPerSlot
    let low = 0
    let high = this.blocked.length
    while (low < high) {
      const mid = (low + high) >> 1
      if ((this.blocked[mid] as Blocked).from < from - this.longest) low = mid + 1
      else high = mid
    }
    for (let i = low; i < this.blocked.length; i++) {
      const { booking, from: blockedFrom, to: blockedTo } = this.blocked[i] as Blocked
      if (blockedFrom >= to) break
      if (blockedTo <= from) continue
      if (booking.serviceId === service.serviceId && booking.start === start) {
        seats -= booking.seats
      } else {
        return 0
      }
    }
    return Math.max(0, seats)
  }
}

/** A staff member's working intervals on a local date, for the call. */
type WorkingDays = (staff: StaffSchedule, date: LocalDate) => Interval[]

/**
 * Working intervals worked out once per staff member and local date for the call: a weekly
 * series checks the same few dates for every start of a day, and each is a zone conversion.
 */
function workingDaysOnce(): WorkingDays {
  const known = new Map<StaffSchedule, Map<LocalDate, Interval[]>>()
  return (staff, date) => {
    let byDate = known.get(staff)
    if (!byDate) known.set(staff, (byDate = new Map()))
    let intervals = byDate.get(date)
    if (!intervals) byDate.set(date, (intervals = workingIntervals(staff, date)))
    return intervals
  }
}

function fitsWorkingHours(
  staff: StaffSchedule,
  start: EpochMs,
  end: EpochMs,
  workingDays: WorkingDays,
): boolean {
  const date = instantToZonedDate(start, staff.timeZone)
  return [addDaysToDate(date, -1), date].some((day) =>
    workingDays(staff, day).some((interval) => interval.start <= start && end <= interval.end),
  )
}

const isBlocked = (staff: StaffSchedule, start: EpochMs, end: EpochMs) =>
  staff.blocked?.some((period) => period.start < end && start < period.end) ?? false

/**
 * Seats left over every weekly occurrence; 0 when any occurrence is busy, blocked or outside
 * hours.
 */
function seatsOverOccurrences(
  staff: StaffSchedule,
  bookings: StaffBookings,
  service: ServiceRules,
  start: EpochMs,
  workingDays: WorkingDays,
): number {
  const duration = service.durationMinutes * MINUTE
  if (isBlocked(staff, start, start + duration)) return 0
  let seats = bookings.seatsLeft(service, start, start + duration)
  const count = service.recurrence?.count ?? 1
  if (count === 1 || seats === 0) return seats
  for (const occurrence of occurrenceStarts(start, count, staff.timeZone).slice(1)) {
    if (!fitsWorkingHours(staff, occurrence, occurrence + duration, workingDays)) return 0
    if (isBlocked(staff, occurrence, occurrence + duration)) return 0
    seats = Math.min(seats, bookings.seatsLeft(service, occurrence, occurrence + duration))
    if (seats === 0) return 0
  }
  return seats
}

/** A location's openings over a window, kept per location and window for the call. */
type Openings = (hours: OpeningHours, from: EpochMs, to: EpochMs) => Interval[]

function openingsOnce(): Openings {
  const known = new Map<OpeningHours, { from: EpochMs; to: EpochMs; open: Interval[] }>()
  return (hours, from, to) => {
    const found = known.get(hours)
    if (found && found.from === from && found.to === to) return found.open
    // Two days either side: a working day seen from the window may start or end that far out.
    const open = openIntervals(hours, from - 2 * DAY, to + 2 * DAY)
    known.set(hours, { from, to, open })
    return open
  }
}

/** Starts one staff member can take in [from, to), with the seats they have left. */
function staffSlots(
  staff: StaffSchedule,
  bookings: StaffBookings,
  input: SlotInput,
  openings: Openings,
  workingDays: WorkingDays,
): { start: EpochMs; seats: number }[] {
  const { service, from, to, now } = input
  const duration = service.durationMinutes * MINUTE
  const interval = service.slotIntervalMinutes * MINUTE
  const earliest = Math.max(from, now + service.minimumNoticeMinutes * MINUTE)
  const latest = Math.min(to, now + service.horizonDays * DAY + 1)
  if (earliest >= latest) return []
  const found: { start: EpochMs; seats: number }[] = []
  // The location's openings over the whole window at once (every working day meets them), and
  // once per location for all its staff.
  const open = staff.openingHours && openings(staff.openingHours, earliest, latest)
  // A working range of the previous local date may run past midnight into the window.
  const lastDate = instantToZonedDate(latest, staff.timeZone)
  for (
    let date = addDaysToDate(instantToZonedDate(earliest, staff.timeZone), -1);
    date <= lastDate;
    date = addDaysToDate(date, 1)
  ) {
    for (const work of workingIntervals(staff, date, open)) {
      const skip = Math.max(0, Math.ceil((earliest - work.start) / interval))
      for (
        let start = work.start + skip * interval;
        start + duration <= work.end;
        start += interval
      ) {
        if (start >= latest) break
        const seats = seatsOverOccurrences(staff, bookings, service, start, workingDays)
        if (seats > 0) found.push({ start, seats })
      }
    }
  }
  return found
}

/** Per free start of one service in [from, to): each free staff member and their seats left. */
export type StaffSeats = Map<EpochMs, Map<string, number>>

export function computeStaffSeats(input: SlotInput): StaffSeats {
  const { service } = input
  const staff = input.staff.filter(
    (member) =>
      member.serviceIds.includes(service.serviceId) &&
      (input.staffId === undefined || member.staffId === input.staffId),
  )
  // Grouped once: filtering every booking again for each staff member dominated large calendars.
  const bookingsByStaff = new Map<string, ExistingBooking[]>()
  for (const booking of input.bookings) {
    const own = bookingsByStaff.get(booking.staffId)
    if (own) own.push(booking)
    else bookingsByStaff.set(booking.staffId, [booking])
  }
  const byStart: StaffSeats = new Map()
  const openings = openingsOnce()
  const workingDays = workingDaysOnce()
  for (const member of staff) {
    const bookings = new StaffBookings(bookingsByStaff.get(member.staffId) ?? [])
    for (const { start, seats } of staffSlots(member, bookings, input, openings, workingDays)) {
      const free = byStart.get(start) ?? new Map<string, number>()
      free.set(member.staffId, seats)
      byStart.set(start, free)
    }
  }
  return byStart
}

/** Free slots of one service in [from, to), across its staff or for one staff member. */
export function computeSlots(input: SlotInput): Slot[] {
  return [...computeStaffSeats(input).entries()]
    .map(([start, free]) => ({
      start,
      end: start + input.service.durationMinutes * MINUTE,
      staffIds: [...free.keys()],
      seatsLeft: Math.max(...free.values()),
    }))
    .sort((a, b) => a.start - b.start)
}

/** The first free slot from `searchFrom` up to the service's horizon, a week at a time. */
export function findNextAvailableSlot(
  input: Omit<SlotInput, 'from' | 'to'> & { searchFrom: EpochMs },
): Slot | null {
  const horizon = input.now + input.service.horizonDays * DAY + 1
  for (let from = Math.max(input.searchFrom, input.now); from < horizon; from += WEEK) {
    const [first] = computeSlots({ ...input, from, to: Math.min(from + WEEK, horizon) })
    if (first) return first
  }
  return null
}

/** Slots under the visitor's local dates. */
export function groupSlotsByDay(slots: Slot[], visitorTimeZone: string): Record<LocalDate, Slot[]> {
  const days: Record<LocalDate, Slot[]> = {}
  for (const slot of slots) {
    const day = instantToZonedDate(slot.start, visitorTimeZone)
    ;(days[day] ??= []).push(slot)
  }
  return days
}
