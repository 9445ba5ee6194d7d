import type { TimeRange } from '../../lib/admin/api-types'

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/

/**
 * Why a day's ranges cannot be saved (an `admin.validation.*` key), or undefined: every range
 * a real HH:mm span, start before end, none overlapping another.
 */
export function rangesError(ranges: TimeRange[] | undefined): string | undefined {
  const list = ranges ?? []
  if (list.some((range) => !HH_MM.test(range.start) || !HH_MM.test(range.end))) {
    return 'admin.validation.time'
  }
  if (list.some((range) => range.start >= range.end)) return 'admin.validation.rangeOrder'
  const sorted = [...list].sort((a, b) => a.start.localeCompare(b.start))
  const overlaps = sorted.some((range, i) => i > 0 && range.start < sorted[i - 1]!.end)
  return overlaps ? 'admin.validation.rangeOverlap' : undefined
}

/** The ranges as saved: in time order. */
export const sortedRanges = (ranges: TimeRange[] | undefined) =>
  [...(ranges ?? [])].sort((a, b) => a.start.localeCompare(b.start))
