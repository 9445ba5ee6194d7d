import { instantToZonedDate, instantToZonedTime, weekdayOfDate } from '../../../src/lib/time'
import { computeSlots } from './compute-slots'
import { partyFitAt } from './party'
import { weeklyHoursOutsideOpening } from './opening-hours'
import type { OpeningHours, ServiceRules, SlotInput, StaffSchedule, TimeRange } from './types'

const at = (iso: string) => Date.parse(iso)

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

const weekdays = (ranges: TimeRange[], days = [1, 2, 3, 4, 5]) =>
  Object.fromEntries(days.map((day) => [day, ranges]))

/** Hamburg: Monday to Friday 08:30–18:30, closed at the weekend. */
const hamburg: OpeningHours = {
  timeZone: 'Europe/Berlin',
  weekly: weekdays([{ start: '08:30', end: '18:30' }]),
}

const member = (overrides: Partial<StaffSchedule>): StaffSchedule => ({
  staffId: 'ana',
  timeZone: 'America/New_York',
  weekly: weekdays(
    [
      { start: '08:00', end: '12:00' },
      { start: '13:00', end: '16:00' },
    ],
    [1, 2, 3, 4, 5, 6],
  ),
  overrides: [],
  serviceIds: ['consult'],
  openingHours: hamburg,
  ...overrides,
})

// The week of 2030-03-04 holds the US change to summer time (Sunday 10 March); the EU changes on
// Sunday 31 March. Two weeks from the Monday cover the weeks before and after the US change.
const input = (staff: StaffSchedule[], overrides: Partial<SlotInput> = {}): SlotInput => ({
  service: consult,
  staff,
  bookings: [],
  from: at('2030-03-04T00:00:00Z'),
  to: at('2030-03-18T00:00:00Z'),
  now: at('2030-03-01T00:00:00Z'),
  ...overrides,
})

/** Whether [start, end) lies within one of the location's opening ranges, on its local date. */
function withinHamburgHours(start: number, end: number): boolean {
  const zone = hamburg.timeZone
  const date = instantToZonedDate(start, zone)
  const [from, until] = [instantToZonedTime(start, zone), instantToZonedTime(end, zone)]
  return (
    instantToZonedDate(end, zone) === date &&
    (hamburg.weekly[weekdayOfDate(date)] ?? []).some(
      (range) => range.start <= from && until <= range.end,
    )
  )
}

