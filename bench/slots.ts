import { computePartySlots, computeSlots } from '../server/booking/availability'
import type { ExistingBooking, ServiceRules, StaffSchedule } from '../server/booking/availability'

/**
 * Times a month of slots for "any available staff" with 20 staff in four zones and 5,000 existing
 * bookings, for a 30-minute one-to-one service and an 8-seat class, then the party path the slots
 * API takes (one line, and two people each wanting the consultation). Prints median and best of runs.
 */
const STAFF = 20
const BOOKINGS = 5_000
const RUNS = 15
const MINUTE = 60_000
const from = Date.parse('2030-03-01T00:00:00Z')
const to = Date.parse('2030-04-01T00:00:00Z')
const now = Date.parse('2030-02-20T00:00:00Z')
const zones = ['Europe/Berlin', 'Europe/Lisbon', 'America/New_York', 'Asia/Kolkata']

const weekdays = Object.fromEntries(
  [1, 2, 3, 4, 5].map((day) => [
    day,
    [
      { start: '08:00', end: '12:00' },
      { start: '13:00', end: '18:00' },
    ],
  ]),
)
// Four locations, one per zone, open around the hours of the staff working there: the engine
// intersects every working day with opening hours, while the slots stay those of the hours alone.
const opening = Object.fromEntries(
  [1, 2, 3, 4, 5].map((day) => [day, [{ start: '07:30', end: '19:00' }]]),
)
const locations = zones.map((timeZone) => ({ timeZone, weekly: opening }))
const staff: StaffSchedule[] = Array.from({ length: STAFF }, (_, i) => ({
  staffId: `staff-${i}`,
  timeZone: zones[i % zones.length] as string,
  weekly: weekdays,
  overrides: [{ date: `2030-03-${String(10 + (i % 15)).padStart(2, '0')}`, ranges: [] }],
  serviceIds: ['consult', 'class'],
  openingHours: locations[i % zones.length],
}))

// Deterministic pseudo-random bookings spread over the month's working hours.
let seed = 42
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31
const bookings: ExistingBooking[] = Array.from({ length: BOOKINGS }, () => {
  const start = from + Math.floor((random() * (to - from)) / (30 * MINUTE)) * 30 * MINUTE
  return {
    staffId: `staff-${Math.floor(random() * STAFF)}`,
    serviceId: random() < 0.8 ? 'consult' : 'class',
    start,
    end: start + 30 * MINUTE,
    seats: 1,
    bufferBeforeMinutes: 0,
    bufferAfterMinutes: 10,
  }
})

const service = (overrides: Partial<ServiceRules>): ServiceRules => ({
  serviceId: 'consult',
  durationMinutes: 30,
  slotIntervalMinutes: 15,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 10,
  minimumNoticeMinutes: 60,
  horizonDays: 90,
  seatsPerSlot: 1,
  ...overrides,
})

function time(name: string, run: () => number) {
  const times: number[] = []
  let count = 0
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now()
    count = run()
    times.push(performance.now() - started)
  }
  // The first run is the one a month nobody asked for yet costs: the zone conversions the time
  // module remembers are not there yet.
  const first = times[0]!
  times.sort((a, b) => a - b)
  console.log(
    `${name}: ${count} slots in a month, ${STAFF} staff, ${BOOKINGS} bookings: median ${times[Math.floor(RUNS / 2)]!.toFixed(1)} ms, best ${times[0]!.toFixed(1)} ms, first ${first.toFixed(1)} ms (${RUNS} runs)`,
  )
}

const consultation = service({})
for (const [name, rules] of [
  ['30-minute consultation', consultation],
  [
    '60-minute class, 8 seats',
    service({ serviceId: 'class', durationMinutes: 60, slotIntervalMinutes: 60, seatsPerSlot: 8 }),
  ],
] as const) {
  time(name, () => computeSlots({ service: rules, staff, bookings, from, to, now }).length)
}
for (const [name, people] of [
  ['party of one, consultation', 1],
  ['party of two, a consultation each', 2],
] as const) {
  const lines = Array.from({ length: people }, () => ({ serviceId: 'consult', staffId: null }))
  time(
    name,
    () =>
      computePartySlots({
        services: [consultation],
        staff,
        bookings,
        lines,
        seats: 1,
        now,
        from,
        to,
      }).length,
  )
}
