import { computePartySlots, partyFitAt } from './party'
import { rankMembers, type MemberRecord, type TeamPolicy } from './team-order'
import type { ExistingBooking, ServiceRules, StaffSchedule } from './types'

const at = (iso: string) => Date.parse(iso)
// The engine never reads the clock: "now" is this frozen instant in every test.
const NOW = at('2030-03-01T00:00:00Z')
const TUESDAY_9 = at('2030-03-05T08:00:00Z') // 09:00 in Berlin

const record = (staffId: string, overrides: Partial<MemberRecord> = {}): MemberRecord => ({
  staffId,
  priority: 0,
  lastBooked: null,
  periodBookings: 0,
  ...overrides,
})

/** The member a rule books among those free, as booking creation does: its first free one. */
const pick = (policy: TeamPolicy, free: string[], minutes?: (id: string) => number) =>
  rankMembers(policy, minutes).find((staffId) => free.includes(staffId))

describe('team rules', () => {
  it('round robin books the highest priority member who is free', () => {
    const policy: TeamPolicy = {
      rule: 'round_robin',
      members: [record('1', { priority: 10, lastBooked: 99 }), record('2'), record('3')],
    }
    expect(pick(policy, ['1', '2', '3'])).toBe('1')
    // Busy, the preferred member is passed over rather than waited for.
    expect(pick(policy, ['2', '3'])).toBe('2')
  })

  it('round robin books the member booked least recently among equals, never-booked first', () => {
    const policy: TeamPolicy = {
      rule: 'round_robin',
      members: [
        record('1', { lastBooked: 7 }),
        record('2', { lastBooked: 3 }),
        record('3', { lastBooked: null }),
      ],
    }
    expect(rankMembers(policy)).toEqual(['3', '2', '1'])
  })

  it('round robin spreads 100 bookings evenly over a team of three (spread at most 1)', () => {
    const counts = simulate('round_robin', () => true)
    expect(counts.reduce((a, b) => a + b)).toBe(100)
    expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1)
  })

  it('round robin stays fair when members are not always free', () => {
    // Each member is free at about two starts in three (a fixed pseudo-random sequence).
    const counts = simulate('round_robin', seededFree(17))
    expect(counts.reduce((a, b) => a + b)).toBeGreaterThan(90)
    expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(2)
  })

  it('equal distribution books the member with the fewest bookings in the period first', () => {
    const policy: TeamPolicy = {
      rule: 'equal_distribution',
      members: [
        record('1', { periodBookings: 5, lastBooked: 1 }),
        record('2', { periodBookings: 2, lastBooked: 9 }),
        record('3', { periodBookings: 4, lastBooked: null }),
      ],
    }
    expect(rankMembers(policy)).toEqual(['2', '3', '1'])
    const counts = simulate('equal_distribution', seededFree(5))
    expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(2)
  })

  it('availability first books the member with the fewest booked minutes that day', () => {
    const policy: TeamPolicy = {
      rule: 'availability_first',
      members: [record('1', { priority: 10 }), record('2'), record('3')],
    }
    const minutes: Record<string, number> = { 1: 120, 2: 30, 3: 60 }
    expect(rankMembers(policy, (id) => minutes[id] ?? 0)).toEqual(['2', '3', '1'])
    // On an empty day priority decides, as in round robin.
    expect(rankMembers(policy)).toEqual(['1', '2', '3'])
  })
})

/**
 * 100 bookings, one after another, each given to the rule's first free member; the member's
 * record is then updated as the database would show it. Returns the bookings per member.
 */
function simulate(rule: TeamPolicy['rule'], isFree: (staffId: string, booking: number) => boolean) {
  const members = ['1', '2', '3'].map((id) => record(id))
  for (let booking = 1; booking <= 100; booking++) {
    const free = members.map((m) => m.staffId).filter((id) => isFree(id, booking))
    const chosen = pick({ rule, members }, free)
    const member = members.find((m) => m.staffId === chosen)
    if (!member) continue
    member.lastBooked = booking
    member.periodBookings += 1
  }
  return members.map((member) => member.periodBookings)
}

/** A deterministic "free about two times in three" per member and booking. */
function seededFree(seed: number) {
  let state = seed
  const table = new Map<string, boolean>()
  return (staffId: string, booking: number) => {
    const key = `${staffId}|${booking}`
    if (!table.has(key)) {
      state = (state * 1_103_515_245 + 12_345) % 2_147_483_648
      table.set(key, state % 3 !== 0)
    }
    return table.get(key) as boolean
  }
}

