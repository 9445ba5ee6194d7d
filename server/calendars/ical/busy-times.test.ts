import fc from 'fast-check'
import { propertyRuns, propertyTimeout } from '../../../src/lib/testing/properties'
import { addDaysToDate, weekdayOfDate, zonedLocalToInstant } from '../../../src/lib/time'
import { busyTimes, type BusyInterval } from './busy-times'

const BERLIN = 'Europe/Berlin'
const NEW_YORK = 'America/New_York'

/** One VCALENDAR text of the given lines (VEVENT and VTIMEZONE blocks). */
function calendar(...lines: string[]): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//test//busy//EN',
    ...lines,
    'END:VCALENDAR',
    '',
  ].join('\r\n')
}

function vevent(uid: string, ...lines: string[]): string[] {
  return ['BEGIN:VEVENT', `UID:${uid}`, 'DTSTAMP:20260101T000000Z', ...lines, 'END:VEVENT']
}

const at = (iso: string) => Date.parse(iso)

/** The busy intervals as 'start/end' in UTC, to compare with literal expectations. */
function busy(texts: string[], from: string, to: string, zone = BERLIN): string[] {
  const result = busyTimes(texts, { from: at(from), to: at(to) }, zone)
  expect(result.skipped).toBe(0)
  return result.busy.map(
    ({ start, end }) => `${new Date(start).toISOString()}/${new Date(end).toISOString()}`,
  )
}

const span = (start: string, end: string) => `${start}:00.000Z/${end}:00.000Z`

// 2026: Berlin springs forward on 29 March and falls back on 25 October; New York on 8 March and
// 1 November.
const MARCH = ['2026-03-01T00:00:00Z', '2026-04-01T00:00:00Z'] as const

describe('single events', () => {
  test('UTC times', () => {
    const text = calendar(
      ...vevent('a', 'DTSTART:20260310T130000Z', 'DTEND:20260310T143000Z', 'SUMMARY:Dentist'),
    )
    expect(busy([text], ...MARCH)).toEqual([span('2026-03-10T13:00', '2026-03-10T14:30')])
  })

  test('DTEND absent: a DATE-TIME event takes no time, a DATE event its day', () => {
    const text = calendar(
      ...vevent('a', 'DTSTART:20260310T130000Z'),
      ...vevent('b', 'DTSTART;VALUE=DATE:20260312'),
    )
    expect(busy([text], ...MARCH)).toEqual([span('2026-03-11T23:00', '2026-03-12T23:00')])
  })

  test('DURATION: hours exact, days nominal (same wall clock a day on, 23 h over spring-forward)', () => {
    const text = calendar(
      ...vevent('a', 'DTSTART;TZID=Europe/Berlin:20260310T090000', 'DURATION:PT1H30M'),
      ...vevent('b', 'DTSTART;TZID=Europe/Berlin:20260328T120000', 'DURATION:P1D'),
    )
    expect(busy([text], ...MARCH)).toEqual([
      span('2026-03-10T08:00', '2026-03-10T09:30'),
      span('2026-03-28T11:00', '2026-03-29T10:00'),
    ])
  })

  test('TRANSP:TRANSPARENT and STATUS:CANCELLED are not busy; TENTATIVE is', () => {
    const text = calendar(
      ...vevent('a', 'DTSTART:20260310T130000Z', 'DTEND:20260310T140000Z', 'TRANSP:TRANSPARENT'),
      ...vevent('b', 'DTSTART:20260311T130000Z', 'DTEND:20260311T140000Z', 'STATUS:CANCELLED'),
      ...vevent('c', 'DTSTART:20260312T130000Z', 'DTEND:20260312T140000Z', 'STATUS:TENTATIVE'),
      ...vevent('d', 'DTSTART:20260313T130000Z', 'DTEND:20260313T140000Z', 'TRANSP:OPAQUE'),
    )
    expect(busy([text], ...MARCH)).toEqual([
      span('2026-03-12T13:00', '2026-03-12T14:00'),
      span('2026-03-13T13:00', '2026-03-13T14:00'),
    ])
  })

  test('floating times are read in the practitioner zone', () => {
    const text = calendar(...vevent('a', 'DTSTART:20260310T090000', 'DTEND:20260310T100000'))
    expect(busy([text], ...MARCH, BERLIN)).toEqual([span('2026-03-10T08:00', '2026-03-10T09:00')])
    expect(busy([text], ...MARCH, NEW_YORK)).toEqual([span('2026-03-10T13:00', '2026-03-10T14:00')])
  })

  test('a TZID naming an IANA zone without a VTIMEZONE in the text', () => {
    const text = calendar(
      ...vevent(
        'a',
        'DTSTART;TZID=America/New_York:20260310T090000',
        'DTEND;TZID=America/New_York:20260310T100000',
      ),
      ...vevent(
        'b',
        'DTSTART;TZID=Asia/Kolkata:20260311T090000',
        'DTEND;TZID=Asia/Kolkata:20260311T100000',
      ),
    )
    expect(busy([text], ...MARCH)).toEqual([
      span('2026-03-10T13:00', '2026-03-10T14:00'),
      span('2026-03-11T03:30', '2026-03-11T04:30'),
    ])
  })

  test('a TZID that is neither defined in the text nor an IANA name is read in the practitioner zone', () => {
    const text = calendar(
      ...vevent('a', 'DTSTART;TZID=Somewhere Odd:20260310T090000', 'DURATION:PT1H'),
    )
    expect(busy([text], ...MARCH, NEW_YORK)).toEqual([span('2026-03-10T13:00', '2026-03-10T14:00')])
  })

  test('DTSTART and DTEND in different zones', () => {
    const text = calendar(
      ...vevent('a', 'DTSTART;TZID=Europe/Berlin:20260310T090000', 'DTEND:20260310T100000Z'),
    )
    expect(busy([text], ...MARCH)).toEqual([span('2026-03-10T08:00', '2026-03-10T10:00')])
  })
})

