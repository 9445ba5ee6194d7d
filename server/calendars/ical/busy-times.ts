import ICAL from 'ical.js'
import { isValidTimeZone, zonedLocalToInstant } from '../../../src/lib/time'
import { mergeIntervals } from '../../booking/availability/opening-hours'

/** Epoch milliseconds, start inclusive, end exclusive. */
export interface BusyInterval {
  start: number
  end: number
}

export interface BusyTimes {
  /** Sorted; overlapping or touching intervals joined. */
  busy: BusyInterval[]
  /**
   * Calendars that would not parse and events that could not be expanded (or hit the expansion
   * cap), left out so one broken object does not hide every other busy time; worth a log line.
   */
  skipped: number
}

/*
 * A series is followed from its DTSTART, or for an open DAILY or WEEKLY rule from shortly before
 * the window (see fastForward), so a rule with COUNT or an HOURLY one begun long ago costs an
 * iteration (some 10 to 20 µs in ical.js) per past instance. The caps stop a MINUTELY rule from a
 * decade ago, or a text full of them, from holding the sync for minutes; what a series gave
 * before its cap still counts as busy.
 */
export const EXPANSION_LIMITS = { perSeries: 10_000, perCall: 200_000 }

const DAY_MS = 86_400_000
/** No zone is further than 14 h from UTC, so a wall-clock time read as UTC is within this. */
const MAX_ZONE_OFFSET_MS = 15 * 3_600_000

/**
 * The busy intervals of `calendars` (each the text of one VCALENDAR, may hold many VEVENTs and
 * VTIMEZONEs; a CalDAV calendar gives one text per event resource, a feed one big text) that
 * overlap [window.from, window.to), merged (overlapping or touching joined) and sorted. Intervals
 * are not cut to the window. `zone` is the practitioner's IANA zone: floating times, all-day
 * (DATE) events and TZIDs that are neither defined in the text nor IANA names are read in it.
 * `limits` caps the instances followed per series and per call (tests lower them). Events whose
 * UID `ignoreUid` accepts are left out: the bookings this product wrote into the calendar, which
 * already hold their time and must not block the other seats of their own class.
 */
export function busyTimes(
  calendars: string[],
  window: { from: number; to: number },
  zone: string,
  {
    limits = EXPANSION_LIMITS,
    ignoreUid = () => false,
  }: { limits?: typeof EXPANSION_LIMITS; ignoreUid?: (uid: string) => boolean } = {},
): BusyTimes {
  let skipped = 0
  const masters: ICAL.Component[] = []
  // Overrides (RECURRENCE-ID) are matched to their series by UID across every text: CalDAV
  // servers may store an invitation's changed instance as a resource of its own.
  const overridesByUid = new Map<string, ICAL.Component[]>()
  const orphans: ICAL.Component[] = []

  for (const text of calendars) {
    const read = readEvents(text)
    skipped += read.skipped
    for (const vevent of read.events) {
      const uid = vevent.getFirstPropertyValue('uid')
      if (typeof uid === 'string' && ignoreUid(uid)) continue
      if (!vevent.hasProperty('recurrence-id')) masters.push(vevent)
      else if (typeof uid !== 'string') orphans.push(vevent)
      else overridesByUid.set(uid, [...(overridesByUid.get(uid) ?? []), vevent])
    }
  }

  const intervals: BusyInterval[] = []
  const budget = { perSeries: limits.perSeries, left: limits.perCall }
  const keep = (start: number, end: number) => {
    if (end > start && start < window.to && end > window.from) intervals.push({ start, end })
  }
  for (const master of masters) {
    const uid = master.getFirstPropertyValue('uid')
    const overrides = typeof uid === 'string' ? (overridesByUid.get(uid) ?? []) : []
    try {
      if (!expandSeries(master, overrides, window, zone, keep, budget)) skipped++
    } catch {
      skipped++
    }
  }
  // An override is busy in its own right (its own times, status and transparency, as RFC 5545
  // makes it a whole component); its series only loses the instance it replaces. One whose
  // series is absent or does not produce that instance is still kept: busy wrongly beats a
  // double booking.
  for (const override of [...overridesByUid.values()].flat().concat(orphans)) {
    try {
      if (!isBusy(override)) continue
      const start = timeValue(override, 'dtstart') ?? timeValue(override, 'recurrence-id')
      if (!start) throw new Error('override without a start')
      const startInstant = instantOf(start, zone)
      keep(startInstant, endRule(override, zone)(start, startInstant))
    } catch {
      skipped++
    }
  }
  return { busy: mergeIntervals(intervals), skipped }
}

