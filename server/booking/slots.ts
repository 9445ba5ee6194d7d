import type { Queryable } from '../db'
import { instantToZonedDate } from '../../src/lib/time'
import {
  bookableWindow,
  computePartySlots,
  type MemberRecord,
  findNextPartySlot,
  partyFitAt,
  type ExistingBooking,
  type OpeningHours,
  type PartyFit,
  type PartyInput,
  type PartySlot,
  type ServiceRules,
  type StaffSchedule,
  type TeamPolicy,
  weeklyHoursOutsideOpening,
} from './availability'
import type { Party } from './party'
import type { Computed, Scope } from './slot-cache'
import {
  listStaffWithSessions,
  readServicesAvailability,
  teamRecords,
  type ServicesAvailability,
  type OccupiedSession,
  type Service,
  type StaffMember,
  type WeeklyHours,
} from './store/catalog'

/**
 * The one availability path between the database and the pure engine: the slot list and booking
 * creation both ask here, with the whole party, so every offered time is bookable.
 */
const DAY = 86_400_000
const WEEK = 7 * DAY

export function serviceRules(service: Service): ServiceRules {
  return {
    serviceId: String(service.id),
    durationMinutes: service.durationMinutes,
    slotIntervalMinutes: service.slotIntervalMinutes,
    bufferBeforeMinutes: service.bufferBeforeMinutes,
    bufferAfterMinutes: service.bufferAfterMinutes,
    minimumNoticeMinutes: service.minimumNoticeMinutes,
    horizonDays: service.horizonDays,
    seatsPerSlot: service.seatsPerSlot,
    ...(service.recurrenceCount
      ? { recurrence: { frequency: 'weekly' as const, count: service.recurrenceCount } }
      : {}),
  }
}

const weekdays = (hours: WeeklyHours): StaffSchedule['weekly'] =>
  Object.fromEntries(Object.entries(hours).map(([day, ranges]) => [Number(day), ranges]))

/**
 * The location's opening hours staff time must lie within, or undefined when the location states
 * none at all (a business that has not filled them in is not closed all week).
 */
function locationHours(location: StaffMember['openingHours']): OpeningHours | undefined {
  const weekly = weekdays(location?.weekly ?? {})
  return location && Object.keys(weekly).length > 0
    ? { timeZone: location.timeZone, weekly }
    : undefined
}

function schedules(staff: StaffMember[]): StaffSchedule[] {
  // One object per location: the engine works a location's openings out once for all its staff.
  const locations = new Map<string, OpeningHours | undefined>()
  const hoursOf = (member: StaffMember) => {
    const key = JSON.stringify(member.openingHours ?? null)
    if (!locations.has(key)) locations.set(key, locationHours(member.openingHours))
    return locations.get(key)
  }
  return staff.map((member) => ({
    staffId: String(member.id),
    timeZone: member.timeZone,
    weekly: weekdays(member.weeklyHours),
    overrides: member.overrides,
    serviceIds: member.serviceIds.map(String),
    blocked: member.blocked ?? [],
    // Hours marked as outside opening hours (remote work) are offered as they are.
    openingHours: member.outsideOpeningHours ? undefined : hoursOf(member),
  }))
}

function existing(sessions: OccupiedSession[]): ExistingBooking[] {
  return sessions.map((session) => ({
    ...session,
    staffId: String(session.staffId),
    serviceId: String(session.serviceId),
  }))
}

/** How far past a window the engine must see bookings: every weekly occurrence and buffers. */
function reach(services: Service[]): number {
  return Math.max(...services.map((service) => ((service.recurrenceCount ?? 1) - 1) * WEEK)) + DAY
}

export function partyWindow(party: Party, now: number) {
  return bookableWindow([...party.services.values()].map(serviceRules), now)
}