describe('slots within the location’s opening hours', () => {
  it.each(['America/New_York', 'Europe/Lisbon', 'Asia/Kolkata', 'Europe/Berlin'])(
    'never offers a time the location is closed, for staff working in %s',
    (timeZone) => {
      const slots = computeSlots(input([member({ timeZone })]))
      expect(slots.length).toBeGreaterThan(0)
      expect(slots.filter((slot) => !withinHamburgHours(slot.start, slot.end))).toEqual([])
    },
  )

  it('offers New York hours only where they meet Hamburg’s, before and after the US change', () => {
    const starts = computeSlots(input([member({})])).map((slot) => slot.start)
    // Before 10 March New York is 6 hours behind: 08:00–12:00 there is 14:00–18:00 in Hamburg,
    // and the afternoon (19:00 onwards in Hamburg) is closed.
    const monday = starts.filter((start) => start < at('2030-03-05T00:00:00Z'))
    expect(monday[0]).toBe(at('2030-03-04T13:00:00Z'))
    expect(monday[monday.length - 1]).toBe(at('2030-03-04T16:30:00Z'))
    // After it, 5 hours: 13:00–17:00 in Hamburg, and 13:00–13:30 in New York is 18:00–18:30.
    const later = starts.filter(
      (start) => start >= at('2030-03-11T00:00:00Z') && start < at('2030-03-12T00:00:00Z'),
    )
    expect(later[0]).toBe(at('2030-03-11T12:00:00Z'))
    expect(later[later.length - 1]).toBe(at('2030-03-11T17:00:00Z'))
    // Saturday is in her week but the location is closed.
    expect(starts.filter((start) => new Date(start).getUTCDay() === 6)).toEqual([])
  })

  it('follows the EU change to summer time in the location’s zone', () => {
    const lisbon = member({
      timeZone: 'Europe/Lisbon',
      weekly: weekdays([{ start: '07:00', end: '18:00' }]),
    })
    const slots = computeSlots(
      input([lisbon], { from: at('2030-03-28T00:00:00Z'), to: at('2030-04-02T00:00:00Z') }),
    )
    // Opening at 08:30 Hamburg time: 07:30 UTC before the change, 06:30 UTC after it.
    expect(slots[0]?.start).toBe(at('2030-03-28T07:30:00Z'))
    expect(slots.find((slot) => slot.start >= at('2030-04-01T00:00:00Z'))?.start).toBe(
      at('2030-04-01T06:30:00Z'),
    )
    expect(slots.filter((slot) => !withinHamburgHours(slot.start, slot.end))).toEqual([])
  })

  it('offers hours marked as outside opening hours as they are', () => {
    const remote = member({ openingHours: undefined })
    const starts = computeSlots(input([remote])).map((slot) => slot.start)
    expect(starts).toContain(at('2030-03-04T20:00:00Z'))
    expect(starts).toContain(at('2030-03-09T13:00:00Z'))
  })

  it('refuses a booking at a closed time through the same engine', () => {
    const party = {
      services: [consult],
      staff: [member({})],
      bookings: [],
      lines: [{ serviceId: 'consult', staffId: 'ana' }],
      seats: 1,
      now: at('2030-03-01T00:00:00Z'),
    }
    expect(partyFitAt(party, at('2030-03-04T20:00:00Z'))).toEqual({
      ok: false,
      reason: 'not_offered',
    })
    expect(partyFitAt(party, at('2030-03-04T14:00:00Z'))).toMatchObject({ ok: true })
  })

  it('keeps a weekly series only when every occurrence is within opening hours', () => {
    // Kolkata keeps no summer time: 22:00 there is 17:30 in Hamburg on Monday 25 March, but
    // 18:30 (closing time) on 1 April, after the EU change.
    const kolkata = member({
      timeZone: 'Asia/Kolkata',
      weekly: weekdays([{ start: '12:00', end: '23:00' }]),
      serviceIds: ['consult', 'weekly'],
    })
    const window = { from: at('2030-03-25T00:00:00Z'), to: at('2030-03-26T00:00:00Z') }
    const startsOf = (service: ServiceRules) =>
      computeSlots(input([kolkata], { service, ...window })).map((slot) => slot.start)
    expect(startsOf(consult)).toContain(at('2030-03-25T16:30:00Z'))
    const series = startsOf({
      ...consult,
      serviceId: 'weekly',
      recurrence: { frequency: 'weekly', count: 2 },
    })
    expect(series).not.toContain(at('2030-03-25T16:30:00Z'))
    expect(series).toContain(at('2030-03-25T15:30:00Z'))
  })
})

describe('weeklyHoursOutsideOpening', () => {
  it('lists the weekdays and times, in the staff member’s zone, that the location is closed', () => {
    expect(weeklyHoursOutsideOpening(member({}), hamburg, '2030-03-04')).toEqual({
      // 13:00–16:00 is 19:00–22:00 in Hamburg, and 18:00–21:00 in the weeks between the US and
      // the EU change to summer time, when 13:00–13:30 is open: listed is every part that is
      // closed in any week.
      1: [{ start: '13:00', end: '16:00' }],
      2: [{ start: '13:00', end: '16:00' }],
      3: [{ start: '13:00', end: '16:00' }],
      4: [{ start: '13:00', end: '16:00' }],
      5: [{ start: '13:00', end: '16:00' }],
      6: [
        { start: '08:00', end: '12:00' },
        { start: '13:00', end: '16:00' },
      ],
    })
  })

  it('lists nothing for hours within opening hours, up to a range ending at midnight', () => {
    const lena = member({
      timeZone: 'Europe/Berlin',
      weekly: weekdays([{ start: '09:00', end: '17:00' }]),
    })
    expect(weeklyHoursOutsideOpening(lena, hamburg, '2030-03-04')).toEqual({})
    const late = member({
      timeZone: 'Europe/Berlin',
      weekly: { 5: [{ start: '17:00', end: '24:00' }] },
    })
    expect(weeklyHoursOutsideOpening(late, hamburg, '2030-03-04')).toEqual({
      5: [{ start: '18:30', end: '24:00' }],
    })
  })
})
