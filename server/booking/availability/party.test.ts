import { bookableWindow, computePartySlots, findNextPartySlot, partyFitAt } from './party'
import type { ExistingBooking, ServiceRules, StaffSchedule } from './types'

const at = (iso: string) => Date.parse(iso)
const iso = (ms: number) => new Date(ms).toISOString()
const NOW = at('2030-03-01T00:00:00Z')

const consult: ServiceRules = {
  serviceId: 'consult',
  durationMinutes: 30,
  slotIntervalMinutes: 30,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 10,
  minimumNoticeMinutes: 0,
  horizonDays: 30,
  seatsPerSlot: 1,
}
const yoga: ServiceRules = { ...consult, serviceId: 'yoga', durationMinutes: 60, seatsPerSlot: 4 }

// Ids are opaque strings to the engine: none of these is a number.
const member = (staffId: string, serviceIds: string[]): StaffSchedule => ({
  staffId,
  timeZone: 'Europe/Berlin',
  weekly: { 2: [{ start: '09:00', end: '10:00' }] },
  overrides: [],
  serviceIds,
})
const staff = [member('anna', ['consult']), member('ben', ['consult']), member('carla', ['yoga'])]

const taken = (staffId: string, start: string): ExistingBooking => ({
  staffId,
  serviceId: 'consult',
  start: at(start),
  end: at(start) + 30 * 60_000,
  seats: 1,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 10,
})

const party = (lines: { serviceId: string; staffId: string | null }[], seats = 1) => ({
  services: [consult, yoga],
  staff,
  bookings: [taken('ben', '2030-03-05T08:45:00Z')],
  lines,
  seats,
  now: NOW,
})
const anyone = { serviceId: 'consult', staffId: null }
const tuesday = { from: at('2030-03-05T00:00:00Z'), to: at('2030-03-06T00:00:00Z') }

describe('party slots', () => {
  it('a party of two finds slots with non-numeric staff ids (two staff free at once)', () => {
    const slots = computePartySlots({ ...party([anyone, anyone]), ...tuesday })
    expect(slots.map((slot) => [iso(slot.start), slot.assignment])).toEqual([
      ['2030-03-05T08:00:00.000Z', ['anna', 'ben']],
    ])
  })

  it('offers one person the time only one staff member has left', () => {
    const slots = computePartySlots({ ...party([anyone]), ...tuesday })
    expect(slots.map((slot) => iso(slot.start))).toEqual([
      '2030-03-05T08:00:00.000Z',
      '2030-03-05T08:30:00.000Z',
    ])
  })

  it('keeps a chosen staff member for their line and gives the other line someone else', () => {
    const fit = partyFitAt(
      party([anyone, { serviceId: 'consult', staffId: 'anna' }]),
      at('2030-03-05T08:00:00Z'),
    )
    expect(fit).toEqual({ ok: true, assignment: ['ben', 'anna'] })
  })

  it('says why a party does not fit: busy staff, too few seats, or not offered at all', () => {
    const busy = party([anyone, anyone])
    expect(partyFitAt(busy, at('2030-03-05T08:30:00Z'))).toEqual({
      ok: false,
      reason: 'staff_busy',
    })
    const five = party([{ serviceId: 'yoga', staffId: null }], 5)
    expect(partyFitAt(five, at('2030-03-05T08:00:00Z'))).toEqual({
      ok: false,
      reason: 'seats',
      seatsLeft: 4,
    })
    expect(partyFitAt(busy, at('2030-03-05T12:00:00Z'))).toEqual({
      ok: false,
      reason: 'not_offered',
    })
  })

  it('finds the next start the whole party fits, and nothing past the horizon', () => {
    const two = party([anyone, anyone])
    const next = findNextPartySlot({ ...two, searchFrom: at('2030-03-05T08:10:00Z') })
    expect(next && iso(next.start)).toBe('2030-03-12T08:00:00.000Z')
    const window = bookableWindow(two.services, NOW)
    expect(iso(window.until)).toBe('2030-03-31T00:00:00.000Z')
    expect(findNextPartySlot({ ...two, searchFrom: window.until })).toBeNull()
  })
})
