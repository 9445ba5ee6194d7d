import type { DateInVisitorZone, MonthInVisitorZone } from './state'

/** The month's dates in weeks, Monday first; null pads the first and last week. */
export function monthGrid(month: MonthInVisitorZone): (DateInVisitorZone | null)[][] {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number]
  const days = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate()
  const firstWeekday = (new Date(Date.UTC(year, monthNumber - 1, 1)).getUTCDay() + 6) % 7
  const cells: (DateInVisitorZone | null)[] = [
    ...Array.from({ length: firstWeekday }, () => null),
    ...Array.from({ length: days }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`),
  ]
  while (cells.length % 7) cells.push(null)
  return Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7))
}

export function shiftMonth(month: MonthInVisitorZone, by: number): MonthInVisitorZone {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number]
  const date = new Date(Date.UTC(year, monthNumber - 1 + by, 1))
  return date.toISOString().slice(0, 7)
}

/** The month and date of an instant in a zone. */
export function localDateOf(iso: string, timeZone: string): DateInVisitorZone {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(iso))
  return parts
}

/** The visitor's current month in their zone, where the calendar opens unless one was chosen. */
export function currentMonth(timeZone: string, now = new Date()): string {
  return localDateOf(now.toISOString(), timeZone).slice(0, 7)
}

/** Moves a date by days, for arrow keys in the calendar grid. */
export function shiftDate(date: DateInVisitorZone, days: number): DateInVisitorZone {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10)
}