describe('events the product wrote itself', () => {
  test('are left out by UID, a series and its overrides alike', () => {
    const text = calendar(
      ...vevent('ours', 'DTSTART:20260310T130000Z', 'DTEND:20260310T140000Z'),
      ...vevent(
        'ours',
        'RECURRENCE-ID:20260317T130000Z',
        'DTSTART:20260317T150000Z',
        'DTEND:20260317T160000Z',
      ),
      ...vevent('theirs', 'DTSTART:20260311T130000Z', 'DTEND:20260311T140000Z'),
    )
    const window = { from: at(MARCH[0]), to: at(MARCH[1]) }
    expect(busyTimes([text], window, BERLIN, { ignoreUid: (uid) => uid === 'ours' })).toEqual({
      busy: [{ start: at('2026-03-11T13:00:00Z'), end: at('2026-03-11T14:00:00Z') }],
      skipped: 0,
    })
  })
})

describe('all-day and multi-day events', () => {
  test('an all-day event on Berlin spring-forward day is busy midnight to midnight, 23 h', () => {
    const text = calendar(
      ...vevent('a', 'DTSTART;VALUE=DATE:20260329', 'DTEND;VALUE=DATE:20260330'),
    )
    expect(busy([text], ...MARCH)).toEqual([span('2026-03-28T23:00', '2026-03-29T22:00')])
  })

  test('an all-day event on New York spring-forward day, read in New York', () => {
    const text = calendar(...vevent('a', 'DTSTART;VALUE=DATE:20260308'))
    expect(busy([text], ...MARCH, NEW_YORK)).toEqual([span('2026-03-08T05:00', '2026-03-09T04:00')])
  })

  test('a multi-day event across the change ends at the local midnight of its DTEND', () => {
    const text = calendar(
      ...vevent('a', 'DTSTART;VALUE=DATE:20260327', 'DTEND;VALUE=DATE:20260331'),
    )
    expect(busy([text], ...MARCH)).toEqual([span('2026-03-26T23:00', '2026-03-30T22:00')])
  })

  test('a weekly all-day series with a DATE EXDATE', () => {
    const text = calendar(
      ...vevent(
        'a',
        'DTSTART;VALUE=DATE:20260323',
        'RRULE:FREQ=WEEKLY;COUNT=3',
        'EXDATE;VALUE=DATE:20260330',
      ),
    )
    expect(busy([text], MARCH[0], '2026-05-01T00:00:00Z')).toEqual([
      span('2026-03-22T23:00', '2026-03-23T23:00'),
      span('2026-04-05T22:00', '2026-04-06T22:00'),
    ])
  })
})

