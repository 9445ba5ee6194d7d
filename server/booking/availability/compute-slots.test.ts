import { computeSlots, findNextAvailableSlot, groupSlotsByDay } from './compute-slots'
import type { ExistingBooking, ServiceRules, SlotInput, StaffSchedule } from './types'

const at = (iso: string) => Date.parse(iso)
const iso = (ms: number) => new Date(ms).toISOString()
const DAY = 86_400_000

const consult: ServiceRules = {
  serviceId: 'consult',
  durationMinutes: 30,
  slotIntervalMinutes: 30,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
  minimumNoticeMinutes: 0,
  horizonDays: 365,
  seatsPerSlot: 1,
}

const staff = (overrides: Partial<StaffSchedule> = {}): StaffSchedule => ({
  staffId: 'anna',
  timeZone: 'Europe/Berlin',
  weekly: Object.fromEntries(
    [0, 1, 2, 3, 4, 5, 6].map((d) => [d, [{ start: '09:00', end: '11:00' }]]),
  ),
  overrides: [],
  serviceIds: ['consult', 'yoga', 'weekly'],
  ...overrides,
})

const input = (overrides: Partial<SlotInput>): SlotInput => ({
  service: consult,
  staff: [staff()],
  bookings: [],
  from: at('2030-03-05T00:00:00Z'),
  to: at('2030-03-06T00:00:00Z'),
  now: at('2030-01-01T00:00:00Z'),
  ...overrides,
})

const starts = (slotInput: SlotInput) => computeSlots(slotInput).map((slot) => iso(slot.start))

const booking = (overrides: Partial<ExistingBooking>): ExistingBooking => ({
  staffId: 'anna',
  serviceId: 'consult',
  start: at('2030-03-05T08:30:00Z'),
  end: at('2030-03-05T09:00:00Z'),
  seats: 1,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
  ...overrides,
})

describe("computeSlots: working hours in the staff member's own zone", () => {
  it('steps through the hours by the slot interval, in real time', () => {
    expect(starts(input({}))).toEqual([
      '2030-03-05T08:00:00.000Z',
      '2030-03-05T08:30:00.000Z',
      '2030-03-05T09:00:00.000Z',
      '2030-03-05T09:30:00.000Z',
    ])
  })

  it('uses an interval different from the duration, and never runs past the end of hours', () => {
    const slots = starts(
      input({ service: { ...consult, durationMinutes: 45, slotIntervalMinutes: 15 } }),
    )
    expect(slots[0]).toBe('2030-03-05T08:00:00.000Z')
    expect(slots.at(-1)).toBe('2030-03-05T09:15:00.000Z')
    expect(slots).toHaveLength(6)
  })

  it.each([
    // Europe/Berlin springs forward at 02:00 on 31 March 2030: 01:00–04:00 holds 2 real hours.
    ['Europe/Berlin', '2030-03-31', 4],
    // ...and falls back at 03:00 on 27 October 2030: 01:00–04:00 holds 4 real hours.
    ['Europe/Berlin', '2030-10-27', 8],
    ['America/New_York', '2030-03-10', 4],
    ['America/New_York', '2030-11-03', 8],
  ])('counts real elapsed time across DST in %s on %s', (timeZone, date, count) => {
    const night = staff({
      timeZone,
      weekly: {},
      overrides: [{ date, ranges: [{ start: '01:00', end: '04:00' }] }],
    })
    const slots = computeSlots(
      input({
        staff: [night],
        from: at(`${date}T00:00:00Z`) - DAY,
        to: at(`${date}T00:00:00Z`) + 2 * DAY,
      }),
    )
    expect(slots).toHaveLength(count)
    // Consecutive starts are always exactly 30 real minutes apart.
    for (let i = 1; i < slots.length; i++) {
      expect(slots[i]!.start - slots[i - 1]!.start).toBe(30 * 60_000)
    }
  })

  it('keeps 09:00 in Berlin at 09:00 local on both sides of the spring change', () => {
    const before = starts(
      input({ from: at('2030-03-29T00:00:00Z'), to: at('2030-03-30T00:00:00Z') }),
    )
    const after = starts(
      input({ from: at('2030-04-01T00:00:00Z'), to: at('2030-04-02T00:00:00Z') }),
    )
    expect(before[0]).toBe('2030-03-29T08:00:00.000Z')
    expect(after[0]).toBe('2030-04-01T07:00:00.000Z')
  })

  it("replaces a date's hours with its override, or closes the day", () => {
    const other = staff({
      overrides: [{ date: '2030-03-05', ranges: [{ start: '14:00', end: '15:00' }] }],
    })
    expect(starts(input({ staff: [other] }))).toEqual([
      '2030-03-05T13:00:00.000Z',
      '2030-03-05T13:30:00.000Z',
    ])
    const off = staff({ overrides: [{ date: '2030-03-05', ranges: [] }] })
    expect(starts(input({ staff: [off] }))).toEqual([])
  })

  it('offers nothing from staff who do not perform the service', () => {
    expect(starts(input({ staff: [staff({ serviceIds: ['yoga'] })] }))).toEqual([])
  })
})