describe('team rules in the party engine', () => {
  const consult: ServiceRules = {
    serviceId: 'consult',
    durationMinutes: 30,
    slotIntervalMinutes: 30,
    bufferBeforeMinutes: 0,
    bufferAfterMinutes: 0,
    minimumNoticeMinutes: 0,
    horizonDays: 30,
    seatsPerSlot: 1,
  }
  const member = (staffId: string): StaffSchedule => ({
    staffId,
    timeZone: 'Europe/Berlin',
    weekly: { 2: [{ start: '09:00', end: '17:00' }] },
    overrides: [],
    serviceIds: ['consult'],
  })
  const booking = (staffId: string, start: string, minutes: number): ExistingBooking => ({
    staffId,
    serviceId: 'consult',
    start: at(start),
    end: at(start) + minutes * 60_000,
    seats: 1,
    bufferBeforeMinutes: 0,
    bufferAfterMinutes: 0,
  })
  const input = (policy: TeamPolicy, bookings: ExistingBooking[] = []) => ({
    services: [consult],
    staff: [member('1'), member('2'), member('3')],
    bookings,
    lines: [{ serviceId: 'consult', staffId: null }],
    seats: 1,
    now: NOW,
    teams: new Map([['consult', policy]]),
  })

  it('assigns "any available staff" by the service rule, not by id', () => {
    const policy: TeamPolicy = {
      rule: 'round_robin',
      members: [record('1', { lastBooked: 5 }), record('2', { lastBooked: 2 }), record('3')],
    }
    expect(partyFitAt(input(policy), TUESDAY_9)).toEqual({ ok: true, assignment: ['3'] })
    // Member 3 busy at that time: the next in line.
    const busy = [booking('3', '2030-03-05T08:00:00Z', 30)]
    expect(partyFitAt(input(policy, busy), TUESDAY_9)).toEqual({ ok: true, assignment: ['2'] })
  })

  it('availability first counts each member’s booked minutes on the day of the start', () => {
    const policy: TeamPolicy = {
      rule: 'availability_first',
      members: [record('1'), record('2'), record('3')],
    }
    const day = [
      booking('1', '2030-03-05T12:00:00Z', 30),
      booking('2', '2030-03-05T13:00:00Z', 90),
      // Another day's booking does not count for Tuesday.
      booking('3', '2030-03-06T12:00:00Z', 240),
      booking('3', '2030-03-05T14:00:00Z', 60),
    ]
    expect(partyFitAt(input(policy, day), TUESDAY_9)).toEqual({ ok: true, assignment: ['1'] })
  })

  describe('collective', () => {
    const collective = (required: number): TeamPolicy => ({
      rule: 'collective',
      members: [record('1', { lastBooked: 4 }), record('2', { lastBooked: 1 }), record('3')],
      required,
    })

    it('books the required number of members together, chosen as round robin', () => {
      expect(partyFitAt(input(collective(2)), TUESDAY_9)).toEqual({
        ok: true,
        assignment: ['3'],
        crews: [['3', '2']],
      })
      // The visitor's chosen member leads the crew; the others are found around them.
      const chosen = { ...input(collective(2)), lines: [{ serviceId: 'consult', staffId: '1' }] }
      expect(partyFitAt(chosen, TUESDAY_9)).toEqual({
        ok: true,
        assignment: ['1'],
        crews: [['1', '3']],
      })
    })

    it('offers a time only when every required member is free', () => {
      const day = { from: at('2030-03-05T08:00:00Z'), to: at('2030-03-05T10:00:00Z') }
      const busy = [
        booking('1', '2030-03-05T08:00:00Z', 60),
        booking('2', '2030-03-05T08:30:00Z', 30),
        booking('3', '2030-03-05T09:00:00Z', 30),
      ]
      const starts = (required: number) =>
        computePartySlots({ ...input(collective(required), busy), ...day }).map((slot) =>
          new Date(slot.start).toISOString().slice(11, 16),
        )
      // Two of three (UTC): 08:00 (2 and 3 free), not 08:30 (only 3), 09:00 (1 and 2), 09:30.
      expect(starts(2)).toEqual(['08:00', '09:00', '09:30'])
      // All three: only once nobody is busy.
      expect(starts(3)).toEqual(['09:30'])
      expect(partyFitAt(input(collective(3), busy), at('2030-03-05T08:30:00Z'))).toEqual({
        ok: false,
        reason: 'staff_busy',
      })
    })
  })
})