describe('recurrence rules', () => {
  test('DAILY with COUNT', () => {
    const text = calendar(
      ...vevent('a', 'DTSTART:20260310T130000Z', 'DURATION:PT1H', 'RRULE:FREQ=DAILY;COUNT=3'),
    )
    expect(busy([text], ...MARCH)).toEqual([
      span('2026-03-10T13:00', '2026-03-10T14:00'),
      span('2026-03-11T13:00', '2026-03-11T14:00'),
      span('2026-03-12T13:00', '2026-03-12T14:00'),
    ])
  })

  test('WEEKLY with BYDAY, INTERVAL and UNTIL (in UTC, inclusive)', () => {
    const text = calendar(
      ...vevent(
        'a',
        'DTSTART;TZID=Europe/Berlin:20260302T090000',
        'DTEND;TZID=Europe/Berlin:20260302T100000',
        'RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE;UNTIL=20260316T080000Z',
      ),
    )
    expect(busy([text], ...MARCH)).toEqual([
      span('2026-03-02T08:00', '2026-03-02T09:00'),
      span('2026-03-04T08:00', '2026-03-04T09:00'),
      span('2026-03-16T08:00', '2026-03-16T09:00'),
    ])
  })

  test('WEEKLY with a DATE UNTIL includes that day', () => {
    const text = calendar(
      ...vevent(
        'a',
        'DTSTART:20260302T090000',
        'DTEND:20260302T100000',
        'RRULE:FREQ=WEEKLY;UNTIL=20260309',
      ),
    )
    expect(busy([text], ...MARCH)).toEqual([
      span('2026-03-02T08:00', '2026-03-02T09:00'),
      span('2026-03-09T08:00', '2026-03-09T09:00'),
    ])
  })

  test('MONTHLY on the second Tuesday, and on the 31st (months without one skipped)', () => {
    const text = calendar(
      ...vevent(
        'a',
        'DTSTART:20260113T150000Z',
        'DURATION:PT1H',
        'RRULE:FREQ=MONTHLY;BYDAY=2TU;COUNT=4',
      ),
      ...vevent(
        'b',
        'DTSTART:20260131T070000Z',
        'DURATION:PT1H',
        'RRULE:FREQ=MONTHLY;BYMONTHDAY=31',
      ),
    )
    expect(busy([text], '2026-01-01T00:00:00Z', '2026-06-01T00:00:00Z')).toEqual([
      span('2026-01-13T15:00', '2026-01-13T16:00'),
      span('2026-01-31T07:00', '2026-01-31T08:00'),
      span('2026-02-10T15:00', '2026-02-10T16:00'),
      span('2026-03-10T15:00', '2026-03-10T16:00'),
      span('2026-03-31T07:00', '2026-03-31T08:00'),
      span('2026-04-14T15:00', '2026-04-14T16:00'),
      span('2026-05-31T07:00', '2026-05-31T08:00'),
    ])
  })

  test('YEARLY from years ago, with no end', () => {
    const text = calendar(...vevent('a', 'DTSTART;VALUE=DATE:20100315', 'RRULE:FREQ=YEARLY'))
    expect(busy([text], ...MARCH)).toEqual([span('2026-03-14T23:00', '2026-03-15T23:00')])
  })

  test('EXDATE: several properties, a list, and one after an EXDATE that matches no instance', () => {
    // ical.js alone keeps 16 March: its stale 3 March EXDATE (a Tuesday) makes it step past the
    // next one without comparing it.
    const text = calendar(
      ...vevent(
        'a',
        'DTSTART;TZID=Europe/Berlin:20260302T090000',
        'DTEND;TZID=Europe/Berlin:20260302T100000',
        'RRULE:FREQ=WEEKLY;COUNT=6',
        'EXDATE;TZID=Europe/Berlin:20260303T090000',
        'EXDATE;TZID=Europe/Berlin:20260316T090000',
        'EXDATE:20260323T080000Z,20260406T070000Z',
      ),
    )
    expect(busy([text], MARCH[0], '2026-05-01T00:00:00Z')).toEqual([
      span('2026-03-02T08:00', '2026-03-02T09:00'),
      span('2026-03-09T08:00', '2026-03-09T09:00'),
      span('2026-03-30T07:00', '2026-03-30T08:00'),
    ])
  })

  test('RDATE: DTSTART stays the first instance; a list and a PERIOD with its own end', () => {
    const text = calendar(
      ...vevent(
        'a',
        'DTSTART:20260302T090000Z',
        'DTEND:20260302T100000Z',
        'RDATE:20260305T090000Z,20260306T090000Z',
        'RDATE;VALUE=PERIOD:20260310T120000Z/20260310T150000Z,20260311T120000Z/PT30M',
      ),
      ...vevent(
        'b',
        'DTSTART:20260320T090000Z',
        'DTEND:20260320T100000Z',
        'RRULE:FREQ=DAILY;COUNT=2',
        'RDATE:20260325T090000Z',
      ),
    )
    expect(busy([text], ...MARCH)).toEqual([
      span('2026-03-02T09:00', '2026-03-02T10:00'),
      span('2026-03-05T09:00', '2026-03-05T10:00'),
      span('2026-03-06T09:00', '2026-03-06T10:00'),
      span('2026-03-10T12:00', '2026-03-10T15:00'),
      span('2026-03-11T12:00', '2026-03-11T12:30'),
      span('2026-03-20T09:00', '2026-03-20T10:00'),
      span('2026-03-21T09:00', '2026-03-21T10:00'),
      span('2026-03-25T09:00', '2026-03-25T10:00'),
    ])
  })

  test('an RRULE with no end is followed only to the window', () => {
    const text = calendar(
      ...vevent('a', 'DTSTART:20200101T120000Z', 'DURATION:PT1H', 'RRULE:FREQ=DAILY'),
    )
    const result = busyTimes(
      [text],
      { from: at('2026-03-10T00:00:00Z'), to: at('2026-03-12T00:00:00Z') },
      BERLIN,
    )
    expect(result).toEqual({
      busy: [
        { start: at('2026-03-10T12:00:00Z'), end: at('2026-03-10T13:00:00Z') },
        { start: at('2026-03-11T12:00:00Z'), end: at('2026-03-11T13:00:00Z') },
      ],
      skipped: 0,
    })
  })

  test('a series too long to follow to the window is cut off and reported', () => {
    const text = calendar(
      ...vevent('a', 'DTSTART:20000101T000000Z', 'DURATION:PT30S', 'RRULE:FREQ=MINUTELY'),
      ...vevent('b', 'DTSTART:20260310T130000Z', 'DTEND:20260310T140000Z'),
    )
    expect(busyTimes([text], { from: at(MARCH[0]), to: at(MARCH[1]) }, BERLIN)).toEqual({
      busy: [{ start: at('2026-03-10T13:00:00Z'), end: at('2026-03-10T14:00:00Z') }],
      skipped: 1,
    })
  })
  test('past the cap for the whole call, further series are cut off and reported', () => {
    const daily = (uid: string, hour: string) =>
      vevent(uid, `DTSTART:20230101T${hour}0000Z`, 'DURATION:PT1H', 'RRULE:FREQ=DAILY;COUNT=1200')
    // The series end on 14 April: five instances each in the window.
    const text = calendar(...daily('noon', '12'), ...daily('afternoon', '15'))
    const window = { from: at('2026-04-10T00:00:00Z'), to: at('2026-04-20T00:00:00Z') }
    const starts = (limits: { perSeries: number; perCall: number }) => {
      const { busy, skipped } = busyTimes([text], window, BERLIN, { limits })
      return {
        starts: busy.map(({ start }) => new Date(start).toISOString().slice(5, 13)),
        skipped,
      }
    }
    // Each series alone stays under the cap per series; both are more than the call allows.
    expect(starts({ perSeries: 2_000, perCall: 2_000 })).toEqual({
      starts: ['04-10T12', '04-11T12', '04-12T12', '04-13T12', '04-14T12'],
      skipped: 1,
    })
    expect(starts({ perSeries: 2_000, perCall: 3_000 }).starts).toHaveLength(10)
    expect(starts({ perSeries: 1_000, perCall: 3_000 })).toEqual({ starts: [], skipped: 2 })
  })
})

