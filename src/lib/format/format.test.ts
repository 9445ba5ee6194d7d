import { formatClockTime, formatWeekday } from '.'
import { formatDateTime, formatShortDateTime, formatTime, formatTimeUntil } from './booking'

const now = Date.parse('2030-03-01T08:00:00Z')
const later = (hours: number) => new Date(now + hours * 3_600_000).toISOString()

describe('formatTimeUntil', () => {
  it('counts calendar days of the zone from two days on', () => {
    expect(formatTimeUntil(later(72), now, 'UTC', 'en-US')).toBe('in 3 days')
    expect(formatTimeUntil(later(71.9), now, 'UTC', 'en-US')).toBe('in 3 days')
    // 2030-03-04 06:00 is three calendar days after 03-01, though only 70 hours.
    expect(formatTimeUntil(later(70), now, 'UTC', 'en-US')).toBe('in 3 days')
    expect(formatTimeUntil(later(48), now, 'UTC', 'en-US')).toBe('in 2 days')
  })

  it('names Monday "in 3 days" on a Friday afternoon, not "the day after tomorrow"', () => {
    // Friday 2026-11-27 16:00 in Berlin; the deadline is Monday 2026-11-30 03:30 there, 59.5 h on.
    const friday = Date.parse('2026-11-27T15:00:00Z')
    const monday = '2026-11-30T02:30:00Z'
    expect(formatTimeUntil(monday, friday, 'Europe/Berlin', 'de-DE')).toBe('in 3 Tagen')
    expect(formatTimeUntil(monday, friday, 'Europe/Berlin', 'en-US')).toBe('in 3 days')
    // Counted in the zone shown: in New York it is still Sunday evening.
    expect(formatTimeUntil(monday, friday, 'America/New_York', 'de-DE')).toBe('übermorgen')
  })

  it('counts hours below two days, never minutes', () => {
    expect(formatTimeUntil(later(47), now, 'UTC', 'en-US')).toBe('in 47 hours')
    expect(formatTimeUntil(later(5), now, 'UTC', 'en-US')).toBe('in 5 hours')
    expect(formatTimeUntil(later(0.2), now, 'UTC', 'en-US')).toBe('this hour')
    expect(formatTimeUntil(later(-3), now, 'UTC', 'en-US')).toBe('this hour')
  })

  it("speaks the visitor's language", () => {
    expect(formatTimeUntil(later(72), now, 'UTC', 'de-DE')).toBe('in 3 Tagen')
    expect(formatTimeUntil(later(5), now, 'UTC', 'fr-FR')).toBe('dans 5 heures')
  })
})

describe('appointment times', () => {
  const early = '2026-11-30T04:29:00Z'

  it('write hours as each language does: two digits where it uses them', () => {
    expect(formatTime(early, 'Europe/Berlin', 'de')).toBe('05:29')
    expect(formatTime(early, 'Europe/Berlin', 'en-US')).toBe('5:29 AM')
    expect(formatTime(early, 'Europe/Berlin', 'fr')).toBe('05:29')
    expect(formatTime(early, 'Europe/Berlin', 'pl')).toBe('05:29')
    expect(formatTime(early, 'Europe/Berlin', 'pt-BR')).toBe('05:29')
    expect(formatTime(early, 'Europe/Berlin', 'da')).toBe('05.29')
  })

  it('keep the language convention with the date', () => {
    expect(formatDateTime(early, 'Europe/Berlin', 'de')).toBe('Montag, 30. November 2026, 05:29')
    expect(formatShortDateTime(early, 'Europe/Berlin', 'de')).toBe('30.11.2026, 05:29')
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
    expect(formatClockTime('08:30', 'de-DE')).toBe('08:30')
  })
})