describe('computeSlots: bookings, buffers and seats', () => {
  it('blocks a booked slot', () => {
    expect(starts(input({ bookings: [booking({})] }))).toEqual([
      '2030-03-05T08:00:00.000Z',
      '2030-03-05T09:00:00.000Z',
      '2030-03-05T09:30:00.000Z',
    ])
  })

  it("keeps the existing booking's buffers and the candidate's own buffers clear", () => {
    const buffered = booking({ bufferAfterMinutes: 10 })
    // 09:00 now touches the booking's 10-minute buffer after it.
    expect(starts(input({ bookings: [buffered] }))).toEqual([
      '2030-03-05T08:00:00.000Z',
      '2030-03-05T09:30:00.000Z',
    ])
    // A service with a 15-minute buffer before cannot start right after a booking either.
    const withBefore = { ...consult, bufferBeforeMinutes: 15 }
    expect(starts(input({ service: withBefore, bookings: [booking({})] }))).toEqual([
      '2030-03-05T08:00:00.000Z',
      '2030-03-05T09:30:00.000Z',
    ])
  })

  it('fills a class seat by seat and drops it when full', () => {
    const yoga: ServiceRules = {
      ...consult,
      serviceId: 'yoga',
      durationMinutes: 60,
      slotIntervalMinutes: 60,
      seatsPerSlot: 8,
    }
    const taken = (seats: number) =>
      booking({
        serviceId: 'yoga',
        start: at('2030-03-05T08:00:00Z'),
        end: at('2030-03-05T09:00:00Z'),
        seats,
      })
    const first = (seats: number) =>
      computeSlots(input({ service: yoga, bookings: [taken(seats)] }))[0]
    expect(first(5)).toMatchObject({ start: at('2030-03-05T08:00:00Z'), seatsLeft: 3 })
    expect(first(8)?.start).toBe(at('2030-03-05T09:00:00Z'))
    // Another service's booking at that start does not share seats: the teacher is busy.
    const other = booking({ serviceId: 'consult', start: at('2030-03-05T08:00:00Z') })
    expect(computeSlots(input({ service: yoga, bookings: [other] }))[0]?.start).toBe(
      at('2030-03-05T09:00:00Z'),
    )
  })

  it('lists any available staff per start, or one chosen staff member', () => {
    const ben = staff({ staffId: 'ben', timeZone: 'Europe/Lisbon' })
    const slots = computeSlots(input({ staff: [staff(), ben], bookings: [booking({})] }))
    // Ben works 09:00–11:00 in Lisbon, an hour after Anna in UTC terms.
    expect(slots.map((s) => [iso(s.start), s.staffIds])).toEqual([
      ['2030-03-05T08:00:00.000Z', ['anna']],
      ['2030-03-05T09:00:00.000Z', ['anna', 'ben']],
      ['2030-03-05T09:30:00.000Z', ['anna', 'ben']],
      ['2030-03-05T10:00:00.000Z', ['ben']],
      ['2030-03-05T10:30:00.000Z', ['ben']],
    ])
    expect(starts(input({ staff: [staff(), ben], staffId: 'ben' }))[0]).toBe(
      '2030-03-05T09:00:00.000Z',
    )
  })
})

describe('computeSlots: notice, horizon and recurrence', () => {
  it('respects the minimum notice', () => {
    const now = at('2030-03-05T07:45:00Z')
    const service = { ...consult, minimumNoticeMinutes: 60 }
    expect(starts(input({ service, now }))[0]).toBe('2030-03-05T09:00:00.000Z')
  })

  it('offers nothing in the past', () => {
    expect(starts(input({ now: at('2030-03-06T00:00:00Z') }))).toEqual([])
  })

  it('stops at the booking horizon', () => {
    const now = at('2030-03-03T08:00:00Z')
    const service = { ...consult, horizonDays: 2 }
    expect(starts(input({ service, now }))).toEqual(['2030-03-05T08:00:00.000Z'])
  })

  it('offers a weekly start only when every occurrence is free, at the same local time across DST', () => {
    const weekly: ServiceRules = {
      ...consult,
      serviceId: 'weekly',
      recurrence: { frequency: 'weekly', count: 4 },
    }
    const window = { from: at('2030-03-19T00:00:00Z'), to: at('2030-03-20T00:00:00Z') }
    // The 4th occurrence, 9 April 09:00 Berlin (07:00Z, after the DST change), is booked.
    const blocker = booking({ start: at('2030-04-09T07:00:00Z'), end: at('2030-04-09T07:30:00Z') })
    const slots = starts(input({ service: weekly, ...window, bookings: [blocker] }))
    expect(slots).not.toContain('2030-03-19T08:00:00.000Z')
    expect(slots).toContain('2030-03-19T08:30:00.000Z')
    // A week with a day off in the series removes its starts too.
    const holiday = staff({ overrides: [{ date: '2030-04-02', ranges: [] }] })
    expect(starts(input({ service: weekly, ...window, staff: [holiday] }))).toEqual([])
  })
})

