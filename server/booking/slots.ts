import type { Queryable } from '../db'
import {
  bookableWindow,
  computePartySlots,
  findNextPartySlot,
  partyFitAt,
  type ExistingBooking,
  type PartyFit,
  type PartyInput,
  type PartySlot,
  type ServiceRules,
  type StaffSchedule,
  type TeamPolicy,
} from './availability'
import type { Party } from './party'
import {
  listStaffWithSessions,
  teamRecords,
  type OccupiedSession,
  type Service,
  type StaffMember,
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

function schedules(staff: StaffMember[]): StaffSchedule[] {
  return staff.map((member) => ({
    staffId: String(member.id),
    timeZone: member.timeZone,
    weekly: Object.fromEntries(
      Object.entries(member.weeklyHours).map(([day, ranges]) => [Number(day), ranges]),
    ),
    overrides: member.overrides,
    serviceIds: member.serviceIds.map(String),
    blocked: member.blocked ?? [],
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

/** The engine's input for the party, with the staff and bookings that touch [from, to). */
async function load(
  db: Queryable,
  party: Party,
  from: number,
  to: number,
  now: number,
): Promise<PartyInput & { staffMembers: StaffMember[] }> {
  const services = [...party.services.values()]
  const { staff, sessions } = await listStaffWithSessions(
    db,
    party.providerId,
    [...party.services.keys()],
    from - DAY,
    to + reach(services),
  )
  // A team rule chooses for "any available staff" lines, and finds a collective service's crew
  // (even beside a chosen member): only those services need the members' records.
  const ruled = [
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
  const records = ruled.length > 0 ? await teamRecords(db, ruled, now) : new Map()
  const teams = new Map<string, TeamPolicy>(
    ruled.map((serviceId) => {
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
    services: services.map(serviceRules),
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

/** Slots in [from, to) for the party; nothing (and no query) outside the bookable window. */
export async function findPartySlots(
  db: Queryable,
  party: Party,
  query: { from: number; to: number; now: number },
): Promise<PartySlot[]> {
  const window = partyWindow(party, query.now)
  const from = Math.max(query.from, query.now)
  const to = Math.min(query.to, window.until + 1)
  if (from >= to) return []
  return computePartySlots({ ...(await load(db, party, from, to, query.now)), from, to })
}

export async function findNextPartySlotAfter(
  db: Queryable,
  party: Party,
  query: { from: number; now: number },
): Promise<PartySlot | null> {
  const window = partyWindow(party, query.now)
  const from = Math.max(query.from, query.now)
  if (from > window.until) return null
  const input = await load(db, party, from, window.until + 1, query.now)
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
