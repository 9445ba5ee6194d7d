import type { Queryable } from '../db'
import {
  computeSlots,
  findNextAvailableSlot,
  type ExistingBooking,
  type ServiceRules,
  type Slot,
  type StaffSchedule,
} from './availability'
import {
  listOccupiedSessions,
  listStaff,
  type OccupiedSession,
  type Service,
  type StaffMember,
} from './catalog'

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
function reach(service: Service): number {
  return ((service.recurrenceCount ?? 1) - 1) * WEEK + DAY
}

export interface SlotQuery {
  from: number
  to: number
  now: number
  /** undefined: any available staff. */
  staffId?: number
}

/** The one availability path: the slots endpoint and booking creation both come through here. */
export async function findSlots(db: Queryable, service: Service, query: SlotQuery) {
  const staff = await listStaff(db, service.providerId, service.id)
  const sessions = await listOccupiedSessions(
    db,
    staff.map((member) => member.id),
    query.from - DAY,
    query.to + reach(service),
  )
  const slots = computeSlots({
    service: serviceRules(service),
    staff: schedules(staff),
    bookings: existing(sessions),
    from: query.from,
    to: query.to,
    now: query.now,
    ...(query.staffId ? { staffId: String(query.staffId) } : {}),
  })
  return { slots, staff, sessions }
}

export async function findNextSlot(
  db: Queryable,
  service: Service,
  query: Omit<SlotQuery, 'to'>,
): Promise<Slot | null> {
  const staff = await listStaff(db, service.providerId, service.id)
  const horizonEnd = query.now + service.horizonDays * DAY
  const sessions = await listOccupiedSessions(
    db,
    staff.map((member) => member.id),
    query.from - DAY,
    horizonEnd + reach(service),
  )
  return findNextAvailableSlot({
    service: serviceRules(service),
    staff: schedules(staff),
    bookings: existing(sessions),
    now: query.now,
    searchFrom: query.from,
    ...(query.staffId ? { staffId: String(query.staffId) } : {}),
  })
}

/**
 * At one start: whether the service is offered then at all (hours, notice, horizon, interval),
 * and which staff are free, with the seats each has left.
 */
export async function availabilityAt(db: Queryable, service: Service, start: number, now: number) {
  const window = { from: start, to: start + 1, now }
  const { slots, staff, sessions } = await findSlots(db, service, window)
  const offered =
    slots.length > 0 ||
    computeSlots({
      service: serviceRules(service),
      staff: schedules(staff),
      bookings: [],
      ...window,
    }).some((slot) => slot.start === start)
  const free = new Map<number, number>()
  for (const staffId of slots.find((slot) => slot.start === start)?.staffIds ?? []) {
    const taken = sessions.find(
      (s) => s.staffId === Number(staffId) && s.serviceId === service.id && s.start === start,
    )
    free.set(Number(staffId), service.seatsPerSlot - (taken?.seats ?? 0))
  }
  // A full class still exists at this start: the visitor is told how many seats are left (none).
  const classSeatsLeft = sessions
    .filter((s) => s.serviceId === service.id && s.start === start)
    .map((s) => service.seatsPerSlot - s.seats)
  return { offered, free, staff, classSeatsLeft }
}
