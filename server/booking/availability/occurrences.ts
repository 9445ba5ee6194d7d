import { instantToWallClock, wallClockToInstant } from '../../../src/lib/time'
import type { EpochMs } from './types'

const WEEK = 7 * 86_400_000

/**
 * The one definition of a weekly series: the starts of every occurrence, at the same wall-clock
 * time in the staff member's zone each week, so a DST change does not shift the appointment.
 */
export function occurrenceStarts(start: EpochMs, count: number, timeZone: string): EpochMs[] {
  if (count <= 1) return [start]
  const wall = instantToWallClock(start, timeZone)
  return Array.from({ length: count }, (_, week) =>
    week === 0 ? start : wallClockToInstant(wall + week * WEEK, timeZone),
  )
}