/**
 * The VEVENTs of one text. ical.js refuses a whole text for one bad line (an unknown RRULE FREQ,
 * a stray line), which would drop every event of a feed; then each VEVENT block is given to
 * ical.js again on its own, with the text's VTIMEZONEs, and only the blocks it refuses are lost.
 */
function readEvents(text: string): { events: ICAL.Component[]; skipped: number } {
  try {
    return { events: parseEvents(text), skipped: 0 }
  } catch {
    const blocks = componentBlocks(text, 'VEVENT')
    if (blocks.length === 0) return { events: [], skipped: 1 }
    const zones = componentBlocks(text, 'VTIMEZONE').filter((zone) => {
      try {
        ICAL.parse(['BEGIN:VCALENDAR', zone, 'END:VCALENDAR'].join('\r\n'))
        return true
      } catch {
        return false
      }
    })
    const events: ICAL.Component[] = []
    let skipped = 0
    for (const block of blocks) {
      try {
        events.push(
          ...parseEvents(['BEGIN:VCALENDAR', ...zones, block, 'END:VCALENDAR'].join('\r\n')),
        )
      } catch {
        skipped++
      }
    }
    return { events, skipped }
  }
}

function parseEvents(text: string): ICAL.Component[] {
  const parsed: unknown = ICAL.parse(text)
  // One component comes back as its jCal array, several (concatenated VCALENDARs) as a list.
  const roots = Array.isArray(parsed) && typeof parsed[0] === 'string' ? [parsed] : parsed
  if (!Array.isArray(roots) || roots.length === 0) throw new Error('not iCalendar')
  const events: ICAL.Component[] = []
  for (const jcal of roots as unknown[][]) {
    const root = new ICAL.Component(jcal)
    shareZones(root)
    const vevents = root.name === 'vevent' ? [root] : root.getAllSubcomponents('vevent')
    for (const vevent of vevents) registerIanaZones(root, vevent)
    events.push(...vevents)
  }
  return events
}

/** The text of each BEGIN:name … END:name block at the top of its nesting, lines kept as sent. */
function componentBlocks(text: string, name: string): string[] {
  const blocks: string[] = []
  let current: string[] | null = null
  for (const line of text.split(/\r?\n/)) {
    const marker = line.trim().toUpperCase()
    if (!current && marker === `BEGIN:${name}`) current = []
    if (current) current.push(line)
    if (current && marker === `END:${name}`) {
      blocks.push(current.join('\r\n'))
      current = null
    }
  }
  return blocks
}

/*
 * ical.js turns a VTIMEZONE into offsets by expanding its rules from their first year (1601 in
 * Outlook's) for each text that holds it: with a CalDAV calendar giving one text per event, that
 * was nine tenths of the time. A zone is built once per distinct VTIMEZONE and handed to each
 * text's own zone cache (ical.js's, which it fills the same way on first use).
 */
const ZONE_CACHE_LIMIT = 500
const zonesByDefinition = new Map<string, ICAL.Timezone>()

function shareZones(root: ICAL.Component) {
  const cache = (root as unknown as { _timezoneCache?: unknown })._timezoneCache
  if (!(cache instanceof Map)) return
  for (const vtimezone of root.getAllSubcomponents('vtimezone')) {
    const tzid = vtimezone.getFirstPropertyValue('tzid')
    if (typeof tzid !== 'string' || cache.has(tzid)) continue
    const definition = JSON.stringify(vtimezone.toJSON())
    let zone = zonesByDefinition.get(definition)
    if (!zone) {
      if (zonesByDefinition.size >= ZONE_CACHE_LIMIT) zonesByDefinition.clear()
      zone = new ICAL.Timezone({ component: vtimezone, tzid })
      zonesByDefinition.set(definition, zone)
    }
    cache.set(tzid, zone)
  }
}

/**
 * ical.js knows only the VTIMEZONEs of the text (and UTC); a TZID naming an IANA zone without its
 * VTIMEZONE (as Google's and Outlook's feeds often send) would otherwise be read as floating.
 * Registered before any date value is read: ical.js resolves a TZID when it first decodes the
 * value. A VTIMEZONE in the text still wins, as ical.js looks in the text first.
 */
