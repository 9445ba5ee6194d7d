import { instantToZonedDate, weekdayOfDate } from '../../src/lib/time'
import { demoCalendar } from './demo'
import { busyTimes } from './ical/busy-times'

const BERLIN = 'Europe/Berlin'
const DAY = 86_400_000

describe("the demo's practitioner calendar", () => {
  // A Friday and a Saturday: the next working day is then Monday either way.
  it.each([['2026-11-27T08:00:00Z'], ['2026-11-28T08:00:00Z'], ['2026-12-01T08:00:00Z']])(
    'from %s, blocks working days only: the meetings, the dentist and the course, not the free block',
    (iso) => {
      const now = Date.parse(iso)
      const window = { from: now - DAY, to: now + 120 * DAY }
      const { busy, skipped } = busyTimes([demoCalendar(now, BERLIN)], window, BERLIN)
      expect(skipped).toBe(0)
      for (const { start } of busy) {
        const weekday = weekdayOfDate(instantToZonedDate(start, BERLIN))
        expect(weekday === 0 || weekday === 6).toBe(false)
      }
      const lasting = (minutes: number) =>
        busy.filter(({ start, end }) => end - start === minutes * 60_000)
      // Twelve weekly meetings less the one skipped (one may fall inside the course's day).
      expect(lasting(60).length).toBeGreaterThanOrEqual(10)
      expect(lasting(24 * 60)).toHaveLength(1)
      // The dentist comes within four days, so the demo shows it in the coming week.
      const [dentist] = lasting(90)
      expect(dentist!.start - now).toBeLessThan(4 * DAY)
      // The focus block that afternoon, 14:00 to 16:00, is marked free.
      const afternoon = dentist!.start + 4 * 3_600_000
      expect(busy.some(({ start, end }) => start <= afternoon && afternoon < end)).toBe(false)
    },
  )
})