describe('overridden instances', () => {
  const series = vevent(
    'weekly',
    'DTSTART;TZID=Europe/Berlin:20260302T090000',
    'DTEND;TZID=Europe/Berlin:20260302T100000',
    'RRULE:FREQ=WEEKLY;COUNT=4',
  )

  test('an override moves one instance and changes its length', () => {
    const text = calendar(
      ...series,
      ...vevent(
        'weekly',
        'RECURRENCE-ID;TZID=Europe/Berlin:20260309T090000',
        'DTSTART;TZID=Europe/Berlin:20260310T140000',
        'DTEND;TZID=Europe/Berlin:20260310T163000',
      ),
    )
    expect(busy([text], ...MARCH)).toEqual([
      span('2026-03-02T08:00', '2026-03-02T09:00'),
      span('2026-03-10T13:00', '2026-03-10T15:30'),
      span('2026-03-16T08:00', '2026-03-16T09:00'),
      span('2026-03-23T08:00', '2026-03-23T09:00'),
    ])
  })

  test('an override in a text of its own (another CalDAV resource), its RECURRENCE-ID in UTC', () => {
    const master = calendar(...series)
    const moved = calendar(
      ...vevent(
        'weekly',
        'RECURRENCE-ID:20260316T080000Z',
        'DTSTART;TZID=Europe/Berlin:20260316T120000',
        'DTEND;TZID=Europe/Berlin:20260316T130000',
      ),
    )
    expect(busy([moved, master], ...MARCH)).toEqual([
      span('2026-03-02T08:00', '2026-03-02T09:00'),
      span('2026-03-09T08:00', '2026-03-09T09:00'),
      span('2026-03-16T11:00', '2026-03-16T12:00'),
      span('2026-03-23T08:00', '2026-03-23T09:00'),
    ])
  })

  test('a cancelled override removes its instance; a transparent one frees it', () => {
    const text = calendar(
      ...series,
      ...vevent(
        'weekly',
        'RECURRENCE-ID;TZID=Europe/Berlin:20260309T090000',
        'DTSTART;TZID=Europe/Berlin:20260309T090000',
        'DTEND;TZID=Europe/Berlin:20260309T100000',
        'STATUS:CANCELLED',
      ),
      ...vevent(
        'weekly',
        'RECURRENCE-ID;TZID=Europe/Berlin:20260323T090000',
        'DTSTART;TZID=Europe/Berlin:20260323T090000',
        'DTEND;TZID=Europe/Berlin:20260323T100000',
        'TRANSP:TRANSPARENT',
      ),
    )
    expect(busy([text], ...MARCH)).toEqual([
      span('2026-03-02T08:00', '2026-03-02T09:00'),
      span('2026-03-16T08:00', '2026-03-16T09:00'),
    ])
  })

  test('RANGE=THISANDFUTURE moves that instance and every later one', () => {
    const text = calendar(
      ...series,
      ...vevent(
        'weekly',
        'RECURRENCE-ID;RANGE=THISANDFUTURE;TZID=Europe/Berlin:20260316T090000',
        'DTSTART;TZID=Europe/Berlin:20260316T110000',
        'DTEND;TZID=Europe/Berlin:20260316T113000',
      ),
    )
    expect(busy([text], ...MARCH)).toEqual([
      span('2026-03-02T08:00', '2026-03-02T09:00'),
      span('2026-03-09T08:00', '2026-03-09T09:00'),
      span('2026-03-16T10:00', '2026-03-16T10:30'),
      // 11:00 Berlin summer time, the wall clock the override set.
      span('2026-03-23T10:00', '2026-03-23T10:30'),
    ])
  })

  test('an override whose series is absent is busy on its own', () => {
    const text = calendar(
      ...vevent(
        'invited-instance',
        'RECURRENCE-ID:20260309T080000Z',
        'DTSTART:20260309T090000Z',
        'DTEND:20260309T100000Z',
      ),
    )
    expect(busy([text], ...MARCH)).toEqual([span('2026-03-09T09:00', '2026-03-09T10:00')])
  })
})

