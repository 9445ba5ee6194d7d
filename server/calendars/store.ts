import type {
  CalendarConnection,
  CalendarErrorCode,
  ConnectedCalendar,
} from '../../src/lib/calendars/api-types'
import type { Queryable } from '../db'

/** A calendar as stored: what the API shows, and what the last read learned of it. */
export interface StoredCalendar extends ConnectedCalendar {
  /** The CalDAV collection tag (or the feed's ETag) at the last read. */
  ctag: string | null
  /** The end of the time range the stored objects were read for (CalDAV only). */
  readUntil: number | null
}

/** A connection with what a sync needs, the sealed password included. */
export interface SyncedConnection {
  id: number
  staffId: number
  kind: 'caldav' | 'ics'
  url: string
  username: string | null
  passwordSealed: Buffer | null
  calendars: StoredCalendar[]
  /** The staff member's zone: all-day events and floating times are read in it. */
  timeZone: string
  /** The furthest any of the staff member's services may be booked ahead, in days. */
  horizonDays: number
  failures: number
  busyRefreshedAt: Date | null
  lastSyncedAt: Date | null
  /** The calendars calendar_objects holds objects of. */
  storedCalendars: string[]
}

const PUBLIC_COLUMNS = `c.id, c.kind, c.url, c.username, c.calendars,
  CASE WHEN c.failures > 0 THEN 'failing' ELSE 'ok' END AS state,
  c.last_synced_at AS "lastSyncedAt", c.last_error AS "lastError",
  c.last_error_code AS "lastErrorCode", c.failures,
  (SELECT count(*)::int FROM calendar_busy b WHERE b.connection_id = c.id) AS "busyCount"`

type PublicRow = Omit<CalendarConnection, 'lastSyncedAt' | 'calendars'> & {
  lastSyncedAt: Date | string | null
  calendars: StoredCalendar[]
}

function publicOf(row: PublicRow): CalendarConnection {
  return {
    ...row,
    lastSyncedAt: row.lastSyncedAt && new Date(row.lastSyncedAt).toISOString(),
    calendars: row.calendars.map(({ url, name, color, checked, receivesBookings }) => ({
      url,
      name,
      color,
      checked,
      receivesBookings,
    })),
  }
}

export async function listConnections(
  db: Queryable,
  staffId: number,
): Promise<CalendarConnection[]> {
  const { rows } = await db.query<PublicRow>(
    `SELECT ${PUBLIC_COLUMNS} FROM calendar_connections c WHERE c.staff_id = $1 ORDER BY c.id`,
    [staffId],
  )
  return rows.map(publicOf)
}

export async function findConnection(
  db: Queryable,
  staffId: number,
  id: number,
): Promise<CalendarConnection | undefined> {
  const { rows } = await db.query<PublicRow>(
    `SELECT ${PUBLIC_COLUMNS} FROM calendar_connections c WHERE c.staff_id = $1 AND c.id = $2`,
    [staffId, id],
  )
  return rows[0] && publicOf(rows[0])
}

export async function insertConnection(
  db: Queryable,
  connection: Pick<
    SyncedConnection,
    'staffId' | 'kind' | 'url' | 'username' | 'passwordSealed' | 'calendars'
  >,
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO calendar_connections (staff_id, kind, url, username, password_sealed, calendars)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [
      connection.staffId,
      connection.kind,
      connection.url,
      connection.username,
      connection.passwordSealed,
      JSON.stringify(connection.calendars),
    ],
  )
  return (rows[0] as { id: number }).id
}

export async function deleteConnection(db: Queryable, staffId: number, id: number) {
  const { affectedRows } = await db.query(
    'DELETE FROM calendar_connections WHERE staff_id = $1 AND id = $2',
    [staffId, id],
  )
  return (affectedRows ?? 0) > 0
}