describe('findNextAvailableSlot', () => {
  it('walks forward weeks ahead to the first free slot', () => {
    const away = staff({
      overrides: Array.from({ length: 20 }, (_, i) => ({
        date: new Date(at('2030-03-05T00:00:00Z') + i * DAY).toISOString().slice(0, 10),
        ranges: [],
      })),
    })
    const { from, to, ...rest } = input({ staff: [away] })
    const slot = findNextAvailableSlot({ ...rest, searchFrom: at('2030-03-05T00:00:00Z') })
    expect(iso(slot!.start)).toBe('2030-03-25T08:00:00.000Z')
  })

  it('returns null when nothing is free before the horizon', () => {
    const {
      from: _from,
      to: _to,
      ...rest
    } = input({
      staff: [staff({ weekly: {} })],
      service: { ...consult, horizonDays: 30 },
    })
    expect(findNextAvailableSlot({ ...rest, searchFrom: rest.now })).toBeNull()
  })
})

describe('groupSlotsByDay', () => {
  const slots = computeSlots(
    input({ from: at('2030-03-05T00:00:00Z'), to: at('2030-03-07T00:00:00Z') }),
  )

  it("files slots under the visitor's local date (a half-hour zone)", () => {
    const days = groupSlotsByDay(slots, 'Asia/Kolkata')
    expect(Object.keys(days)).toEqual(['2030-03-05', '2030-03-06'])
    expect(days['2030-03-05']).toHaveLength(4)
  })

  it('moves late-evening UTC slots to the next day far east (Australia/Adelaide, +10:30)', () => {
    const evening = staff({
      timeZone: 'UTC',
      weekly: Object.fromEntries(
        [0, 1, 2, 3, 4, 5, 6].map((d) => [d, [{ start: '13:00', end: '14:00' }]]),
      ),
    })
    const days = groupSlotsByDay(computeSlots(input({ staff: [evening] })), 'Australia/Adelaide')
    // 13:00 UTC on 5 March is 23:30 in Adelaide; 13:30 UTC is already 00:00 on 6 March.
    expect(Object.fromEntries(Object.entries(days).map(([d, s]) => [d, s.length]))).toEqual({
      '2030-03-05': 1,
      '2030-03-06': 1,
    })
  })
})

describe('computeSlots: blocked periods', () => {
  it('offers no start whose appointment overlaps a blocked period, and keeps the rest', () => {
    const blocked = [{ start: at('2030-03-05T08:45:00Z'), end: at('2030-03-05T09:30:00Z') }]
    expect(starts(input({ staff: [staff({ blocked })] }))).toEqual([
      '2030-03-05T08:00:00.000Z',
      '2030-03-05T09:30:00.000Z',
    ])
  })

  it('takes a blocked day out whole, and leaves other staff free', () => {
    const day = [{ start: at('2030-03-05T00:00:00Z'), end: at('2030-03-06T00:00:00Z') }]
    const ben = staff({ staffId: 'ben' })
    const slots = computeSlots(input({ staff: [staff({ blocked: day }), ben] }))
    expect(slots).toHaveLength(4)
    expect(slots.every((slot) => slot.staffIds.join() === 'ben')).toBe(true)
    expect(starts(input({ staff: [staff({ blocked: day })] }))).toEqual([])
  })

  it('refuses a weekly series whose later occurrence is blocked', () => {
    const weekly: ServiceRules = {
      ...consult,
      serviceId: 'weekly',
      recurrence: { frequency: 'weekly', count: 3 },
    }
    const thirdWeek = [{ start: at('2030-03-19T08:00:00Z'), end: at('2030-03-19T08:30:00Z') }]
    const slots = starts(input({ service: weekly, staff: [staff({ blocked: thirdWeek })] }))
    expect(slots).not.toContain('2030-03-05T08:00:00.000Z')
    expect(slots).toContain('2030-03-05T08:30:00.000Z')
  })
})
