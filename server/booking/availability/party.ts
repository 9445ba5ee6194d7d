import { instantToZonedDate } from '../../../src/lib/time'
import {
  assignStaff,
  staffOrder,
  type FreeStaff,
  type LineToAssign,
  type StaffOrder,
} from './assign-staff'
import { computeStaffSeats, type StaffSeats } from './compute-slots'
import { crewSize, dependsOnDay, orderOf, rankMembers, type TeamPolicy } from './team-order'
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
  /**
   * Per service id: how "any available staff" chooses among its members. A service without one
   * tries its staff by id.
   */
  teams?: ReadonlyMap<string, TeamPolicy>
}

/** A start the whole party fits, with the staff member who serves each line. */
export interface PartySlot extends Slot {
  /** Staff id per line, in the order of the lines. */
  assignment: string[]
}

export type PartyFit =
  /**
   * `assignment`: the staff member serving each line (the first of its crew); `crews`, when a
   * line's service is collective: every member serving each line together.
   */
  | { ok: true; assignment: string[]; crews?: string[][] }
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

/**
 * What assigning staff needs of the party: made once per call, ordered per start. A collective
 * service's line becomes as many lines as members it needs (the visitor's choice, if any, is the
 * first), so the members are found by the one assignment rule; `owner` maps them back.
 */
interface Assigning {
  lines: LineToAssign[]
  owner: number[]
  collective: boolean
  orderAt: (start: EpochMs) => (serviceId: string) => StaffOrder
}

/**
 * Minutes each member has booked per local day (in their zone), for availability_first: counted
 * once per call from the bookings the engine was given.
 */
function bookedMinutesByDay(input: PartyInput): (staffId: string, start: EpochMs) => number {
  const zones = new Map(input.staff.map((member) => [member.staffId, member.timeZone]))
  const minutes = new Map<string, number>()
  for (const booking of input.bookings) {
    if (booking.seats <= 0) continue
    const zone = zones.get(booking.staffId) ?? 'UTC'
    const key = `${booking.staffId}|${instantToZonedDate(booking.start, zone)}`
    minutes.set(key, (minutes.get(key) ?? 0) + (booking.end - booking.start) / MINUTE)
  }
  return (staffId, start) =>
    minutes.get(`${staffId}|${instantToZonedDate(start, zones.get(staffId) ?? 'UTC')}`) ?? 0
}

function assigning(input: PartyInput): Assigning {
  const byId = staffOrder(input.staff.map((member) => member.staffId))
  const teams = input.teams ?? new Map<string, TeamPolicy>()
  // Rules that do not look at the day are ranked once for the whole call.
  const fixed = new Map<string, StaffOrder>()
  for (const [serviceId, policy] of teams) {
    if (!dependsOnDay(policy)) fixed.set(serviceId, orderOf(rankMembers(policy)))
  }
  const booked = bookedMinutesByDay(input)
  const lines: LineToAssign[] = []
  const owner: number[] = []
  input.lines.forEach((line, index) => {
    const size = crewSize(teams.get(line.serviceId))
    for (let member = 0; member < size; member++) {
      lines.push({ ...line, staffId: member === 0 ? line.staffId : null, seats: input.seats })
      owner.push(index)
    }
  })
  return {
    lines,
    owner,
    collective: lines.length > input.lines.length,
    orderAt: (start) => (serviceId) => {
      const policy = teams.get(serviceId)
      if (!policy) return byId
      return (
        fixed.get(serviceId) ?? orderOf(rankMembers(policy, (staffId) => booked(staffId, start)))
      )
    },
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
  const assignment = assignStaff(party.lines, free, party.orderAt(start))
  if (!assignment.ok) {
    return assignment.reason === 'seats'
      ? { ok: false, reason: 'seats', seatsLeft: assignment.seatsLeft }
      : { ok: false, reason: 'staff_busy' }
  }
  if (!party.collective) return { ok: true, assignment: assignment.staffIds }
  const crews: string[][] = []
  assignment.staffIds.forEach((staffId, index) => {
    const line = party.owner[index] as number
    crews[line] = [...(crews[line] ?? []), staffId]
  })
  return { ok: true, assignment: crews.map((crew) => crew[0] as string), crews }
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

/**
 * Until when slots computed at `now` stay exactly what the engine would say: the earliest one
 * leaves the bookable window once `now` passes its start less the longest notice. Later slots
 * leave after it, and bookings change the list only through the availability revision.
 */
export function slotsExactUntil(
  starts: EpochMs[],
  services: ServiceRules[],
  now: EpochMs,
): EpochMs {
  const notice = bookableWindow(services, now).from - now
  return starts.length === 0 ? Infinity : Math.max(now, Math.min(...starts) - notice)
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
