import {
  addDaysToDate,
  browserTimeZone,
  instantToWallClock,
  instantToZonedDate,
  instantToZonedTime,
  isValidTimeZone,
  listTimeZones,
  localInputToInstant,
  wallClockToInstant,
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
    expect(addDaysToDate('0999-12-31', 1)).toBe('1000-01-01')
    expect(addDaysToDate('2032-02-28', 1)).toBe('2032-02-29')
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

/** What Intl itself says of an instant in a zone: the reference the offset tables must match. */
function intlWallClock(ms: number, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(new Date(ms))
      .map((part) => [part.type, part.value]),
  )
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
  }
}

const MINUTE = 60_000
const DAY = 86_400_000

describe('wall-clock times as numbers', () => {
  it('read an instant to the minute and back, DST resolved as zonedLocalToInstant does', () => {
    const utc = (text: string) => Date.parse(`${text}Z`)
    expect(instantToWallClock(utc('2030-03-31T01:30:45'), 'Europe/Berlin')).toBe(
      utc('2030-03-31T03:30:00'),
    )
    expect(instantToWallClock(utc('2030-03-04T18:30:00'), 'Asia/Kathmandu')).toBe(
      utc('2030-03-05T00:15:00'),
    )
    for (const [wall, zone] of [
      ['2030-03-31T02:30', 'Europe/Berlin'],
      ['2030-10-27T02:30', 'Europe/Berlin'],
      ['2030-10-06T02:15', 'Australia/Lord_Howe'],
      ['2030-11-03T01:30', 'America/New_York'],
    ] as const) {
      const [date, time] = wall.split('T') as [string, string]
      expect(wallClockToInstant(utc(`${wall}:00`), zone)).toBe(
        zonedLocalToInstant(date, time, zone),
      )
    }
  })
})

describe('offset tables', () => {
  // DST, 30- and 45-minute offsets, a half-hour DST (Lord Howe), DST at 02:45 (Chatham), a zone
  // that leaves its summer time for Ramadan (Casablanca) and zones without DST.
  const zones = [
    'Europe/Berlin',
    'America/New_York',
    'America/St_Johns',
    'Australia/Lord_Howe',
    'Pacific/Chatham',
    'Asia/Kathmandu',
    'Asia/Kolkata',
    'Australia/Eucla',
    'Africa/Casablanca',
    'UTC',
  ]

  it.each(zones)('give the date and time Intl gives in %s through a year', (zone) => {
    const start = Date.parse('2030-01-01T00:00:00Z')
    // Every 97 minutes: the minute of the hour moves round, so half and quarter hours are met.
    for (let ms = start; ms < start + 366 * DAY; ms += 97 * MINUTE) {
      const expected = intlWallClock(ms, zone)
      expect([instantToZonedDate(ms, zone), instantToZonedTime(ms, zone)]).toEqual([
        expected.date,
        expected.time,
      ])
    }
  })

  it.each([
    ['Europe/Berlin', '2030-03-31'],
    ['Europe/Berlin', '2030-10-27'],
    ['America/New_York', '2030-03-10'],
    ['America/New_York', '2030-11-03'],
    ['Australia/Lord_Howe', '2030-04-07'],
    ['Australia/Lord_Howe', '2030-10-06'],
    ['Pacific/Chatham', '2030-04-07'],
    ['Pacific/Chatham', '2030-09-29'],
  ])('give what Intl gives minute by minute around %s on %s', (zone, date) => {
    const start = Date.parse(`${date}T00:00:00Z`) - DAY
    for (let ms = start; ms < start + 2 * DAY; ms += MINUTE) {
      const expected = intlWallClock(ms, zone)
      expect([instantToZonedDate(ms, zone), instantToZonedTime(ms, zone)]).toEqual([
        expected.date,
        expected.time,
      ])
    }
  })

  it.each([
    // Lord Howe moves half an hour: 02:00 becomes 02:30 in October, 02:00 becomes 01:30 in April.
    ['2030-10-06', '02:15', 'Australia/Lord_Howe', '2030-10-05T15:45:00.000Z'],
    ['2030-10-06', '02:30', 'Australia/Lord_Howe', '2030-10-05T15:30:00.000Z'],
    ['2030-04-07', '01:45', 'Australia/Lord_Howe', '2030-04-06T14:45:00.000Z'],
    ['2030-04-07', '02:00', 'Australia/Lord_Howe', '2030-04-06T15:30:00.000Z'],
    // Chatham at +12:45 and +13:45: 02:45 becomes 03:45 in September.
    ['2030-09-29', '03:00', 'Pacific/Chatham', '2030-09-28T14:15:00.000Z'],
    ['2030-03-05', '00:00', 'Asia/Kathmandu', '2030-03-04T18:15:00.000Z'],
    ['2030-03-05', '00:00', 'Australia/Eucla', '2030-03-04T15:15:00.000Z'],
    // St. John's falls back from 02:00 to 01:00: 01:00 repeats, and its earlier instant wins.
    ['2030-11-03', '01:00', 'America/St_Johns', '2030-11-03T03:30:00.000Z'],
  ])('read %s %s in %s as %s', (date, time, zone, expected) => {
    expect(iso(zonedLocalToInstant(date, time, zone))).toBe(expected)
  })

  it('give offsets with their seconds and stay right past the bound on what is kept', () => {
    // Amsterdam kept local mean time, 00:19:32 ahead of UTC, until 1937.
    expect(intlWallClock(Date.parse('1930-06-01T00:00:00Z'), 'Europe/Amsterdam').time).toBe(
      instantToZonedTime(Date.parse('1930-06-01T00:00:00Z'), 'Europe/Amsterdam'),
    )
    // More blocks of four weeks than are kept: the tables start again and answer the same.
    const start = Date.parse('2100-01-01T00:00:00Z')
    for (let block = 0; block < 5_050; block++) {
      instantToZonedTime(start + block * 28 * DAY, 'Etc/GMT-3')
    }
    expect(instantToZonedTime(Date.parse('2030-03-04T18:30:00Z'), 'Asia/Kolkata')).toBe('00:00')
    expect(instantToZonedTime(start + 5_049 * 28 * DAY, 'Etc/GMT-3')).toBe('03:00')
  }, 60_000)
})