/** Services whose lines a team rule serves: "any available staff" lines and collective crews. */
function ruledServices(party: Party): number[] {
  // A team rule chooses for "any available staff" lines, and finds a collective service's crew
  // (even beside a chosen member): only those services need the members' records.
  return [
    ...new Set(
      party.lines
        .filter(
          (line) =>
            line.staffId === null ||
            party.services.get(line.serviceId)?.assignment === 'collective',
        )
        .map((line) => line.serviceId),
    ),
  ]
}

type EngineInput = PartyInput & { staffMembers: StaffMember[] }

/** The engine's input for the party from the staff, their sessions and the team records. */
function partyInput(
  party: Party,
  staff: StaffMember[],
  sessions: OccupiedSession[],
  records: Map<number, MemberRecord[]>,
  now: number,
): EngineInput {
  const teams = new Map<string, TeamPolicy>(
    ruledServices(party).map((serviceId) => {
      const service = party.services.get(serviceId) as Service
      const members = records.get(serviceId) ?? []
      return [
        String(serviceId),
        {
          rule: service.assignment,
          members,
          required: service.collectiveMembers ?? members.length,
        },
      ]
    }),
  )
  return {
    services: [...party.services.values()].map(serviceRules),
    staff: schedules(staff),
    bookings: existing(sessions),
    lines: party.lines.map((line) => ({
      serviceId: String(line.serviceId),
      staffId: line.staffId === null ? null : String(line.staffId),
    })),
    seats: party.seats,
    now,
    teams,
    staffMembers: staff,
  }
}

/** The engine's input for the party, with the staff and bookings that touch [from, to). */
async function load(
  db: Queryable,
  party: Party,
  from: number,
  to: number,
  now: number,
): Promise<EngineInput> {
  const { staff, sessions } = await listStaffWithSessions(
    db,
    party.providerId,
    [...party.services.keys()],
    from - DAY,
    to + reach([...party.services.values()]),
  )
  const ruled = ruledServices(party)
  const records = ruled.length > 0 ? await teamRecords(db, ruled, now) : new Map()
  return partyInput(party, staff, sessions, records, now)
}

/**
 * What the months of some services are computed from, kept per availability revision (see
 * slot-cache): read in one query over everything any of their months can reach, so any month,
 * zone and party of them is computed without the database.
 */
export interface AvailabilitySnapshot extends ServicesAvailability {
  /** The clock when it was read: it covers months asked until a day later. */
  readAt: number
}

// Two days back (a working day seen from the window may start that far out); ahead, the longest
// horizon and the longest weekly series the services table allows (002-booking.sql), two days
// more for the day the snapshot may be used and a working day's reach.
const SNAPSHOT_BEHIND = 2 * DAY
const SNAPSHOT_AHEAD = (730 + 2) * DAY + 52 * WEEK

/**
 * Reads a snapshot of the services named by id or slug, with what it was computed from (its
 * scope) when every one of them was found: otherwise any change drops it (the service may be
 * created).
 */
export async function readAvailabilitySnapshot(
  db: Queryable,
  named: { ids: number[]; slugs: string[] },
  now: number,
): Promise<Computed<AvailabilitySnapshot>> {
  const read = await readServicesAvailability(
    db,
    named,
    now - SNAPSHOT_BEHIND,
    now + SNAPSHOT_AHEAD,
    now,
  )
  const found = read.services.length === named.ids.length + named.slugs.length
  return {
    value: { ...read, readAt: now },
    exactUntil: now + DAY,
    ...(found && read.services[0]
      ? {
          scope: {
            providerId: read.services[0].providerId,
            staffIds: read.staff.map((member) => member.id),
            serviceIds: read.services.map((service) => service.id),
          },
        }
      : {}),
  }
}

/** What a party's months are computed from: the staff performing any of its services. */
export function partyScope(snapshot: AvailabilitySnapshot, party: Party): Scope {
  return {
    providerId: party.providerId,
    staffIds: performers(snapshot, party).map((member) => member.id),
    serviceIds: [...party.services.keys()],
  }
}

