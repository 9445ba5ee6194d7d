import { instantToZonedDate } from '../time'
import { dateTimeFormat, relativeTimeFormat } from './formatters'

/**
 * Dates and times of appointments for the visitor: their language tag and their time zone. The
 * locale's own short time (German "05:29", US "5:29 AM"): `hour: 'numeric'` drops the leading
 * zero that German, French or Polish write.
 */
export function formatTime(iso: string, timeZone: string, languageTag: string): string {
  return dateTimeFormat(languageTag, { timeZone, timeStyle: 'short' }).format(new Date(iso))
}

export function formatDate(iso: string, timeZone: string, languageTag: string): string {
  return dateTimeFormat(languageTag, {
    timeZone,
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  }).format(new Date(iso))
}

/** A date with its time, as the booking screens show an appointment: "Tuesday, March 5, 2030, 9:00 AM". */
export function formatDateTime(iso: string, timeZone: string, languageTag: string): string {
  return `${formatDate(iso, timeZone, languageTag)}, ${formatTime(iso, timeZone, languageTag)}`
}

/** A local date ('YYYY-MM-DD') as a heading: the date's own calendar day, whatever the zone. */
export function formatLocalDate(date: string, languageTag: string): string {
  return dateTimeFormat(languageTag, {
    timeZone: 'UTC',
    weekday: 'long',
    month: 'long',
    day: 'numeric',
  }).format(new Date(`${date}T12:00:00Z`))
}

export function formatMonth(month: string, languageTag: string): string {
  return dateTimeFormat(languageTag, {
    timeZone: 'UTC',
    month: 'long',
    year: 'numeric',
  }).format(new Date(`${month}-15T12:00:00Z`))
}

/** Weekday names, Monday first, for the calendar's column headers. */
export function weekdayNames(languageTag: string): string[] {
  const format = dateTimeFormat(languageTag, { timeZone: 'UTC', weekday: 'short' })
  // 2030-03-04 is a Monday.
  return Array.from({ length: 7 }, (_, i) => format.format(new Date(Date.UTC(2030, 2, 4 + i, 12))))
}

const HOUR = 3_600_000
const DAY = 86_400_000

/** Calendar days from one local date to another ('YYYY-MM-DD'), whatever the hours between. */
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(to) - Date.parse(from)) / DAY)

/**
 * How long until a deadline, beside its exact time, for a visitor deciding whether to act: from
 * two days on in calendar days of the zone the time is shown in, so the word names the same day
 * as the date beside it (a Friday afternoon to Monday 03:30 is "in 3 days", not the 60 hours'
 * "the day after tomorrow"); below that in hours ("in 5 hours", "this hour"), never minutes.
 */
export function formatTimeUntil(
  iso: string,
  nowMs: number,
  timeZone: string,
  languageTag: string,
): string {
  const untilMs = Date.parse(iso)
  const hours = Math.max(0, Math.round((untilMs - nowMs) / HOUR))
  const format = relativeTimeFormat(languageTag, { numeric: 'auto' })
  if (hours < 48) return format.format(hours, 'hour')
  const days = daysBetween(
    instantToZonedDate(nowMs, timeZone),
    instantToZonedDate(untilMs, timeZone),
  )
  return format.format(days, 'day')
}

/** A date and time in a table row, short: "Mar 5, 2030, 9:00 AM", German "05.03.2030, 09:00". */
export function formatShortDateTime(iso: string, timeZone: string, languageTag: string): string {
  return dateTimeFormat(languageTag, {
    timeZone,
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(iso))
}
