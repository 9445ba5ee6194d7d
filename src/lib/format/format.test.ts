import { formatClockTime, formatWeekday } from '.'
import { formatTimeUntil } from './booking'

const now = Date.parse('2030-03-01T08:00:00Z')
const later = (hours: number) => new Date(now + hours * 3_600_000).toISOString()

describe('formatTimeUntil', () => {
  it('counts days from two days on, of hours to the nearest one', () => {
    expect(formatTimeUntil(later(72), now, 'en-US')).toBe('in 3 days')
    expect(formatTimeUntil(later(71.9), now, 'en-US')).toBe('in 3 days')
    expect(formatTimeUntil(later(70), now, 'en-US')).toBe('in 2 days')
    expect(formatTimeUntil(later(48), now, 'en-US')).toBe('in 2 days')
  })

  it('counts hours below two days, never minutes', () => {
    expect(formatTimeUntil(later(47), now, 'en-US')).toBe('in 47 hours')
    expect(formatTimeUntil(later(5), now, 'en-US')).toBe('in 5 hours')
    expect(formatTimeUntil(later(0.2), now, 'en-US')).toBe('this hour')
    expect(formatTimeUntil(later(-3), now, 'en-US')).toBe('this hour')
  })

  it("speaks the visitor's language", () => {
    expect(formatTimeUntil(later(72), now, 'de-DE')).toBe('in 3 Tagen')
    expect(formatTimeUntil(later(5), now, 'fr-FR')).toBe('dans 5 heures')
  })
})

describe('opening hours', () => {
  it('names weekdays from Sunday = 0 in the language', () => {
    expect(formatWeekday(0, 'en-US')).toBe('Sunday')
    expect(formatWeekday(1, 'de-DE')).toBe('Montag')
    expect(formatWeekday(5, 'pl-PL')).toBe('piątek')
  })

  it('writes a time of day as the language does', () => {
    expect(formatClockTime('08:30', 'en-US')).toBe('8:30 AM')
    expect(formatClockTime('18:30', 'de-DE')).toBe('18:30')
  })
})