describe('zones and daylight saving', () => {
  const outlookBerlin = [
    'BEGIN:VTIMEZONE',
    'TZID:W. Europe Standard Time',
    'BEGIN:STANDARD',
    'DTSTART:16010101T030000',
    'TZOFFSETFROM:+0200',
    'TZOFFSETTO:+0100',
    'RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10',
    'END:STANDARD',
    'BEGIN:DAYLIGHT',
    'DTSTART:16010101T020000',
    'TZOFFSETFROM:+0100',
    'TZOFFSETTO:+0200',
    'RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3',
    'END:DAYLIGHT',
    'END:VTIMEZONE',
  ]

  test('a weekly 09:00 Berlin event stays at 09:00 local across both changes (embedded VTIMEZONE)', () => {
    const text = calendar(
      ...outlookBerlin,
      ...vevent(
        'a',
        'DTSTART;TZID=W. Europe Standard Time:20260323T090000',
        'DTEND;TZID=W. Europe Standard Time:20260323T100000',
        'RRULE:FREQ=WEEKLY;BYDAY=MO',
      ),
    )
    // Read in New York, to show the VTIMEZONE and not the practitioner's zone is used.
    expect(busy([text], '2026-03-20T00:00:00Z', '2026-04-01T00:00:00Z', NEW_YORK)).toEqual([
      span('2026-03-23T08:00', '2026-03-23T09:00'),
      span('2026-03-30T07:00', '2026-03-30T08:00'),
    ])
    expect(busy([text], '2026-10-15T00:00:00Z', '2026-11-01T00:00:00Z', NEW_YORK)).toEqual([
      span('2026-10-19T07:00', '2026-10-19T08:00'),
      span('2026-10-26T08:00', '2026-10-26T09:00'),
    ])
  })

  test('a weekly 09:00 New York event (IANA TZID, no VTIMEZONE) across both US changes', () => {
    const text = calendar(
      ...vevent(
        'a',
        'DTSTART;TZID=America/New_York:20260302T090000',
        'DTEND;TZID=America/New_York:20260302T100000',
        'RRULE:FREQ=WEEKLY;BYDAY=MO',
      ),
    )
    expect(busy([text], '2026-03-01T00:00:00Z', '2026-03-15T00:00:00Z')).toEqual([
      span('2026-03-02T14:00', '2026-03-02T15:00'),
      span('2026-03-09T13:00', '2026-03-09T14:00'),
    ])
    expect(busy([text], '2026-10-26T00:00:00Z', '2026-11-10T00:00:00Z')).toEqual([
      span('2026-10-26T13:00', '2026-10-26T14:00'),
      span('2026-11-02T14:00', '2026-11-02T15:00'),
      span('2026-11-09T14:00', '2026-11-09T15:00'),
    ])
  })

  test('a skipped or repeated wall clock reads the same through a VTIMEZONE as through the IANA name', () => {
    // RFC 5545 3.3.5: a skipped time takes the offset from before the gap, a repeated one is
    // its first instant. ical.js alone reads both with the offset from after the change.
    const berlinVtimezone = [...outlookBerlin]
    berlinVtimezone[1] = 'TZID:Europe/Berlin'
    const events = [
      ...vevent('gap', 'DTSTART;TZID=Europe/Berlin:20260329T023000', 'DURATION:PT10M'),
      ...vevent('fold', 'DTSTART;TZID=Europe/Berlin:20261025T023000', 'DURATION:PT10M'),
    ]
    const year = ['2026-01-01T00:00:00Z', '2027-01-01T00:00:00Z'] as const
    const expected = [
      span('2026-03-29T01:30', '2026-03-29T01:40'),
      span('2026-10-25T00:30', '2026-10-25T00:40'),
    ]
    expect(busy([calendar(...berlinVtimezone, ...events)], ...year)).toEqual(expected)
    expect(busy([calendar(...events)], ...year)).toEqual(expected)
  })

  test('a daily 02:30 Berlin event on the skipped hour moves forward by the gap', () => {
    const text = calendar(
      ...vevent(
        'a',
        'DTSTART;TZID=Europe/Berlin:20260328T023000',
        'DURATION:PT30M',
        'RRULE:FREQ=DAILY;COUNT=3',
      ),
    )
    expect(busy([text], ...MARCH)).toEqual([
      span('2026-03-28T01:30', '2026-03-28T02:00'),
      span('2026-03-29T01:30', '2026-03-29T02:00'),
      span('2026-03-30T00:30', '2026-03-30T01:00'),
    ])
  })
})

describe('the set', () => {
  test('overlapping and touching intervals are joined; those outside the window left out', () => {
    const text = calendar(
      ...vevent('a', 'DTSTART:20260310T090000Z', 'DTEND:20260310T100000Z'),
      ...vevent('b', 'DTSTART:20260310T093000Z', 'DTEND:20260310T103000Z'),
      ...vevent('c', 'DTSTART:20260310T103000Z', 'DTEND:20260310T110000Z'),
      ...vevent('d', 'DTSTART:20260310T120000Z', 'DTEND:20260310T130000Z'),
      ...vevent('e', 'DTSTART:20260201T120000Z', 'DTEND:20260201T130000Z'),
    )
    expect(busy([text], ...MARCH)).toEqual([
      span('2026-03-10T09:00', '2026-03-10T11:00'),
      span('2026-03-10T12:00', '2026-03-10T13:00'),
    ])
  })

  test('an event overlapping the window edge is kept whole', () => {
    const text = calendar(...vevent('a', 'DTSTART:20260228T220000Z', 'DTEND:20260301T020000Z'))
    expect(busy([text], ...MARCH)).toEqual([span('2026-02-28T22:00', '2026-03-01T02:00')])
  })

  test('a broken calendar or event is skipped and counted, the rest still read', () => {
    const good = calendar(...vevent('a', 'DTSTART:20260310T090000Z', 'DTEND:20260310T100000Z'))
    const mixed = calendar(
      ...vevent('b', 'DTSTART:20260311T090000Z', 'DTEND:20260311T100000Z', 'RRULE:FREQ=SOMETIMES'),
      ...vevent('c', 'DTEND:20260312T100000Z'),
      ...vevent('d', 'DTSTART:2026-03-13', 'DTEND:20260313T100000Z'),
      ...vevent('e', 'DTSTART:20260314T090000Z', 'DTEND:20260314T100000Z'),
    )
    const result = busyTimes(
      [good, 'this is not iCalendar', mixed, 'BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\n'],
      { from: at(MARCH[0]), to: at(MARCH[1]) },
      BERLIN,
    )
    expect(result).toEqual({
      busy: [
        { start: at('2026-03-10T09:00:00Z'), end: at('2026-03-10T10:00:00Z') },
        { start: at('2026-03-14T09:00:00Z'), end: at('2026-03-14T10:00:00Z') },
      ],
      skipped: 5,
    })
  })
})