const performers = (snapshot: AvailabilitySnapshot, party: Party) =>
  snapshot.staff.filter((member) => member.serviceIds.some((id) => party.services.has(id)))

/** The engine's input for the party from a snapshot: what `load` reads, and more around it. */
function snapshotInput(snapshot: AvailabilitySnapshot, party: Party, now: number): EngineInput {
  const staff = performers(snapshot, party)
  const staffIds = new Set(staff.map((member) => member.id))
  const sessions = snapshot.sessions.filter((session) => staffIds.has(session.staffId))
  return partyInput(party, staff, sessions, snapshot.records, now)
}

/** Where slots are computed from: the database as committed now, or a kept snapshot. */
export type AvailabilitySource = Queryable | AvailabilitySnapshot

const isSnapshot = (source: AvailabilitySource): source is AvailabilitySnapshot =>
  'readAt' in source

const inputFrom = async (
  source: AvailabilitySource,
  party: Party,
  from: number,
  to: number,
  now: number,
) => (isSnapshot(source) ? snapshotInput(source, party, now) : load(source, party, from, to, now))

/** Slots in [from, to) for the party; nothing (and no query) outside the bookable window. */
export async function findPartySlots(
  source: AvailabilitySource,
  party: Party,
  query: { from: number; to: number; now: number },
): Promise<PartySlot[]> {
  const window = partyWindow(party, query.now)
  const from = Math.max(query.from, query.now)
  const to = Math.min(query.to, window.until + 1)
  if (from >= to) return []
  return computePartySlots({ ...(await inputFrom(source, party, from, to, query.now)), from, to })
}

export async function findNextPartySlotAfter(
  source: AvailabilitySource,
  party: Party,
  query: { from: number; now: number },
): Promise<PartySlot | null> {
  const window = partyWindow(party, query.now)
  const from = Math.max(query.from, query.now)
  if (from > window.until) return null
  const input = await inputFrom(source, party, from, window.until + 1, query.now)
  return findNextPartySlot({ ...input, searchFrom: from })
}

/** Whether the party fits at `start` as committed, and which staff member serves each line. */
export async function fitPartyAt(
  db: Queryable,
  party: Party,
  start: number,
  now: number,
): Promise<{ fit: PartyFit; staff: StaffMember[] }> {
  const window = partyWindow(party, now)
  if (start < now || start > window.until) {
    return { fit: { ok: false, reason: 'not_offered' }, staff: [] }
  }
  const input = await load(db, party, start, start + 1, now)
  return { fit: partyFitAt(input, start), staff: input.staffMembers }
}

/**
 * Which of a staff member's weekly hours lie outside their location's opening hours (weekday and
 * times in their zone), so the dashboard can say they will not be offered; nothing when their
 * hours are marked as outside opening hours. Undefined for an unknown staff member.
 */
export async function staffHoursOutsideOpening(
  db: Queryable,
  staffId: number,
  now: number,
): Promise<WeeklyHours | undefined> {
  const { rows } = await db.query<
    Pick<StaffMember, 'timeZone' | 'weeklyHours' | 'outsideOpeningHours' | 'openingHours'>
  >(
    `SELECT s.time_zone AS "timeZone", s.weekly_hours AS "weeklyHours",
            s.outside_opening_hours AS "outsideOpeningHours",
            json_build_object('timeZone', p.time_zone, 'weekly', p.opening_hours) AS "openingHours"
       FROM staff s JOIN providers p ON p.id = s.provider_id WHERE s.id = $1`,
    [staffId],
  )
  const member = rows[0]
  if (!member) return undefined
  const opening = member.outsideOpeningHours ? undefined : locationHours(member.openingHours)
  if (!opening) return {}
  const outside = weeklyHoursOutsideOpening(
    { timeZone: member.timeZone, weekly: weekdays(member.weeklyHours) },
    opening,
    instantToZonedDate(now, member.timeZone),
  )
  return Object.fromEntries(Object.entries(outside).map(([day, ranges]) => [day, ranges]))
}
