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

/** The zone's offset at a whole-second instant, in ms, as Intl reads it. */
function offsetByIntl(ms: EpochMs, timeZone: string): number {
  const wall = readWallClock(ms, timeZone)
  return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second) - ms
}

/** A zone's offsets over one block of time: `offset[i]` (ms) holds from `at[i]` on. */
interface Transitions {
  at: EpochMs[]
  offset: number[]
}

/*
 * Zone conversion was the slot engine's second cost after the database (formatToParts per slot,
 * per staff member, per request). Each zone's offsets are read once per block of four weeks
 * instead: a probe a week (no zone changes its offset twice within a week) and, where the offset
 * differs, halving to the second it changes. Every conversion after that is arithmetic on the
 * table; blocks rather than years, so a visitor's zone costs only the weeks they look at.
 */
const PROBE_MS = 7 * 86_400_000
const BLOCK_MS = 4 * PROBE_MS
const TRANSITION_BLOCKS_LIMIT = 5_000
const transitionBlocks = new Map<string, Map<number, Transitions>>()
let transitionBlockCount = 0

function transitionsOfBlock(timeZone: string, block: number): Transitions {
  const from = block * BLOCK_MS
  const to = from + BLOCK_MS
  const table: Transitions = { at: [from], offset: [offsetByIntl(from, timeZone)] }
  let current = table.offset[0] as number
  let probe = from
  while (probe < to) {
    const next = Math.min(probe + PROBE_MS, to)
    if (offsetByIntl(next, timeZone) === current) {
      probe = next
      continue
    }
    // The first second in (probe, next] whose offset is not `current`.
    let low = probe / 1000
    let high = next / 1000
    while (high - low > 1) {
      const middle = Math.floor((low + high) / 2)
      if (offsetByIntl(middle * 1000, timeZone) === current) low = middle
      else high = middle
    }
    current = offsetByIntl(high * 1000, timeZone)
    table.at.push(high * 1000)
    table.offset.push(current)
    probe = high * 1000
  }
  return table
}

/** The zone's offset at an instant, in ms (what its wall clock reads, less UTC's). */
function offsetMs(ms: EpochMs, timeZone: string): number {
  const block = Math.floor(ms / BLOCK_MS)
  let zone = transitionBlocks.get(timeZone)
  let table = zone?.get(block)
  if (!table) {
    table = transitionsOfBlock(timeZone, block)
    // Bounded, so a long-running server asked for ever more zones and weeks does not grow
    // without limit.
    if (transitionBlockCount >= TRANSITION_BLOCKS_LIMIT) {
      transitionBlocks.clear()
      transitionBlockCount = 0
      zone = undefined
    }
    if (!zone) transitionBlocks.set(timeZone, (zone = new Map()))
    zone.set(block, table)
    transitionBlockCount++
  }
  let index = table.at.length - 1
  while ((table.at[index] as number) > ms) index--
  return table.offset[index] as number
}

/** The wall clock of an instant in a zone, read as if it were UTC (for its getUTC… fields). */
function wallClock(ms: EpochMs, timeZone: string): Date {
  return new Date(ms + offsetMs(ms, timeZone))
}

/** The zone's offset from UTC at an instant, in minutes (Berlin in summer: 120). */
export function zoneOffsetMinutes(ms: EpochMs, timeZone: string): number {
  return Math.round(offsetMs(ms, timeZone) / MINUTE)
}

function parseDate(date: LocalDate): [number, number, number] {
  // The engine parses dates for every working day of every staff member: the usual shape is read
  // by position, anything else by splitting.
  if (date.length === 10 && date[4] === '-' && date[7] === '-') {
    return [Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10))]
  }
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
  return wallClockToInstant(Date.UTC(year, month - 1, day) + parseTime(time) * MINUTE, timeZone)
}

/**
 * The instant a wall-clock time in a zone stands for, the wall-clock time given as the instant it
 * would be in UTC; DST resolved as zonedLocalToInstant says.
 */
export function wallClockToInstant(asUtc: EpochMs, timeZone: string): EpochMs {
  // The offsets in force a day either side cover every transition that could apply; the earlier
  // instant that reads as this wall-clock time wins.
  const before = zoneOffsetMinutes(asUtc - 86_400_000, timeZone)
  const after = zoneOffsetMinutes(asUtc + 86_400_000, timeZone)
  const reads = (offset: number) => {
    const instant = asUtc - offset * MINUTE
    return asUtc - zoneOffsetMinutes(instant, timeZone) * MINUTE === instant ? instant : Infinity
  }
  const found = Math.min(reads(before), reads(after))
  // A skipped time: read it with the offset from before the gap, which lands after the gap.
  return found === Infinity ? asUtc - before * MINUTE : found
}

/** The wall-clock time of an instant in a zone, to the minute, as the instant it would be in UTC. */
export function instantToWallClock(ms: EpochMs, timeZone: string): EpochMs {
  return Math.floor((ms + offsetMs(ms, timeZone)) / MINUTE) * MINUTE
}

/** A `datetime-local` input's value ('YYYY-MM-DDTHH:mm') read as a wall-clock time in `timeZone`. */
export function localInputToInstant(local: string, timeZone: string): EpochMs {
  const [date = '', time = '00:00'] = local.split('T')
  return zonedLocalToInstant(date, time, timeZone)
}

const pad = (n: number) => String(n).padStart(2, '0')

export function instantToZonedDate(ms: EpochMs, timeZone: string): LocalDate {
  const wall = wallClock(ms, timeZone)
  return `${wall.getUTCFullYear()}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}`
}

export function instantToZonedTime(ms: EpochMs, timeZone: string): LocalTime {
  const wall = wallClock(ms, timeZone)
  return `${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`
}

export function addDaysToDate(date: LocalDate, days: number): LocalDate {
  const [year, month, day] = parseDate(date)
  const moved = new Date(Date.UTC(year, month - 1, day + days))
  const movedYear = moved.getUTCFullYear()
  // Written by hand for four-digit years (the engine adds days for every working day); others as
  // toISOString writes them.
  if (movedYear < 1000 || movedYear > 9999) return moved.toISOString().slice(0, 10)
  return `${movedYear}-${pad(moved.getUTCMonth() + 1)}-${pad(moved.getUTCDate())}`
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
