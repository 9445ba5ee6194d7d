import type { Database } from '../db'
import { addDaysToDate, instantToZonedDate, weekdayOfDate } from '../../src/lib/time'
import { insertConnection } from './store'

/** The demo's practitioner calendar: read in-process, so it needs no server and no network. */
export const DEMO_FEED_URL = 'demo:practitioner-calendar.ics'

export const isDemoFeed = (url: string) => url.startsWith('demo:')

const compact = (date: string) => date.replaceAll('-', '')

/** `date`, or the Monday after it when it falls on a weekend, when the clinic is closed anyway. */
function workingDayFrom(date: string): string {
  const weekday = weekdayOfDate(date)
  return weekday === 6 ? addDaysToDate(date, 2) : weekday === 0 ? addDaysToDate(date, 1) : date
}

/**
 * A practitioner's own life around `now`, in their zone: a weekly team meeting with one week
 * skipped, a dentist's appointment on the next working day, an all-day course ten days on (or
 * the Monday after), and a focus block marked free (which must not block anything). Dates move
 * with the clock so the demo always shows them in the coming weeks, on days the clinic works.
 */
export function demoCalendar(now: number, timeZone: string): string {
  const today = instantToZonedDate(now, timeZone)
  const daysToMonday = (8 - weekdayOfDate(today)) % 7 || 7
  const monday = addDaysToDate(today, daysToMonday)
  const tomorrow = workingDayFrom(addDaysToDate(today, 1))
  const course = workingDayFrom(addDaysToDate(today, 10))
  const event = (lines: string[]) => ['BEGIN:VEVENT', ...lines, 'END:VEVENT']
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Harbor Physio demo//Practitioner calendar//EN',
    ...event([
      'UID:demo-team-meeting',
      'DTSTAMP:20260101T000000Z',
      `DTSTART;TZID=${timeZone}:${compact(monday)}T120000`,
      `DTEND;TZID=${timeZone}:${compact(monday)}T130000`,
      'RRULE:FREQ=WEEKLY;COUNT=12',
      `EXDATE;TZID=${timeZone}:${compact(addDaysToDate(monday, 14))}T120000`,
      'SUMMARY:Team meeting',
    ]),
    ...event([
      'UID:demo-dentist',
      'DTSTAMP:20260101T000000Z',
      `DTSTART;TZID=${timeZone}:${compact(tomorrow)}T100000`,
      `DTEND;TZID=${timeZone}:${compact(tomorrow)}T113000`,
      'SUMMARY:Dentist',
    ]),
    ...event([
      'UID:demo-course',
      'DTSTAMP:20260101T000000Z',
      `DTSTART;VALUE=DATE:${compact(course)}`,
      `DTEND;VALUE=DATE:${compact(addDaysToDate(course, 1))}`,
      'SUMMARY:Manual therapy course',
    ]),
    ...event([
      'UID:demo-focus',
      'DTSTAMP:20260101T000000Z',
      `DTSTART;TZID=${timeZone}:${compact(tomorrow)}T140000`,
      `DTEND;TZID=${timeZone}:${compact(tomorrow)}T160000`,
      'TRANSP:TRANSPARENT',
      'SUMMARY:Focus time (free)',
    ]),
    'END:VCALENDAR',
    '',
  ].join('\r\n')
}

/**
 * Connects the demo's first staff member to the demo calendar, once: the dashboard then shows a
 * connection and its busy times with no setup. Answers whether it did.
 */
export async function seedDemoCalendar(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: number }>(
      `SELECT s.id FROM staff s
        WHERE NOT EXISTS (SELECT 1 FROM calendar_connections)
        ORDER BY s.id LIMIT 1`,
    )
    const staff = rows[0]
    if (!staff) return false
    await insertConnection(tx, {
      staffId: staff.id,
      kind: 'ics',
      url: DEMO_FEED_URL,
      username: null,
      passwordSealed: null,
      calendars: [
        {
          url: DEMO_FEED_URL,
          name: 'Practitioner calendar (demo)',
          color: null,
          checked: true,
          receivesBookings: false,
          ctag: null,
          readUntil: null,
        },
      ],
    })
    return true
  })
}
