import { dateTimeFormat, relativeTimeFormat } from './formatters'

/** Dates and times of appointments for the visitor: their language tag and their time zone. */
export function formatTime(iso: string, timeZone: string, languageTag: string): string {
  return dateTimeFormat(languageTag, {
    timeZone,
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso))
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

/**
 * How long until a deadline, beside its exact time, for a visitor deciding whether to act: in
 * whole days from two days on ("in 3 days"; hours to the nearest, then whole days), else in hours
 * ("in 5 hours", "this hour"), never minutes.
 */
export function formatTimeUntil(iso: string, nowMs: number, languageTag: string): string {
  const hours = Math.max(0, Math.round((Date.parse(iso) - nowMs) / HOUR))
  const format = relativeTimeFormat(languageTag, { numeric: 'auto' })
  return hours >= 48 ? format.format(Math.floor(hours / 24), 'day') : format.format(hours, 'hour')
}

/** A date and time in a table row, short: "Mar 5, 2030, 9:00 AM". */
export function formatShortDateTime(iso: string, timeZone: string, languageTag: string): string {
  return dateTimeFormat(languageTag, {
    timeZone,
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(iso))
}