function registerIanaZones(root: ICAL.Component, vevent: ICAL.Component) {
  for (const property of vevent.getAllProperties()) {
    const tzid = property.getParameter('tzid')
    if (typeof tzid !== 'string' || ICAL.TimezoneService.has(tzid)) continue
    if (root.getTimeZoneByID(tzid) || !isValidTimeZone(tzid)) continue
    ICAL.TimezoneService.register(new IanaZone(tzid))
  }
}

/** An IANA zone for ical.js, its offsets from the runtime's zone data through src/lib/time. */
class IanaZone extends ICAL.Timezone {
  constructor(tzid: string) {
    super({ tzid })
  }

  /** The offset, in seconds, in force at `time` read as a wall clock in this zone. */
  override utcOffset(time: ICAL.Time): number {
    const wall = Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute)
    const instant = zonedLocalToInstant(localDate(time), localTime(time), this.tzid)
    return (wall - instant) / 1000
  }
}

const pad = (n: number) => String(n).padStart(2, '0')
const localDate = (time: ICAL.Time) => `${time.year}-${pad(time.month)}-${pad(time.day)}`
const localTime = (time: ICAL.Time) => `${pad(time.hour)}:${pad(time.minute)}`

/** The instant a time stands for; dates and floating times are read in the practitioner's zone. */
function instantOf(time: ICAL.Time, zone: string): number {
  if (time.isDate) return zonedLocalToInstant(localDate(time), '00:00', zone)
  if (time.zone === ICAL.Timezone.localTimezone) {
    return zonedLocalToInstant(localDate(time), localTime(time), zone) + time.second * 1000
  }
  if (time.zone instanceof IanaZone || !time.zone?.component) return time.toUnixTime() * 1000
  return vtimezoneInstant(time)
}

/**
 * A wall clock read through a VTIMEZONE as RFC 5545 (3.3.5) reads it: a time skipped by
 * spring-forward with the offset from before the gap, a time repeated at fall-back as its first
 * instant. ical.js gives both the offset from after the change (02:30 on Berlin's spring-forward
 * day at 00:30Z, not 01:30Z; 02:30 on its fall-back day at 01:30Z, not 00:30Z). Only a time
 * within the change's size after it reads as "before" at that size earlier, so that is the test.
 */
function vtimezoneInstant(time: ICAL.Time): number {
  const zone = time.zone
  const wall = Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second)
  const own = zone.utcOffset(time)
  const change = changeAround(zone, time)
  if (!change) return wall - own * 1000
  const earlier = time.clone()
  earlier.adjust(0, 0, 0, -Math.abs(change.after - change.before))
  const offset = own !== change.before && zone.utcOffset(earlier) === change.before
  return wall - (offset ? change.before : own) * 1000
}

/*
 * Whether a VTIMEZONE changes offset between noon the day before and noon the day after a date,
 * remembered per zone and date: a window's instances fall on a few dozen dates, and each look
 * costs ical.js two offset searches.
 */
const changes = new WeakMap<ICAL.Timezone, Map<string, { before: number; after: number } | null>>()

function changeAround(zone: ICAL.Timezone, time: ICAL.Time) {
  let known = changes.get(zone)
  if (!known) changes.set(zone, (known = new Map()))
  const date = localDate(time)
  let change = known.get(date)
  if (change === undefined) {
    const noon = (days: number) => {
      const at = new ICAL.Time(
        { year: time.year, month: time.month, day: time.day, hour: 12 },
        zone,
      )
      at.adjust(days, 0, 0, 0)
      return zone.utcOffset(at)
    }
    const [before, after] = [noon(-1), noon(1)]
    change = before === after ? null : { before, after }
    known.set(date, change)
  }
  return change
}

function timeValue(component: ICAL.Component, name: string): ICAL.Time | null {
  const value = component.getFirstPropertyValue(name)
  return value instanceof ICAL.Time ? value : null
}

function isBusy(component: ICAL.Component): boolean {
  const status = String(component.getFirstPropertyValue('status') ?? '').toUpperCase()
  const transp = String(component.getFirstPropertyValue('transp') ?? '').toUpperCase()
  return status !== 'CANCELLED' && transp !== 'TRANSPARENT'
}

