import {
  addDaysToDate,
  instantToZonedDate,
  instantToZonedTime,
  weekdayOfDate,
  zonedLocalToInstant,
} from '../../../src/lib/time'
import type { EpochMs, LocalDate, OpeningHours, TimeRange } from './types'

export interface Interval {
  start: EpochMs
  end: EpochMs
}

/** Ranges of one local date as instants, empty and reversed ones left out. */
export function rangesAsInstants(
  date: LocalDate,
  ranges: readonly TimeRange[],
  timeZone: string,
): Interval[] {
  return ranges
    .map((range) => ({
      start: zonedLocalToInstant(date, range.start, timeZone),
      end: zonedLocalToInstant(date, range.end, timeZone),
    }))
    .filter((interval) => interval.end > interval.start)
}

/**
 * When the location is open during [from, to), merged: a range ending at 24:00 and the next day's
 * starting at 00:00 are one opening, so an appointment may run across midnight.
 */
export function openIntervals(hours: OpeningHours, from: EpochMs, to: EpochMs): Interval[] {
  const open: Interval[] = []
  const lastDate = instantToZonedDate(to, hours.timeZone)
  for (
    let date = addDaysToDate(instantToZonedDate(from, hours.timeZone), -1);
    date <= lastDate;
    date = addDaysToDate(date, 1)
  ) {
    const ranges = hours.weekly[weekdayOfDate(date)] ?? []
    for (const interval of rangesAsInstants(date, ranges, hours.timeZone)) {
      if (interval.end > from && interval.start < to) open.push(interval)
    }
  }
  return mergeIntervals(open)
}

/** `intervals` sorted, those that overlap or touch joined into one. */
export function mergeIntervals(intervals: readonly Interval[]): Interval[] {
  const sorted = [...intervals].sort((a, b) => a.start - b.start || a.end - b.end)
  const merged: Interval[] = []
  for (const interval of sorted) {
    const last = merged[merged.length - 1]
    if (last && interval.start <= last.end) last.end = Math.max(last.end, interval.end)
    else merged.push({ ...interval })
  }
  return merged
}

/**
 * The parts of `working` within `open` (sorted, merged intervals of the location's opening);
 * found by halving, since a month's window holds dozens of openings.
 */
export function clipToOpen(working: Interval[], open: readonly Interval[]): Interval[] {
  const kept: Interval[] = []
  for (const work of working) {
    let low = 0
    let high = open.length
    while (low < high) {
      const mid = (low + high) >> 1
      if ((open[mid] as Interval).end <= work.start) low = mid + 1
      else high = mid
    }
    for (let i = low; i < open.length; i++) {
      const interval = open[i] as Interval
      if (interval.start >= work.end) break
      const start = Math.max(work.start, interval.start)
      const end = Math.min(work.end, interval.end)
      if (end > start) kept.push({ start, end })
    }
  }
  return kept
}

/** The parts of `working` that lie within the location's opening hours. */
export function withinOpeningHours(working: Interval[], hours: OpeningHours): Interval[] {
  if (working.length === 0) return working
  const from = Math.min(...working.map((interval) => interval.start))
  const to = Math.max(...working.map((interval) => interval.end))
  return clipToOpen(working, openIntervals(hours, from, to))
}

/** The parts of `working` that lie outside the location's opening hours. */
function outsideOpeningHours(working: Interval[], hours: OpeningHours): Interval[] {
  const inside = withinOpeningHours(working, hours)
  const outside: Interval[] = []
  for (const work of working) {
    let cursor = work.start
    for (const open of inside.filter((i) => i.start < work.end && work.start < i.end)) {
      if (open.start > cursor) outside.push({ start: cursor, end: open.start })
      cursor = Math.max(cursor, open.end)
    }
    if (cursor < work.end) outside.push({ start: cursor, end: work.end })
  }
  return outside
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5))
const timeOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`

/**
 * Which of a staff member's weekly hours fall outside the location's opening hours, as weekday
 * and times in the staff member's own zone (as the dashboard edits them). Every week of the
 * coming year is checked, because two zones change to and from summer time on different dates:
 * an hour may be outside only in the weeks between.
 */
export function weeklyHoursOutsideOpening(
  staff: { timeZone: string; weekly: Partial<Record<number, TimeRange[]>> },
  hours: OpeningHours,
  today: LocalDate,
  days = 371,
): Partial<Record<number, TimeRange[]>> {
  const pieces = new Map<number, [number, number][]>()
  for (let offset = 0; offset < days; offset++) {
    const date = addDaysToDate(today, offset)
    const weekday = weekdayOfDate(date)
    const working = rangesAsInstants(date, staff.weekly[weekday] ?? [], staff.timeZone)
    for (const { start, end } of outsideOpeningHours(working, hours)) {
      // A range may end at 24:00, which is the next date's 00:00.
      const endsLater = instantToZonedDate(end, staff.timeZone) > date
      const list = pieces.get(weekday) ?? []
      list.push([
        minutesOf(instantToZonedTime(start, staff.timeZone)),
        endsLater ? 1440 : minutesOf(instantToZonedTime(end, staff.timeZone)),
      ])
      pieces.set(weekday, list)
    }
  }
  const result: Partial<Record<number, TimeRange[]>> = {}
  for (const [weekday, list] of [...pieces.entries()].sort(([a], [b]) => a - b)) {
    list.sort((a, b) => a[0] - b[0])
    const merged: [number, number][] = []
    for (const [start, end] of list) {
      const last = merged[merged.length - 1]
      if (last && start <= last[1]) last[1] = Math.max(last[1], end)
      else merged.push([start, end])
    }
    result[weekday] = merged.map(([start, end]) => ({ start: timeOf(start), end: timeOf(end) }))
  }
  return result
}
