/** Milliseconds since the epoch: an instant, independent of any zone. */
export type EpochMs = number
/** A calendar date in some zone, 'YYYY-MM-DD'. */
export type LocalDate = string
/** A wall-clock time in some zone, 'HH:mm' ('24:00' is allowed as an end). */
export type LocalTime = string

const MINUTE = 60_000

const formatters = new Map<string, Intl.DateTimeFormat>()
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
    formatters.set(timeZone, formatter)
  }
  return formatter
}

interface WallClock {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  second: number
}

function readWallClock(ms: EpochMs, timeZone: string): WallClock {
  const parts: Record<string, number> = {}
  for (const part of formatterFor(timeZone).formatToParts(new Date(ms))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value)
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  }
}

/*
 * formatToParts was half of the slot engine's time: a month of slots converts the same few
 * thousand instants (slot starts, midnights either side of a day) again for every staff member,
 * every occurrence and every request. Remembered by exact instant, so the answer is the one Intl
 * gives; bounded, so a long-running server does not grow without limit.
 */
const WALL_CLOCK_CACHE_LIMIT = 200_000
const wallClocks = new Map<string, Map<EpochMs, WallClock>>()
let cachedWallClocks = 0

function wallClock(ms: EpochMs, timeZone: string): WallClock {
  let zone = wallClocks.get(timeZone)
  const cached = zone?.get(ms)
  if (cached) return cached
  const wall = readWallClock(ms, timeZone)
  if (cachedWallClocks >= WALL_CLOCK_CACHE_LIMIT) {
    wallClocks.clear()
    cachedWallClocks = 0
    zone = undefined
  }
  if (!zone) wallClocks.set(timeZone, (zone = new Map()))
  zone.set(ms, wall)
  cachedWallClocks++
  return wall
}

/** The zone's offset from UTC at an instant, in minutes (Berlin in summer: 120). */
export function zoneOffsetMinutes(ms: EpochMs, timeZone: string): number {
  const wall = wallClock(ms, timeZone)
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second)
  return Math.round((asUtc - Math.floor(ms / 1000) * 1000) / MINUTE)
}

function parseDate(date: LocalDate): [number, number, number] {
  const [year, month, day] = date.split('-').map(Number)
  return [year ?? 0, month ?? 1, day ?? 1]
}

function parseTime(time: LocalTime): number {
  const [hours, minutes] = time.split(':').map(Number)
  return (hours ?? 0) * 60 + (minutes ?? 0)
}

/**
 * The instant a wall-clock time in a zone stands for. DST is resolved as Temporal's 'compatible'
 * disambiguation does: a time skipped by spring-forward moves forward by the gap (02:30 on
 * Berlin's spring-forward day is 03:30 CEST), and a time that repeats at fall-back is its
 * earlier instant (02:30 on Berlin's fall-back day is 02:30 CEST).
 */
export function zonedLocalToInstant(date: LocalDate, time: LocalTime, timeZone: string): EpochMs {
  const [year, month, day] = parseDate(date)
  const asUtc = Date.UTC(year, month - 1, day) + parseTime(time) * MINUTE
  // The offsets in force a day either side cover every transition that could apply.
  const before = zoneOffsetMinutes(asUtc - 86_400_000, timeZone)
  const after = zoneOffsetMinutes(asUtc + 86_400_000, timeZone)
  const candidates = [...new Set([before, after])]
    .map((offset) => asUtc - offset * MINUTE)
    .filter((instant) => asUtc - zoneOffsetMinutes(instant, timeZone) * MINUTE === instant)
    .sort((a, b) => a - b)
  if (candidates[0] !== undefined) return candidates[0]
  // A skipped time: read it with the offset from before the gap, which lands after the gap.
  return asUtc - before * MINUTE
}

/** A `datetime-local` input's value ('YYYY-MM-DDTHH:mm') read as a wall-clock time in `timeZone`. */
export function localInputToInstant(local: string, timeZone: string): EpochMs {
  const [date = '', time = '00:00'] = local.split('T')
  return zonedLocalToInstant(date, time, timeZone)
}

const pad = (n: number) => String(n).padStart(2, '0')

export function instantToZonedDate(ms: EpochMs, timeZone: string): LocalDate {
  const wall = wallClock(ms, timeZone)
  return `${wall.year}-${pad(wall.month)}-${pad(wall.day)}`
}

export function instantToZonedTime(ms: EpochMs, timeZone: string): LocalTime {
  const wall = wallClock(ms, timeZone)
  return `${pad(wall.hour)}:${pad(wall.minute)}`
}

export function addDaysToDate(date: LocalDate, days: number): LocalDate {
  const [year, month, day] = parseDate(date)
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10)
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOfDate(date: LocalDate): number {
  const [year, month, day] = parseDate(date)
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay()
}

/** Whether a 'YYYY-MM-DD…' string names a calendar date that exists (not 2030-02-30). */
export function isRealDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(text)
  if (!match) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(Date.UTC(year, month - 1, day))
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  )
}

export function isValidTimeZone(timeZone: string): boolean {
  if (!timeZone || timeZone.length > 64) return false
  try {
    formatterFor(timeZone)
    return true
  } catch {
    return false
  }
}

// In a file of its own: the dashboard's sign-in page needs this alone (issue 30's byte budget).
export { browserTimeZone } from './browser-zone'

// ICU still lists some zones under their old names; visitors search for the current ones.
const CURRENT_NAMES: Record<string, string> = {
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Asia/Rangoon': 'Asia/Yangon',
  'Europe/Kiev': 'Europe/Kyiv',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'America/Godthab': 'America/Nuuk',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'Pacific/Truk': 'Pacific/Chuuk',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Enderbury': 'Pacific/Kanton',
}

/** Every IANA zone this runtime knows, under its current name, for the time-zone picker. */
export function listTimeZones(): string[] {
  const zones = new Set<string>(['UTC'])
  for (const zone of Intl.supportedValuesOf('timeZone')) {
    const current = CURRENT_NAMES[zone]
    zones.add(current && isValidTimeZone(current) ? current : zone)
  }
  return [...zones].sort()
}