function plusDays(time: ICAL.Time, days: number): ICAL.Time {
  const moved = time.clone()
  moved.adjust(days, 0, 0, 0)
  return moved
}

const dayNumber = (time: ICAL.Time) => Date.UTC(time.year, time.month - 1, time.day) / DAY_MS

/**
 * Where an instance of the component ends, given where it starts, by DTEND or DURATION. RFC 5545:
 * DTEND gives every instance the same exact length, except that a DATE event's length is whole
 * days (a day in `zone` is 23 h on spring-forward); DURATION's days and weeks are nominal (same
 * wall clock n days on) and its hours, minutes and seconds exact. Neither: a DATE event lasts
 * its day, a DATE-TIME event no time at all. Worked out once per component, not per instance.
 */
function endRule(
  component: ICAL.Component,
  zone: string,
): (start: ICAL.Time, startInstant: number) => number {
  const dtend = timeValue(component, 'dtend')
  const duration = component.getFirstPropertyValue('duration')
  let days = 0
  let exact = 0
  if (dtend) {
    const dtstart = timeValue(component, 'dtstart') ?? timeValue(component, 'recurrence-id')
    if (!dtstart) throw new Error('event without a start')
    if (!dtstart.isDate) {
      const length = instantOf(dtend, zone) - instantOf(dtstart, zone)
      return (_start, startInstant) => startInstant + length
    }
    days = dayNumber(dtend) - dayNumber(dtstart)
  } else if (duration instanceof ICAL.Duration) {
    const sign = duration.isNegative ? -1 : 1
    days = sign * (duration.weeks * 7 + duration.days)
    exact = sign * (duration.hours * 3600 + duration.minutes * 60 + duration.seconds) * 1000
  } else {
    return (start, startInstant) =>
      start.isDate ? instantOf(plusDays(start, 1), zone) : startInstant
  }
  return (start, startInstant) =>
    (days === 0 ? startInstant : instantOf(plusDays(start, days), zone)) + exact
}

/**
 * Feeds the busy instances of one series (or single event) to `keep`. Returns false when a cap
 * stopped it.
 */
