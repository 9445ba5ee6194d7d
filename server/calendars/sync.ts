import crypto from 'node:crypto'
import { openManageToken } from '../booking/store/manage-token'
import type { Database } from '../db'
import { queueCalendarFailingMail } from '../notifications/mail/calendar-failing'
import type { TargetPolicy } from '../notifications/webhooks/targets'
import { guardedFetch, OutboundFailed } from './caldav/guarded-fetch'
import { demoCalendar, isDemoFeed } from './demo'
import { busyTimes } from './ical/busy-times'
import { isAppointmentUid } from './appointment-uid'
import type { CalendarErrorCode } from '../../src/lib/calendars/api-types'
import { OutboundRefused } from '../notifications/webhooks/targets'
import { CalendarError, readCalendar, readFeed, type CalDavAccount } from './caldav/client'
import {
  claimFailureMail,
  keepObjectsOf,
  loadForSync,
  markBusyRefreshed,
  objectsOf,
  recordFailure,
  recordSuccess,
  replaceObjects,
  saveCalendars,
  writeBusy,
  type StoredCalendar,
  type SyncedConnection,
} from './store'

const DAY = 86_400_000

/**
 * Busy times are kept from a day back (a slot starting now reads them) to the staff member's
 * furthest horizon plus twelve weeks, the longest weekly series a booking can start at its end.
 */
export function busyWindow(now: number, horizonDays: number) {
  return { from: now - DAY, to: now + (horizonDays + 7 * 12 + 1) * DAY }
}

/** A CalDAV time-range read reaches this far past the window, so it is not repeated daily. */
const READ_AHEAD_MS = 14 * DAY

export interface CalendarServices {
  db: Database
  now: () => number
  /** The link key: CalDAV passwords are sealed under it. */
  linkKey: Buffer
  /** Every outbound request goes through the guard of webhooks (server/calendars/caldav). */
  fetch: typeof fetch
  /** The public address: the UIDs of the events written and the links in them. */
  siteUrl: string
  /** The demo's own feed (`demo:`) may be read: only a server that loaded the demo data. */
  demo: boolean
}

/**
 * What the calendar work needs, from the booking context: its outbound requests go through
 * the guard webhooks use, under the same setting of allowed private networks.
 */
export function calendarServices(
  ctx: Pick<CalendarServices, 'db' | 'now' | 'linkKey' | 'siteUrl'>,
  targets: TargetPolicy,
  demo: boolean,
): CalendarServices {
  return {
    db: ctx.db,
    now: ctx.now,
    linkKey: ctx.linkKey,
    siteUrl: ctx.siteUrl,
    fetch: guardedFetch(targets),
    demo,
  }
}

/** A sync that cannot start: the saved password cannot be opened, or the demo's calendar is absent. */
export class CalendarSyncFailed extends Error {
  constructor(
    message: string,
    readonly code: CalendarErrorCode,
  ) {
    super(message)
    this.name = 'CalendarSyncFailed'
  }
}

/** What went wrong, as a code the dashboard says in its language; undefined: not the calendar. */
export function calendarErrorCode(error: unknown): CalendarErrorCode | undefined {
  if (error instanceof OutboundRefused) return 'calendar_address_refused'
  if (error instanceof OutboundFailed) return 'calendar_unreachable'
  if (error instanceof CalendarError || error instanceof CalendarSyncFailed) return error.code
  return undefined
}

/** The CalDAV account of a connection, its password opened. */
export function accountOf(services: CalendarServices, connection: SyncedConnection): CalDavAccount {
  const password =
    connection.passwordSealed && openManageToken(services.linkKey, connection.passwordSealed)
  if (password === undefined || password === null) {
    // Sealed under another key: LINK_SECRET changed since the connection was made.
    throw new CalendarSyncFailed(
      'The saved password cannot be read any more (the server key changed): connect again.',
      'calendar_password_unreadable',
    )
  }
  return { url: connection.url, username: connection.username ?? '', password }
}

/**
 * Reads what changed in each checked calendar into calendar_objects (the rest is forgotten);
 * answers whether anything stored changed, so an unchanged calendar costs no writes.
 */
async function readSources(
  services: CalendarServices,
  connection: SyncedConnection,
): Promise<boolean> {
  const { db, now } = services
  const window = busyWindow(now(), connection.horizonDays)
  let changed = false
  const calendars: StoredCalendar[] = []
  for (const calendar of connection.calendars) {
    if (!calendar.checked) {
      // Read whole again once it is checked again: what it held meanwhile was not kept.
      calendars.push({ ...calendar, ctag: null, readUntil: null })
      continue
    }
    if (connection.kind === 'ics') {
      const known = { etag: calendar.ctag }
      const read = isDemoFeed(connection.url)
        ? demoRead(services, connection, known)
        : await readFeed(connection.url, services.fetch, known)
      if (read === 'unchanged') calendars.push(calendar)
      else {
        await replaceObjects(db, connection.id, calendar.url, [
          { href: calendar.url, etag: read.etag, data: read.text },
        ])
        calendars.push({ ...calendar, ctag: read.etag })
        changed = true
      }
      continue
    }
    const covered = calendar.readUntil !== null && calendar.readUntil >= window.to
    const read = await readCalendar(
      accountOf(services, connection),
      { url: calendar.url, ctag: covered ? calendar.ctag : null },
      { from: window.from, to: window.to + READ_AHEAD_MS },
      services.fetch,
    )
    if (read === 'unchanged') calendars.push(calendar)
    else {
      await replaceObjects(
        db,
        connection.id,
        calendar.url,
        read.objects.map((object) => ({ href: object.url, etag: object.etag, data: object.data })),
      )
      calendars.push({ ...calendar, ctag: read.ctag, readUntil: window.to + READ_AHEAD_MS })
      changed = true
    }
  }
  const checked = connection.calendars.filter((c) => c.checked).map((c) => c.url)
  if (connection.storedCalendars.some((url) => !checked.includes(url))) {
    await keepObjectsOf(db, connection.id, checked)
    changed = true
  }
  if (JSON.stringify(calendars) !== JSON.stringify(connection.calendars)) {
    await saveCalendars(db, connection.id, calendars)
  }
  return changed
}

