import {
  addDaysToDate,
  browserTimeZone,
  instantToZonedDate,
  instantToZonedTime,
  isValidTimeZone,
  listTimeZones,
  localInputToInstant,
  weekdayOfDate,
  zonedLocalToInstant,
  zoneOffsetMinutes,
} from './index'

const iso = (ms: number) => new Date(ms).toISOString()

describe('localInputToInstant', () => {
  it('reads a datetime-local value as a wall-clock time in the zone, DST included', () => {
    expect(iso(localInputToInstant('2030-03-10T09:00', 'Europe/Berlin'))).toBe(
      '2030-03-10T08:00:00.000Z',
    )
    expect(iso(localInputToInstant('2030-03-31T02:30', 'Europe/Berlin'))).toBe(
      '2030-03-31T01:30:00.000Z',
    )
    expect(iso(localInputToInstant('2030-03-10', 'Europe/Berlin'))).toBe('2030-03-09T23:00:00.000Z')
  })
})

describe('zonedLocalToInstant', () => {
  it.each([
    ['2030-03-05', '09:00', 'Europe/Berlin', '2030-03-05T08:00:00.000Z'],
    ['2030-07-05', '09:00', 'Europe/Berlin', '2030-07-05T07:00:00.000Z'],
    ['2030-03-05', '00:00', 'Asia/Kolkata', '2030-03-04T18:30:00.000Z'],
    ['2030-07-01', '12:00', 'Australia/Adelaide', '2030-07-01T02:30:00.000Z'],
    ['2030-03-05', '24:00', 'Europe/Berlin', '2030-03-05T23:00:00.000Z'],
  ])('%s %s in %s is %s', (date, time, zone, expected) => {
    expect(iso(zonedLocalToInstant(date, time, zone))).toBe(expected)
  })

  it('moves a time skipped by spring-forward forward by the gap', () => {
    expect(iso(zonedLocalToInstant('2030-03-31', '02:30', 'Europe/Berlin'))).toBe(
      '2030-03-31T01:30:00.000Z',
    )
    expect(iso(zonedLocalToInstant('2030-03-10', '02:30', 'America/New_York'))).toBe(
      '2030-03-10T07:30:00.000Z',
    )
  })

  it('reads a time repeated at fall-back as its earlier instant', () => {
    expect(iso(zonedLocalToInstant('2030-10-27', '02:30', 'Europe/Berlin'))).toBe(
      '2030-10-27T00:30:00.000Z',
    )
    expect(iso(zonedLocalToInstant('2030-11-03', '01:30', 'America/New_York'))).toBe(
      '2030-11-03T05:30:00.000Z',
    )
  })
})

describe('instants in a zone', () => {
  it('gives the local date and time', () => {
    const instant = Date.parse('2030-03-04T18:30:00Z')
    expect(instantToZonedDate(instant, 'Asia/Kolkata')).toBe('2030-03-05')
    expect(instantToZonedTime(instant, 'Asia/Kolkata')).toBe('00:00')
    expect(instantToZonedDate(instant, 'America/New_York')).toBe('2030-03-04')
    expect(zoneOffsetMinutes(instant, 'Australia/Adelaide')).toBe(630)
  })
})

describe('local dates', () => {
  it('adds days across months and years, and knows the weekday', () => {
    expect(addDaysToDate('2030-12-31', 1)).toBe('2031-01-01')
    expect(addDaysToDate('2030-03-01', -1)).toBe('2030-02-28')
    expect(weekdayOfDate('2030-03-04')).toBe(1)
    expect(weekdayOfDate('2030-03-10')).toBe(0)
  })
})

describe('time zones', () => {
  it('knows real zones and refuses made-up ones', () => {
    expect(isValidTimeZone('Europe/Berlin')).toBe(true)
    expect(isValidTimeZone('Asia/Kolkata')).toBe(true)
    expect(isValidTimeZone('Mars/Olympus')).toBe(false)
    expect(isValidTimeZone('')).toBe(false)
  })

  it('lists every zone under its current name', () => {
    const zones = listTimeZones()
    expect(zones).toEqual(expect.arrayContaining(['UTC', 'Asia/Kolkata', 'Europe/Kyiv']))
    expect(zones).not.toContain('Asia/Calcutta')
    expect(zones.length).toBeGreaterThan(300)
  })

  it("takes the runtime's own zone, or UTC when it reports none", () => {
    expect(isValidTimeZone(browserTimeZone())).toBe(true)
    const resolvedOptions = jest
      .spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions')
      .mockReturnValue({} as Intl.ResolvedDateTimeFormatOptions)
    expect(browserTimeZone()).toBe('UTC')
    resolvedOptions.mockRestore()
  })
})

describe('remembered conversions', () => {
  it('answer as Intl does for the same instant in different zones, however often asked', () => {
    const instant = Date.parse('2030-10-27T00:30:00Z')
    for (let round = 0; round < 3; round++) {
      expect(instantToZonedTime(instant, 'Europe/Berlin')).toBe('02:30')
      expect(instantToZonedTime(instant, 'America/New_York')).toBe('20:30')
      expect(instantToZonedDate(instant, 'America/New_York')).toBe('2030-10-26')
      expect(instantToZonedTime(instant, 'Australia/Lord_Howe')).toBe('11:30')
    }
  })

  it('stay right past the bound on what is remembered', () => {
    const start = Date.parse('2030-01-01T00:00:00Z')
    for (let minute = 0; minute < 210_000; minute += 1) {
      instantToZonedTime(start + minute * 60_000, 'UTC')
    }
    expect(instantToZonedTime(start, 'Asia/Kolkata')).toBe('05:30')
    expect(instantToZonedDate(start + 209_999 * 60_000, 'UTC')).toBe('2030-05-26')
  })
})
