import {
  assignStaff,
  staffOrder,
  type FreeStaff,
  type LineToAssign,
  type StaffOrder,
} from './assign-staff'
import { computeStaffSeats, type StaffSeats } from './compute-slots'
import type { EpochMs, ExistingBooking, ServiceRules, Slot, StaffSchedule } from './types'

const MINUTE = 60_000
const DAY = 86_400_000
const WEEK = 7 * DAY

/** One person's service in the party, with the staff member they chose or anyone. */
export interface PartyLineRule {
  serviceId: string
  staffId: string | null
}

export interface PartyInput {
  /** The rules of every service the lines name. */
  services: ServiceRules[]
  staff: StaffSchedule[]
  bookings: ExistingBooking[]
  lines: PartyLineRule[]
  /** Seats every line takes. */
  seats: number
  now: EpochMs
}

/** A start the whole party fits, with the staff member who serves each line. */
export interface PartySlot extends Slot {
  /** Staff id per line, in the order of the lines. */
  assignment: string[]
}

export type PartyFit =
  | { ok: true; assignment: string[] }
  /** not_offered: the time is outside hours, notice, horizon or the slot grid for some line. */
  | { ok: false; reason: 'not_offered' | 'staff_busy' }
  | { ok: false; reason: 'seats'; seatsLeft: number }

function rulesOf(input: PartyInput): Map<string, ServiceRules> {
  return new Map(input.services.map((service) => [service.serviceId, service]))
}

/** The rules of the services the lines name: only those must fit. */
function namedServices(input: PartyInput): ServiceRules[] {
  const named = new Set(input.lines.map((line) => line.serviceId))
  return input.services.filter((service) => named.has(service.serviceId))
}

function seatsPerService(input: PartyInput, from: EpochMs, to: EpochMs, withBookings = true) {
  const seats = new Map<string, StaffSeats>()
  for (const service of namedServices(input)) {
    seats.set(
      service.serviceId,
      computeStaffSeats({
        service,
        staff: input.staff,
        bookings: withBookings ? input.bookings : [],
        from,
        to,
        now: input.now,
      }),
    )
  }
  return seats
}

/** What assigning staff needs of the party, the same at every start: made once per call. */
interface Assigning {
  lines: LineToAssign[]
  order: StaffOrder
}

function assigning(input: PartyInput): Assigning {
  return {
    lines: input.lines.map((line) => ({ ...line, seats: input.seats })),
    order: staffOrder(input.staff.map((member) => member.staffId)),
  }
}

/** The party's lines at one start, assigned by the same rule booking creation uses. */
function fitAt(seats: Map<string, StaffSeats>, start: EpochMs, party: Assigning): PartyFit {
  const free: FreeStaff = new Map()
  for (const [serviceId, byStart] of seats) {
    const staffSeats = byStart.get(start)
    if (!staffSeats) return { ok: false, reason: 'staff_busy' }
    free.set(serviceId, staffSeats)
  }
  const assignment = assignStaff(party.lines, free, party.order)
  if (!assignment.ok) {
    return assignment.reason === 'seats'
      ? { ok: false, reason: 'seats', seatsLeft: assignment.seatsLeft }
      : { ok: false, reason: 'staff_busy' }
  }
  return { ok: true, assignment: assignment.staffIds }
}

function toSlot(
  input: PartyInput,
  rules: Map<string, ServiceRules>,
  seats: Map<string, StaffSeats>,
  start: EpochMs,
  assignment: string[],
): PartySlot {
  const staffIds = new Set<string>()
  let end = start
  let seatsLeft = Infinity
  for (const line of input.lines) {
    const service = rules.get(line.serviceId) as ServiceRules
    const free = seats.get(line.serviceId)?.get(start) ?? new Map<string, number>()
    for (const staffId of free.keys()) staffIds.add(staffId)
    end = Math.max(end, start + service.durationMinutes * MINUTE)
    // What the visitor is told is left: their chosen staff member's seats, or the most anyone has.
    const left = line.staffId === null ? Math.max(...free.values()) : free.get(line.staffId)
    seatsLeft = Math.min(seatsLeft, left ?? 0)
  }
  return { start, end, staffIds: [...staffIds], seatsLeft, assignment }
}

/** Starts in [from, to) at which every line of the party fits at once. */
export function computePartySlots(input: PartyInput & { from: EpochMs; to: EpochMs }): PartySlot[] {
  const seats = seatsPerService(input, input.from, input.to)
  const first = input.lines[0]
  if (!first) return []
  const starts = [...(seats.get(first.serviceId)?.keys() ?? [])].sort((a, b) => a - b)
  const rules = rulesOf(input)
  const party = assigning(input)
  const slots: PartySlot[] = []
  for (const start of starts) {
    const fit = fitAt(seats, start, party)
    if (fit.ok) slots.push(toSlot(input, rules, seats, start, fit.assignment))
  }
  return slots
}

/**
 * Whether the party fits at `start`, and with whom: the check booking creation makes against
 * what is committed, through the same rule the slot list uses, so an offered time is bookable.
 */
export function partyFitAt(input: PartyInput, start: EpochMs): PartyFit {
  const seats = seatsPerService(input, start, start + 1)
  const fit = fitAt(seats, start, assigning(input))
  if (fit.ok) return fit
  const empty = seatsPerService(input, start, start + 1, false)
  const services = namedServices(input)
  const offered = services.every((service) => empty.get(service.serviceId)?.has(start))
  if (!offered) return { ok: false, reason: 'not_offered' }
  // A class that exists at this start but has no seat left is full, not a busy staff member.
  const fullClass = services.some(
    (service) => service.seatsPerSlot > 1 && !seats.get(service.serviceId)?.has(start),
  )
  return fit.ok === false && fit.reason === 'staff_busy' && fullClass
    ? { ok: false, reason: 'seats', seatsLeft: 0 }
    : fit
}

/** The window in which the party can book at all: every service's notice and horizon. */
export function bookableWindow(services: ServiceRules[], now: EpochMs) {
  return {
    from: now + Math.max(0, ...services.map((s) => s.minimumNoticeMinutes)) * MINUTE,
    until: now + Math.min(...services.map((s) => s.horizonDays)) * DAY,
  }
}

/** The first start from `searchFrom` to the horizon that fits the whole party, a week at a time. */
export function findNextPartySlot(input: PartyInput & { searchFrom: EpochMs }): PartySlot | null {
  const horizon = bookableWindow(namedServices(input), input.now).until + 1
  for (let from = Math.max(input.searchFrom, input.now); from < horizon; from += WEEK) {
    const [first] = computePartySlots({ ...input, from, to: Math.min(from + WEEK, horizon) })
    if (first) return first
  }
  return null
}