/*
 * The property: calendars generated as a structure, rendered to iCalendar, read by busyTimes, and
 * compared with an expansion of the same structure written here without ical.js (recurrence by
 * counting days and weeks, wall clocks to instants through src/lib/time).
 */
describe('against an independent expansion', () => {
  type EventZone = 'Europe/Berlin' | 'America/New_York' | 'Asia/Kolkata' | 'UTC' | 'floating'
  /** A wall clock: a date and minutes into it. */
  interface Wall {
    date: string
    minutes: number
  }
  interface Override {
    index: number
    shift: number
    length: number
    cancelled: boolean
    ownText: boolean
    idInUtc: boolean
  }
  interface Generated {
    kind: 'single' | 'allDay' | 'daily' | 'weekly'
    zone: EventZone
    start: Wall
    /** Minutes, or days for an all-day event. */
    length: number
    endAs: 'dtend' | 'duration' | 'none'
    interval: number
    /** Monday-based weekday offsets added to DTSTART's own (weekly). */
    weekdays: number[]
    end: { count: number } | { untilDays: number } | { open: true }
    exdates: number[]
    /** An EXDATE half an hour after DTSTART, which matches no instance. */
    staleExdate: boolean
    exdateForm: 'list' | 'properties' | 'utc'
    override: Override | null
    status: 'busy' | 'transparent' | 'cancelled' | 'tentative'
  }
  interface Case {
    practitionerZone: string
    /** VTIMEZONEs in the texts (else the TZIDs are bare IANA names). */
    embedZones: boolean
    /** One text per event (CalDAV) rather than one feed. */
    textPerEvent: boolean
    events: Generated[]
  }

  const WINDOW = { from: at('2026-03-01T00:00:00Z'), to: at('2026-04-15T00:00:00Z') }
  const FIRST_DAY = '2026-01-20'
  const PROPERTY_RUNS = 150

  const wallAt = (wall: Wall, minutes: number): Wall => {
    const ms = Date.parse(`${wall.date}T00:00:00Z`) + (wall.minutes + minutes) * 60_000
    const date = new Date(ms).toISOString().slice(0, 10)
    return { date, minutes: Math.round((ms - Date.parse(`${date}T00:00:00Z`)) / 60_000) }
  }
  const hhmm = (minutes: number) =>
    `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
  const basicDate = (date: string) => date.replaceAll('-', '')
  const basicWall = (wall: Wall) =>
    `${basicDate(wall.date)}T${hhmm(wall.minutes).replace(':', '')}00`
  const basicUtc = (ms: number) =>
    new Date(ms)
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '')

  function instant(wall: Wall, zone: EventZone, practitionerZone: string): number {
    if (zone === 'UTC') return Date.parse(`${wall.date}T${hhmm(wall.minutes)}:00Z`)
    return zonedLocalToInstant(
      wall.date,
      hhmm(wall.minutes),
      zone === 'floating' ? practitionerZone : zone,
    )
  }

  /** 'DTSTART;TZID=…:…' and the like for a wall clock in the event's zone. */
  function timeProperty(name: string, wall: Wall, zone: EventZone): string {
    if (zone === 'UTC') return `${name}:${basicWall(wall)}Z`
    if (zone === 'floating') return `${name}:${basicWall(wall)}`
    return `${name};TZID=${zone}:${basicWall(wall)}`
  }

  /** The instances' wall clocks of a daily or weekly series, by counting days and weeks. */
  function seriesWalls(event: Generated, practitionerZone: string): Wall[] {
    const until =
      'untilDays' in event.end
        ? {
            date: addDaysToDate(event.start.date, event.end.untilDays),
            minutes: event.start.minutes,
          }
        : null
    const count = 'count' in event.end ? event.end.count : Infinity
    const sinceMonday = (weekdayOfDate(event.start.date) + 6) % 7
    const offsets =
      event.kind === 'daily'
        ? [0]
        : [...new Set([sinceMonday, ...event.weekdays])].sort((a, b) => a - b)
    const firstPeriod =
      event.kind === 'daily' ? event.start.date : addDaysToDate(event.start.date, -sinceMonday)
    const periodDays = (event.kind === 'daily' ? 1 : 7) * event.interval
    const walls: Wall[] = []
    for (let period = 0; walls.length < count; period++) {
      for (const offset of offsets) {
        const date = addDaysToDate(firstPeriod, period * periodDays + offset)
        if (date < event.start.date || walls.length >= count) continue
        const wall = { date, minutes: event.start.minutes }
        if (until && pastUntil(wall, until, event.zone, practitionerZone)) return walls
        // An open series: what follows the window is not wanted.
        if (instant(wall, event.zone, practitionerZone) >= WINDOW.to) return walls
        walls.push(wall)
      }
    }
    return walls
  }

  function pastUntil(wall: Wall, until: Wall, zone: EventZone, practitionerZone: string) {
    // A floating UNTIL is a wall clock too; a zoned one an instant.
    if (zone === 'floating')
      return wall.date > until.date || (wall.date === until.date && wall.minutes > until.minutes)
    return instant(wall, zone, practitionerZone) > instant(until, zone, practitionerZone)
  }

  function expected(test: Case): BusyInterval[] {
    const intervals: BusyInterval[] = []
    const { practitionerZone } = test
    for (const event of test.events) {
      const busy = event.status === 'busy' || event.status === 'tentative'
      if (event.kind === 'allDay') {
        if (!busy) continue
        const days = event.endAs === 'none' ? 1 : event.length
        intervals.push({
          start: zonedLocalToInstant(event.start.date, '00:00', practitionerZone),
          end: zonedLocalToInstant(
            addDaysToDate(event.start.date, days),
            '00:00',
            practitionerZone,
          ),
        })
        continue
      }
      const first = instant(event.start, event.zone, practitionerZone)
      const exact =
        event.endAs === 'none'
          ? 0
          : event.endAs === 'duration'
            ? event.length * 60_000
            : instant(wallAt(event.start, event.length), event.zone, practitionerZone) - first
      const walls = event.kind === 'single' ? [event.start] : seriesWalls(event, practitionerZone)
      const override = event.kind !== 'single' && walls.length > 0 ? event.override : null
      const overridden = override ? override.index % walls.length : -1
      walls.forEach((wall, index) => {
        if (index === overridden || !busy) return
        if (event.kind !== 'single' && event.exdates.some((pick) => pick % walls.length === index))
          return
        const start = instant(wall, event.zone, practitionerZone)
        intervals.push({ start, end: start + exact })
      })
      const original = walls[overridden]
      if (override && original && !override.cancelled) {
        const moved = wallAt(original, override.shift)
        intervals.push({
          start: instant(moved, event.zone, practitionerZone),
          end: instant(wallAt(moved, override.length), event.zone, practitionerZone),
        })
      }
    }
    const overlapping = intervals.filter(
      ({ start, end }) => end > start && start < WINDOW.to && end > WINDOW.from,
    )
    overlapping.sort((a, b) => a.start - b.start || a.end - b.end)
    const merged: BusyInterval[] = []
    for (const interval of overlapping) {
      const last = merged[merged.length - 1]
      if (last && interval.start <= last.end) last.end = Math.max(last.end, interval.end)
      else merged.push({ ...interval })
    }
    return merged
  }

  const ZONE_DEFINITIONS: Record<string, string[]> = {
    'Europe/Berlin': [
      'BEGIN:VTIMEZONE',
      'TZID:Europe/Berlin',
      'BEGIN:DAYLIGHT',
      'TZOFFSETFROM:+0100',
      'TZOFFSETTO:+0200',
      'DTSTART:19810329T020000',
      'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
      'END:DAYLIGHT',
      'BEGIN:STANDARD',
      'TZOFFSETFROM:+0200',
      'TZOFFSETTO:+0100',
      'DTSTART:19961027T030000',
      'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
      'END:STANDARD',
      'END:VTIMEZONE',
    ],
    'America/New_York': [
      'BEGIN:VTIMEZONE',
      'TZID:America/New_York',
      'BEGIN:DAYLIGHT',
      'TZOFFSETFROM:-0500',
      'TZOFFSETTO:-0400',
      'DTSTART:20070311T020000',
      'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU',
      'END:DAYLIGHT',
      'BEGIN:STANDARD',
      'TZOFFSETFROM:-0400',
      'TZOFFSETTO:-0500',
      'DTSTART:20071104T020000',
      'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU',
      'END:STANDARD',
      'END:VTIMEZONE',
    ],
    'Asia/Kolkata': [
      'BEGIN:VTIMEZONE',
      'TZID:Asia/Kolkata',
      'BEGIN:STANDARD',
      'TZOFFSETFROM:+0530',
      'TZOFFSETTO:+0530',
      'DTSTART:19700101T000000',
      'END:STANDARD',
      'END:VTIMEZONE',
    ],
  }

  /** The texts: the events (one text, or one each) and each override kept apart in its own. */
  function render(test: Case): string[] {
    const zones = test.embedZones ? Object.values(ZONE_DEFINITIONS).flat() : []
    const wrap = (lines: string[]) => calendar(...zones, ...lines)
    const texts: string[][] = []
    test.events.forEach((event, number) => {
      const uid = `event-${number}@property`
      const lines = [timeProperty('DTSTART', event.start, event.zone)]
      if (event.kind === 'allDay') {
        lines[0] = `DTSTART;VALUE=DATE:${basicDate(event.start.date)}`
        if (event.endAs === 'dtend')
          lines.push(`DTEND;VALUE=DATE:${basicDate(addDaysToDate(event.start.date, event.length))}`)
        if (event.endAs === 'duration') lines.push(`DURATION:P${event.length}D`)
      } else {
        if (event.endAs === 'dtend')
          lines.push(timeProperty('DTEND', wallAt(event.start, event.length), event.zone))
        if (event.endAs === 'duration') lines.push(`DURATION:PT${event.length}M`)
      }
      if (event.status === 'transparent') lines.push('TRANSP:TRANSPARENT')
      if (event.status === 'cancelled') lines.push('STATUS:CANCELLED')
      if (event.status === 'tentative') lines.push('STATUS:TENTATIVE')
      const overrides: string[][] = []
      if (event.kind === 'daily' || event.kind === 'weekly') {
        const days = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU']
        const sinceMonday = (weekdayOfDate(event.start.date) + 6) % 7
        const byday =
          event.kind === 'weekly'
            ? `;BYDAY=${[...new Set([sinceMonday, ...event.weekdays])].map((day) => days[day]).join(',')}`
            : ''
        let end = ''
        if ('count' in event.end) end = `;COUNT=${event.end.count}`
        else if ('untilDays' in event.end) {
          const until = {
            date: addDaysToDate(event.start.date, event.end.untilDays),
            minutes: event.start.minutes,
          }
          end =
            event.zone === 'floating'
              ? `;UNTIL=${basicWall(until)}`
              : `;UNTIL=${basicUtc(instant(until, event.zone, test.practitionerZone))}`
        }
        lines.push(
          `RRULE:FREQ=${event.kind.toUpperCase()};INTERVAL=${event.interval}${byday}${end}`,
        )
        const walls = seriesWalls(event, test.practitionerZone)
        const excluded = [
          ...new Set(event.exdates.map((pick) => walls[pick % walls.length])),
        ].filter((wall): wall is Wall => wall !== undefined)
        const utc = event.exdateForm === 'utc' && event.zone !== 'floating'
        if (event.staleExdate) excluded.unshift(wallAt(event.start, 30))
        const values = excluded.map((wall) =>
          utc
            ? `${basicUtc(instant(wall, event.zone, test.practitionerZone))}`
            : basicWall(wall) + (event.zone === 'UTC' ? 'Z' : ''),
        )
        const prefix =
          utc || event.zone === 'UTC' || event.zone === 'floating'
            ? 'EXDATE'
            : `EXDATE;TZID=${event.zone}`
        if (values.length > 0 && event.exdateForm === 'list')
          lines.push(`${prefix}:${values.join(',')}`)
        else for (const value of values) lines.push(`${prefix}:${value}`)
        const original = event.override ? walls[event.override.index % walls.length] : undefined
        if (event.override && original) {
          const moved = wallAt(original, event.override.shift)
          const id =
            event.override.idInUtc && event.zone !== 'floating'
              ? `RECURRENCE-ID:${basicUtc(instant(original, event.zone, test.practitionerZone))}`
              : timeProperty('RECURRENCE-ID', original, event.zone)
          const override = vevent(
            uid,
            id,
            timeProperty('DTSTART', moved, event.zone),
            timeProperty('DTEND', wallAt(moved, event.override.length), event.zone),
            ...(event.override.cancelled ? ['STATUS:CANCELLED'] : []),
          )
          if (event.override.ownText) texts.push(override)
          else overrides.push(override)
        }
      }
      texts.push([...vevent(uid, ...lines), ...overrides.flat()])
    })
    return test.textPerEvent ? texts.map(wrap) : [wrap(texts.flat())]
  }

  const generated: fc.Arbitrary<Generated> = fc
    .record({
      kind: fc.constantFrom('single', 'allDay', 'daily', 'weekly', 'weekly'),
      zone: fc.constantFrom('Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'UTC', 'floating'),
      day: fc.integer({ min: 0, max: 85 }),
      // A third in the hour Berlin's and New York's spring-forward skips.
      quarterHour: fc.oneof(fc.integer({ min: 0, max: 95 }), fc.integer({ min: 8, max: 11 })),
      length: fc.integer({ min: 1, max: 20 }),
      endAs: fc.constantFrom('dtend', 'dtend', 'duration', 'none'),
      interval: fc.integer({ min: 1, max: 2 }),
      weekdays: fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { maxLength: 3 }),
      end: fc.oneof(
        fc.record({ count: fc.integer({ min: 1, max: 12 }) }),
        fc.record({ untilDays: fc.integer({ min: 0, max: 60 }) }),
        fc.constant({ open: true as const }),
      ),
      exdates: fc.array(fc.nat(), { maxLength: 3 }),
      staleExdate: fc.boolean(),
      exdateForm: fc.constantFrom('list', 'properties', 'utc'),
      override: fc.option(
        fc.record({
          index: fc.nat(),
          shift: fc.integer({ min: -16, max: 16 }).map((quarters) => quarters * 15),
          length: fc.integer({ min: 1, max: 16 }).map((quarters) => quarters * 15),
          cancelled: fc.boolean(),
          ownText: fc.boolean(),
          idInUtc: fc.boolean(),
        }),
      ),
      status: fc.constantFrom('busy', 'busy', 'busy', 'transparent', 'cancelled', 'tentative'),
    })
    .map(({ day, quarterHour, length, ...rest }) => ({
      ...rest,
      start: { date: addDaysToDate(FIRST_DAY, day), minutes: quarterHour * 15 },
      // Timed: 15 minutes to 5 hours; all day: 1 to 3 days.
      length: rest.kind === 'allDay' ? 1 + (length % 3) : length * 15,
    }))

  test(
    'busyTimes equals the expansion of the generated calendars',
    () => {
      const cases = fc.record({
        practitionerZone: fc.constantFrom(BERLIN, NEW_YORK),
        embedZones: fc.boolean(),
        textPerEvent: fc.boolean(),
        events: fc.array(generated, { maxLength: 8 }),
      })
      fc.assert(
        fc.property(cases, (test) => {
          expect(busyTimes(render(test), WINDOW, test.practitionerZone)).toEqual({
            busy: expected(test),
            skipped: 0,
          })
        }),
        propertyRuns(PROPERTY_RUNS, 32_2026),
      )
    },
    propertyTimeout(30_000, PROPERTY_RUNS),
  )
})