/** The connection and its staff member's zone and booking horizon; locked with `lock`. */
export async function loadForSync(
  db: Queryable,
  id: number,
  lock = false,
): Promise<SyncedConnection | undefined> {
  const { rows } = await db.query<SyncedConnection & { passwordSealed: Uint8Array | null }>(
    `SELECT c.id, c.staff_id AS "staffId", c.kind, c.url, c.username,
            c.password_sealed AS "passwordSealed", c.calendars, c.failures,
            c.busy_refreshed_at AS "busyRefreshedAt", c.last_synced_at AS "lastSyncedAt",
            ARRAY(SELECT DISTINCT o.calendar_url FROM calendar_objects o
                   WHERE o.connection_id = c.id) AS "storedCalendars",
            s.time_zone AS "timeZone",
            COALESCE((SELECT max(sv.horizon_days) FROM staff_services ss
                        JOIN services sv ON sv.id = ss.service_id
                       WHERE ss.staff_id = s.id), 60)::int AS "horizonDays"
       FROM calendar_connections c JOIN staff s ON s.id = c.staff_id
      WHERE c.id = $1 ${lock ? 'FOR UPDATE OF c' : ''}`,
    [id],
  )
  const row = rows[0]
  if (!row) return undefined
  return { ...row, passwordSealed: row.passwordSealed && Buffer.from(row.passwordSealed) }
}

export async function saveCalendars(db: Queryable, id: number, calendars: StoredCalendar[]) {
  await db.query('UPDATE calendar_connections SET calendars = $2 WHERE id = $1', [
    id,
    JSON.stringify(calendars),
  ])
}

export interface StoredObject {
  calendarUrl: string
  href: string
  etag: string | null
  data: string
}

export async function objectsOf(db: Queryable, id: number): Promise<StoredObject[]> {
  const { rows } = await db.query<StoredObject>(
    `SELECT calendar_url AS "calendarUrl", href, etag, data FROM calendar_objects
      WHERE connection_id = $1 ORDER BY calendar_url, href`,
    [id],
  )
  return rows
}

/** What one calendar holds now, in place of what it held. */
export async function replaceObjects(
  tx: Queryable,
  id: number,
  calendarUrl: string,
  objects: Omit<StoredObject, 'calendarUrl'>[],
) {
  await tx.query('DELETE FROM calendar_objects WHERE connection_id = $1 AND calendar_url = $2', [
    id,
    calendarUrl,
  ])
  if (objects.length === 0) return
  await tx.query(
    `INSERT INTO calendar_objects (connection_id, calendar_url, href, etag, data)
     SELECT $1, $2, o.href, o.etag, o.data
       FROM json_to_recordset($3::json) AS o(href text, etag text, data text)
     ON CONFLICT DO NOTHING`,
    [id, calendarUrl, JSON.stringify(objects)],
  )
}

/** Forgets the objects of calendars no longer checked (or gone), so they count no more. */
export async function keepObjectsOf(tx: Queryable, id: number, calendarUrls: string[]) {
  await tx.query(
    'DELETE FROM calendar_objects WHERE connection_id = $1 AND NOT (calendar_url = ANY($2::text[]))',
    [id, calendarUrls],
  )
}

/**
 * Stores the connection's busy intervals when they differ from those stored: an unchanged
 * calendar writes nothing, so it does not empty every process's slot cache (the table's trigger
 * bumps the availability revision on any write).
 */
export async function writeBusy(
  tx: Queryable,
  id: number,
  busy: { start: number; end: number }[],
): Promise<boolean> {
  const { rows } = await tx.query<{ start: number; end: number }>(
    `SELECT (extract(epoch FROM lower(during)) * 1000)::float8 AS start,
            (extract(epoch FROM upper(during)) * 1000)::float8 AS "end"
       FROM calendar_busy WHERE connection_id = $1 ORDER BY lower(during), upper(during)`,
    [id],
  )
  const same =
    rows.length === busy.length &&
    rows.every((row, i) => row.start === busy[i]?.start && row.end === busy[i]?.end)
  if (same) return false
  await tx.query('DELETE FROM calendar_busy WHERE connection_id = $1', [id])
  if (busy.length > 0) {
    await tx.query(
      `INSERT INTO calendar_busy (connection_id, during)
       SELECT $1, tstzrange(to_timestamp(b.start / 1000.0), to_timestamp(b."end" / 1000.0))
         FROM json_to_recordset($2::json) AS b(start float8, "end" float8)`,
      [id, JSON.stringify(busy)],
    )
  }
  return true
}

export async function markBusyRefreshed(tx: Queryable, id: number, now: number) {
  await tx.query('UPDATE calendar_connections SET busy_refreshed_at = $2 WHERE id = $1', [
    id,
    new Date(now),
  ])
}

