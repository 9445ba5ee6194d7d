import { busyTimes } from '../server/calendars/ical/busy-times'

/**
 * Times the busy times of a practitioner's calendar over a 60-day window: 500 events, 50 of them
 * weekly series begun up to two years earlier (a third with COUNT, a third with UNTIL, a third
 * open, half on two weekdays, some with an EXDATE), the rest single events over the past year and
 * the coming months. Read as one feed and as 500 CalDAV resources, with the zone given by a
 * VTIMEZONE in the text and by its IANA name alone. Prints median and best of runs.
 */
const EVENTS = 500
const SERIES = 50
const RUNS = 15
const DAY = 86_400_000
const from = Date.parse('2026-03-01T00:00:00Z')
const to = from + 60 * DAY

const berlinVtimezone = [
  'BEGIN:VTIMEZONE',
  'TZID:Europe/Berlin',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'DTSTART:19700329T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'DTSTART:19701025T030000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
]

const basic = (ms: number) => new Date(ms).toISOString().slice(0, 10).replaceAll('-', '')

function event(i: number): string[] {
  const series = i < SERIES
  // Series begin up to two years back; single events from a year back to three months on.
  const day = series ? from - ((i * 53) % 730) * DAY : from - 365 * DAY + ((i * 37) % 455) * DAY
  const hour = String(8 + (i % 9)).padStart(2, '0')
  const start = `${basic(day)}T${hour}0000`
  const lines = [
    'BEGIN:VEVENT',
    `UID:event-${i}@bench`,
    'DTSTAMP:20260101T000000Z',
    `DTSTART;TZID=Europe/Berlin:${start}`,
    `DTEND;TZID=Europe/Berlin:${basic(day)}T${hour}4500`,
    `SUMMARY:Event ${i}`,
  ]
  if (series) {
    // Every other series on its own weekday and Friday.
    const weekday = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'][new Date(day).getUTCDay()]
    const byday = i % 2 ? '' : `;BYDAY=${[...new Set([weekday, 'FR'])].join(',')}`
    const end = [
      `;COUNT=${20 + (i % 60)}`,
      `;UNTIL=${basic(from + ((i * 17) % 120) * DAY)}T235959Z`,
      '',
    ][i % 3]
    lines.push(`RRULE:FREQ=WEEKLY${byday}${end}`)
    if (i % 4 === 0) lines.push(`EXDATE;TZID=Europe/Berlin:${basic(day + 7 * DAY)}T${hour}0000`)
  }
  lines.push('END:VEVENT')
  return lines
}

function calendar(events: string[][], withVtimezone: boolean): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//bench//busy//EN',
    ...(withVtimezone ? berlinVtimezone : []),
    ...events.flat(),
    'END:VCALENDAR',
    '',
  ].join('\r\n')
}

function time(texts: string[]): { median: number; best: number; busy: number } {
  const runs: number[] = []
  let busy = 0
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now()
    const result = busyTimes(texts, { from, to }, 'Europe/Berlin')
    runs.push(performance.now() - started)
    busy = result.busy.length
    if (result.skipped > 0) throw new Error(`${result.skipped} skipped`)
  }
  runs.sort((a, b) => a - b)
  return { median: runs[Math.floor(RUNS / 2)] ?? 0, best: runs[0] ?? 0, busy }
}

const events = Array.from({ length: EVENTS }, (_, i) => event(i))
for (const withVtimezone of [true, false]) {
  const shapes = {
    'one feed': [calendar(events, withVtimezone)],
    '500 resources': events.map((one) => calendar([one], withVtimezone)),
  }
  for (const [shape, texts] of Object.entries(shapes)) {
    const { median, best, busy } = time(texts)
    const zone = withVtimezone ? 'VTIMEZONE' : 'IANA TZID'
    console.log(
      `${shape.padEnd(14)} ${zone.padEnd(10)} median ${median.toFixed(1)} ms, best ${best.toFixed(1)} ms (${busy} busy intervals)`,
    )
  }
}