/** The demo's calendar, "unchanged" while its text is (it moves with the day). */
function demoRead(
  services: CalendarServices,
  connection: SyncedConnection,
  known: { etag: string | null },
) {
  if (!services.demo) {
    throw new CalendarSyncFailed(
      'The demo calendar exists only on a server with the demo data.',
      'calendar_not_found',
    )
  }
  const text = demoCalendar(services.now(), connection.timeZone)
  const etag = `"${crypto.createHash('sha256').update(text).digest('base64url')}"`
  return etag === known.etag ? ('unchanged' as const) : { etag, text }
}

/** The connection's busy intervals from what is stored, written when they changed. */
export async function refreshBusy(services: CalendarServices, id: number) {
  await services.db.transaction(async (tx) => {
    // Locked, so two syncs of one connection (the schedule and a booking) write one after the
    // other rather than both deleting and both inserting.
    const connection = await loadForSync(tx, id, true)
    if (!connection) return
    const objects = await objectsOf(tx, id)
    const checked = new Set(connection.calendars.filter((c) => c.checked).map((c) => c.url))
    const { busy } = busyTimes(
      objects.filter((object) => checked.has(object.calendarUrl)).map((object) => object.data),
      busyWindow(services.now(), connection.horizonDays),
      connection.timeZone,
      { ignoreUid: isAppointmentUid(services.siteUrl) },
    )
    await writeBusy(tx, id, busy)
    await markBusyRefreshed(tx, id, services.now())
  })
}

/**
 * Unchanged calendars are expanded again this often anyway, as the window's far end moves on:
 * it reaches twelve weeks past the furthest bookable day, so a few hours never matter.
 */
const BUSY_REFRESH_MS = 6 * 3_600_000

/**
 * A connection's staff member is told by e-mail once this many syncs in a row failed over at
 * least FAILING_FOR_MS_BEFORE_MAIL: three runs of the 5-minute schedule are a quarter of an hour
 * in which no one could read the calendar, not one blip that the next run gets past. The time
 * counts too, as the reads before bookings add failures of their own within seconds.
 */
export const FAILURES_BEFORE_MAIL = 3
export const FAILING_FOR_MS_BEFORE_MAIL = 10 * 60_000

/** How stale "last synced" may be: bookings read the calendar far more often than people look. */
const SUCCESS_RECORDED_EVERY_MS = 60_000

export type SyncOutcome = { ok: true } | { ok: false; error: string; failures: number }

/**
 * A failure keeps the busy times of the last read and is counted on the connection, and the
 * failure that makes FAILURES_BEFORE_MAIL in a row queues the one e-mail of the streak in the
 * same transaction.
 */
async function sync(services: CalendarServices, id: number): Promise<SyncOutcome> {
  const connection = await loadForSync(services.db, id)
  if (!connection) return { ok: true }
  try {
    const changed = await readSources(services, connection)
    const now = services.now()
    const refreshed = connection.busyRefreshedAt ? +new Date(connection.busyRefreshedAt) : -Infinity
    if (changed || now - refreshed >= BUSY_REFRESH_MS) await refreshBusy(services, id)
    // A connection read well within the last minute is not written again for each booking.
    const synced = connection.lastSyncedAt ? +new Date(connection.lastSyncedAt) : -Infinity
    if (connection.failures > 0 || changed || now - synced >= SUCCESS_RECORDED_EVERY_MS) {
      await recordSuccess(services.db, id, now)
    }
    return { ok: true }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    const now = services.now()
    const failures = await services.db.transaction(async (tx) => {
      // Anything else that stopped the read (a calendar no parser could read) is said as is.
      const code = calendarErrorCode(error) ?? 'calendar_not_found'
      const count = await recordFailure(tx, id, now, { message, code })
      const streak = await claimFailureMail(tx, id, now, {
        failures: FAILURES_BEFORE_MAIL,
        forMs: FAILING_FOR_MS_BEFORE_MAIL,
      })
      if (streak) await queueCalendarFailingMail(tx, id, streak, now)
      return count
    })
    return { ok: false, error: message, failures }
  }
}

/** The syncs running in this process, per database: one asked again meanwhile joins it. */
const running = new WeakMap<Database, Map<number, Promise<SyncOutcome>>>()

/**
 * Reads the connection's checked calendars (only what changed: ctag and ETag aware), expands
 * their events into busy intervals and stores them. A failure keeps the busy times of the last
 * read and is counted on the connection; it never throws. Bookings racing for one staff member
 * share one read of their calendar rather than each making their own.
 */
export function syncConnection(services: CalendarServices, id: number): Promise<SyncOutcome> {
  const syncs = running.get(services.db) ?? new Map<number, Promise<SyncOutcome>>()
  running.set(services.db, syncs)
  const current = syncs.get(id)
  if (current) return current
  const started = sync(services, id).finally(() => syncs.delete(id))
  syncs.set(id, started)
  return started
}