/** Ends a failing streak, if any: the next one is told by e-mail again. */
export async function recordSuccess(db: Queryable, id: number, now: number) {
  await db.query(
    `UPDATE calendar_connections
        SET failures = 0, last_error = NULL, last_error_code = NULL, last_attempt_at = $2,
            last_synced_at = $2,
            failing_since = NULL, failure_mailed_at = NULL
      WHERE id = $1`,
    [id, new Date(now)],
  )
}

/** Counts a failed sync; answers how many failed in a row now. */
export async function recordFailure(
  db: Queryable,
  id: number,
  now: number,
  error: { message: string; code: CalendarErrorCode },
): Promise<number> {
  const { rows } = await db.query<{ failures: number }>(
    `UPDATE calendar_connections
        SET failures = failures + 1, last_error = $3, last_error_code = $4, last_attempt_at = $2,
            failing_since = COALESCE(failing_since, $2)
      WHERE id = $1 RETURNING failures`,
    [id, new Date(now), error.message, error.code],
  )
  return rows[0]?.failures ?? 0
}

/** The failing streak whose e-mail is to be sent now (see claimFailureMail). */
export interface FailingStreak {
  staffId: number
  kind: 'caldav' | 'ics'
  url: string
  lastError: string
  failingSince: Date
}

/**
 * Marks the connection's failing streak as told once it has failed `threshold` times in a row;
 * answers the streak when this call marked it, undefined when it is not failing that long or was
 * told already. The row's lock makes one caller the teller of each streak, however many sync it
 * at once.
 */
export async function claimFailureMail(
  tx: Queryable,
  id: number,
  now: number,
  threshold: { failures: number; forMs: number },
): Promise<FailingStreak | undefined> {
  const { rows } = await tx.query<FailingStreak>(
    `UPDATE calendar_connections SET failure_mailed_at = $2
      WHERE id = $1 AND failures >= $3 AND failing_since <= $4 AND failure_mailed_at IS NULL
      RETURNING staff_id AS "staffId", kind, url, last_error AS "lastError",
                failing_since AS "failingSince"`,
    [id, new Date(now), threshold.failures, new Date(now - threshold.forMs)],
  )
  const row = rows[0]
  return row && { ...row, failingSince: new Date(row.failingSince) }
}

/** Connections whose last attempt is older than `before` (or never made), oldest first. */
export async function dueConnections(db: Queryable, before: number, limit: number) {
  const { rows } = await db.query<{ id: number }>(
    `SELECT id FROM calendar_connections
      WHERE last_attempt_at IS NULL OR last_attempt_at < $1
      ORDER BY last_attempt_at NULLS FIRST, id LIMIT $2`,
    [new Date(before), limit],
  )
  return rows.map((row) => row.id)
}

/**
 * The connections of whoever could take a booking's lines: the staff member a line names, every
 * performer of a line for "any available staff", and every performer of a collective service
 * (its crew is found beside the member chosen).
 */
export async function connectionsForLines(
  db: Queryable,
  lines: { serviceId: number; staffId: number | null }[],
) {
  const chosen = lines.flatMap((line) => (line.staffId === null ? [] : [line.staffId]))
  const open = lines.filter((line) => line.staffId === null).map((line) => line.serviceId)
  const { rows } = await db.query<{ id: number }>(
    `SELECT c.id FROM calendar_connections c
      WHERE c.staff_id = ANY($1::int[])
         OR c.staff_id IN (SELECT ss.staff_id FROM staff_services ss
                             JOIN services sv ON sv.id = ss.service_id
                            WHERE ss.service_id = ANY($2::int[])
                               OR (ss.service_id = ANY($3::int[]) AND sv.assignment = 'collective'))
      ORDER BY c.id`,
    [chosen, open, lines.map((line) => line.serviceId)],
  )
  return rows.map((row) => row.id)
}

export async function feedGeneration(db: Queryable, staffId: number) {
  const { rows } = await db.query<{ generation: number }>(
    'SELECT generation FROM calendar_feeds WHERE staff_id = $1',
    [staffId],
  )
  return rows[0]?.generation ?? 0
}

export async function nextFeedGeneration(db: Queryable, staffId: number): Promise<number> {
  const { rows } = await db.query<{ generation: number }>(
    `INSERT INTO calendar_feeds (staff_id, generation) VALUES ($1, 1)
     ON CONFLICT (staff_id) DO UPDATE SET generation = calendar_feeds.generation + 1
     RETURNING generation`,
    [staffId],
  )
  return (rows[0] as { generation: number }).generation
}