function expandSeries(
  master: ICAL.Component,
  overrides: ICAL.Component[],
  window: { from: number; to: number },
  zone: string,
  keep: (start: number, end: number) => void,
  budget: { perSeries: number; left: number },
): boolean {
  const ranges = overrides.filter((override) => new ICAL.Event(override).modifiesFuture())
  if (!isBusy(master) && ranges.length === 0) return true
  if (!master.hasProperty('rrule') && !master.hasProperty('rdate') && overrides.length === 0) {
    // Most of a calendar: one instance, no expansion to set up.
    const start = timeValue(master, 'dtstart')
    if (!start) throw new Error('event without a start')
    const startInstant = instantOf(start, zone)
    keep(startInstant, endRule(master, zone)(start, startInstant))
    return true
  }
  // Only RANGE=THISANDFUTURE overrides go to ical.js, which shifts the later instances by them;
  // the others are matched here by instant, as ical.js matches them by their text and misses an
  // override whose RECURRENCE-ID is written in another zone than DTSTART.
  const event = new ICAL.Event(master, { exceptions: ranges })
  const replaced = new Set<number>()
  for (const override of overrides) {
    const id = timeValue(override, 'recurrence-id')
    if (id) replaced.add(instantOf(id, zone))
  }

  // ical.js misses an EXDATE that follows one matching no instance (it steps past one EXDATE per
  // instance), so every EXDATE is checked here as well.
  const excludedInstants = new Set<number>()
  const excludedDates = new Set<string>()
  for (const property of master.getAllProperties('exdate')) {
    for (const value of property.getValues()) {
      if (!(value instanceof ICAL.Time)) continue
      if (value.isDate) excludedDates.add(localDate(value))
      else excludedInstants.add(instantOf(value, zone))
    }
  }

  // ical.js yields an RDATE;VALUE=PERIOD as a Period among the Times and then loses DTSTART, so
  // periods are taken out and given their own start and end here.
  const periods: ICAL.Period[] = []
  for (const property of master.getAllProperties('rdate')) {
    const values = property.getValues()
    const times = values.filter((value) => !(value instanceof ICAL.Period))
    periods.push(...values.filter((value): value is ICAL.Period => value instanceof ICAL.Period))
    if (times.length === 0) master.removeProperty(property)
    else if (times.length < values.length) property.setValues(times)
  }

  // A THISANDFUTURE override that moves instances earlier can bring later ones into the window.
  let until = window.to
  for (const range of ranges) {
    const id = timeValue(range, 'recurrence-id')
    const start = timeValue(range, 'dtstart')
    if (id && start)
      until = Math.max(until, window.to + instantOf(id, zone) - instantOf(start, zone))
  }
  const dtstart = event.startDate
  if (!(dtstart instanceof ICAL.Time)) throw new Error('event without a start')
  // A DATE UNTIL with a DATE-TIME DTSTART (against RFC 5545, common in the wild) is read by
  // ical.js as that day's midnight, dropping the day's own instance; calendar apps count the day.
  for (const property of master.getAllProperties('rrule')) {
    const rule = property.getFirstValue()
    if (rule instanceof ICAL.Recur && rule.until?.isDate && !dtstart.isDate) {
      const { year, month, day } = rule.until
      rule.until = new ICAL.Time(
        { year, month, day, hour: 23, minute: 59, second: 59 },
        dtstart.zone,
      )
    }
  }
  const endOf = endRule(master, zone)
  const first = instantOf(dtstart, zone)
  const longest = endOf(dtstart, first) - first + DAY_MS

  /** Keeps one instance unless replaced or excluded; says whether the series is past `until`. */
  const visit = (next: ICAL.Time, periodEnd?: number): boolean => {
    // Read as UTC, the wall clock brackets the instant: instances long before the window are
    // passed without the zone conversion, which costs more than the iteration.
    const wall = Date.UTC(next.year, next.month - 1, next.day, next.hour, next.minute)
    if (wall - MAX_ZONE_OFFSET_MS >= until) return true
    const far = periodEnd === undefined && ranges.length === 0
    if (far && wall + MAX_ZONE_OFFSET_MS + longest <= window.from) return false
    const start = instantOf(next, zone)
    if (start >= until) return true
    if (replaced.has(start) || excludedInstants.has(start)) return false
    if (excludedDates.has(localDate(next))) return false
    if (periodEnd !== undefined) {
      if (isBusy(master)) keep(start, periodEnd)
    } else if (ranges.length === 0) {
      keep(start, endOf(next, start))
    } else {
      const details = event.getOccurrenceDetails(next)
      const item = details.item.component
      if (isBusy(item)) {
        const moved = instantOf(details.startDate, zone)
        keep(moved, endRule(item, zone)(details.startDate, moved))
      }
    }
    return false
  }

  for (const period of periods) visit(period.start, instantOf(period.getEnd(), zone))
  // With RDATE and no RRULE ical.js starts at the first RDATE: DTSTART, the set's first instance
  // (RFC 5545, 3.8.5.2), is left out.
  if (master.hasProperty('rdate') && !master.hasProperty('rrule')) visit(dtstart)
  const iterator = event.iterator(fastForward(master, dtstart, window.from - longest, zone, ranges))
  let count = 0
  for (let next = iterator.next(); next; next = iterator.next()) {
    if (++count > budget.perSeries || --budget.left < 0) return false
    if (visit(next)) break
  }
  return true
}

/**
 * Where ical.js may start following a DAILY or WEEKLY rule without COUNT: DTSTART moved on by
 * whole INTERVALs of days or weeks (the same wall clock, weekday and week phase, so the same later
 * instances) to shortly before `before`. Without it a weekly meeting kept for years costs an
 * iteration per past week; with COUNT every earlier instance has to be counted.
 */
function fastForward(
  master: ICAL.Component,
  dtstart: ICAL.Time,
  before: number,
  zone: string,
  ranges: ICAL.Component[],
): ICAL.Time | undefined {
  const rules = master.getAllProperties('rrule')
  const rule = rules.length === 1 ? rules[0]?.getFirstValue() : undefined
  if (!(rule instanceof ICAL.Recur) || rule.count || ranges.length > 0) return undefined
  const days = { DAILY: 1, WEEKLY: 7 }[rule.freq as string]
  if (!days) return undefined
  const step = days * Math.max(1, rule.interval || 1)
  // A day's slack on top for the zone's changes between DTSTART and the window.
  const steps = Math.floor((before - instantOf(dtstart, zone) - DAY_MS) / (step * DAY_MS))
  return steps > 0 ? plusDays(dtstart, steps * step) : undefined
}
