import type { TimeRange, WeeklyHours } from './api-types'

/** Days in a row with the same hours; `ranges` empty when closed. Days are 0 = Sunday. */
export interface OpeningDays {
  firstDay: number
  lastDay: number
  ranges: TimeRange[]
}

const MONDAY_FIRST = [1, 2, 3, 4, 5, 6, 0]

const sameHours = (a: TimeRange[], b: TimeRange[]) =>
  a.length === b.length &&
  a.every((range, i) => range.start === b[i]?.start && range.end === b[i]?.end)

/**
 * A week's hours as a visitor reads them on a sign: Monday first, consecutive days with the same
 * hours in one row ("Monday–Friday 08:30–18:30"), days without hours as closed.
 */
export function openingHoursRows(hours: WeeklyHours): OpeningDays[] {
  const rows: OpeningDays[] = []
  for (const day of MONDAY_FIRST) {
    const ranges = hours[String(day) as keyof WeeklyHours] ?? []
    const last = rows[rows.length - 1]
    if (last && sameHours(last.ranges, ranges)) last.lastDay = day
    else rows.push({ firstDay: day, lastDay: day, ranges })
  }
  return rows
}
