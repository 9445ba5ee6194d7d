import { DEFAULT_LOCALE, localizedPath } from '../../src/lib/locale/locales'
import type { Queryable } from '../db'
import { deleteEvent, putEvent } from './caldav/client'
import { appointmentUid } from './appointment-uid'
import { eventCalendar } from './ical/feed'
import { loadForSync } from './store'
import { accountOf, type CalendarServices } from './sync'

/** A booking's appointment with one staff member, as their calendar shows it. */
export interface StaffAppointment {
  bookingId: number
  staffId: number
  status: string
  start: number
  end: number
  services: string[]
  client: string
  email: string | null
  phone: string | null
  updatedAt: number
  version: number
}

/** Only a confirmed booking is the staff member's time; any other status takes the event out. */
export const isShownInCalendar = (status: string) => status === 'confirmed'

/**
 * Each staff member's part of bookings: their lines' span (occurrence 0, not given back) and
 * services. A booking whose lines were all given back (cancelled) still lists its staff from
 * the lines it had, so the event it put in a calendar can be taken out.
 */
export async function staffAppointments(
  db: Queryable,
  where: { bookingId: number } | { staffId: number; from: number },
): Promise<StaffAppointment[]> {
  const byBooking = 'bookingId' in where
  const { rows } = await db.query<
    Omit<StaffAppointment, 'start' | 'end' | 'updatedAt'> & {
      start: Date
      end: Date
      updatedAt: Date
    }
  >(
    `SELECT b.id AS "bookingId", l.staff_id AS "staffId", b.status, b.version,
            min(l.start_at) AS start, max(l.end_at) AS "end", b.updated_at AS "updatedAt",
            array_agg(DISTINCT sv.name ORDER BY sv.name) AS services,
            trim(concat_ws(' ', b.contact->>'firstName', b.contact->>'lastName')) AS client,
            b.contact->>'email' AS email, b.contact->>'phone' AS phone
       FROM bookings b
       JOIN booking_lines l ON l.booking_id = b.id AND l.occurrence = 0
       JOIN services sv ON sv.id = l.service_id
      WHERE ${byBooking ? 'b.id = $1' : 'l.staff_id = $1 AND l.end_at >= $2 AND l.released_at IS NULL'}
      GROUP BY b.id, l.staff_id
      ORDER BY min(l.start_at), b.id`,
    byBooking ? [where.bookingId] : [where.staffId, new Date(where.from)],
  )
  return rows.map((row) => ({
    ...row,
    start: +new Date(row.start),
    end: +new Date(row.end),
    updatedAt: +new Date(row.updatedAt),
  }))
}

/** What a staff member's calendar says of an appointment: for them, so the client is named. */
export function appointmentEvent(siteUrl: string, appointment: StaffAppointment, now: number) {
  const dashboard = `${siteUrl}${localizedPath(DEFAULT_LOCALE, '/admin/')}?booking=${appointment.bookingId}`
  const services = appointment.services.join(', ')
  return {
    uid: appointmentUid(siteUrl, appointment.bookingId, appointment.staffId),
    start: appointment.start,
    end: appointment.end,
    summary: appointment.client ? `${services}: ${appointment.client}` : services,
    description: [
      `${services}`,
      appointment.client && `Client: ${appointment.client}`,
      appointment.email && `Email: ${appointment.email}`,
      appointment.phone && `Phone: ${appointment.phone}`,
      `Booking ${appointment.bookingId}: ${dashboard}`,
    ]
      .filter(Boolean)
      .join('\n'),
    url: dashboard,
    status: 'CONFIRMED' as const,
    sequence: appointment.version,
    updatedAt: Math.min(appointment.updatedAt, now),
  }
}

interface WrittenEvent {
  connectionId: number | null
  calendarUrl: string | null
  href: string | null
  etag: string | null
}

async function writtenEvent(db: Queryable, bookingId: number, staffId: number) {
  const { rows } = await db.query<WrittenEvent>(
    `SELECT connection_id AS "connectionId", calendar_url AS "calendarUrl", href, etag
       FROM calendar_booking_events WHERE booking_id = $1 AND staff_id = $2`,
    [bookingId, staffId],
  )
  return rows[0]
}

async function saveWritten(
  db: Queryable,
  bookingId: number,
  staffId: number,
  uid: string,
  written: WrittenEvent,
) {
  await db.query(
    `INSERT INTO calendar_booking_events
       (booking_id, staff_id, uid, connection_id, calendar_url, href, etag)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (booking_id, staff_id) DO UPDATE
       SET connection_id = $4, calendar_url = $5, href = $6, etag = $7`,
    [
      bookingId,
      staffId,
      uid,
      written.connectionId,
      written.calendarUrl,
      written.href,
      written.etag,
    ],
  )
}

/** The connection and calendar a staff member's bookings go into, if they chose one. */
async function receivingCalendar(db: Queryable, staffId: number) {
  const { rows } = await db.query<{ id: number }>(
    `SELECT id FROM calendar_connections
      WHERE staff_id = $1 AND kind = 'caldav'
        AND calendars @> '[{"receivesBookings": true}]'::jsonb
      ORDER BY id LIMIT 1`,
    [staffId],
  )
  return rows[0]?.id
}

/**
 * Brings the staff members' calendars in line with the booking as it is now: a confirmed booking
 * has its event (created, or moved with a higher SEQUENCE), any other status has none. Safe to
 * repeat: the UID is fixed and a write that finds the event there already updates it, so the
 * outbox's retries never make a second one.
 */
export async function writeBookingToCalendars(services: CalendarServices, bookingId: number) {
  const { db, siteUrl } = services
  const appointments = await staffAppointments(db, { bookingId })
  // A staff member the booking no longer has (moved to another by a reschedule) loses the event.
  const { rows: written } = await db.query<{ staffId: number }>(
    'SELECT staff_id AS "staffId" FROM calendar_booking_events WHERE booking_id = $1',
    [bookingId],
  )
  const staffIds = new Set([
    ...appointments.map((appointment) => appointment.staffId),
    ...written.map((row) => row.staffId),
  ])
  for (const staffId of staffIds) {
    const appointment = appointments.find((each) => each.staffId === staffId)
    const uid = appointmentUid(siteUrl, bookingId, staffId)
    const before = await writtenEvent(db, bookingId, staffId)
    const connectionId = await receivingCalendar(db, staffId)
    const connection = connectionId === undefined ? undefined : await loadForSync(db, connectionId)
    const calendar = connection?.calendars.find((each) => each.receivesBookings)
    const shown = appointment && isShownInCalendar(appointment.status) ? appointment : undefined
    // The event leaves a calendar no longer chosen (or the booking ended) before another is made.
    if (before?.href && (!shown || !calendar || before.calendarUrl !== calendar.url)) {
      const old =
        before.connectionId === null ? undefined : await loadForSync(db, before.connectionId)
      if (old) {
        await deleteEvent(
          accountOf(services, old),
          { url: before.href, etag: null },
          services.fetch,
        )
      }
      await saveWritten(db, bookingId, staffId, uid, {
        connectionId: null,
        calendarUrl: null,
        href: null,
        etag: null,
      })
    }
    if (!shown || !connection || !calendar) continue
    const ics = eventCalendar(appointmentEvent(siteUrl, shown, services.now()), services.now())
    const existing =
      before?.href && before.calendarUrl === calendar.url
        ? { url: before.href, etag: before.etag }
        : undefined
    const put = await putEvent(
      accountOf(services, connection),
      calendar.url,
      uid,
      ics,
      services.fetch,
      existing,
    )
    await saveWritten(db, bookingId, staffId, uid, {
      connectionId: connection.id,
      calendarUrl: calendar.url,
      href: put.url,
      etag: put.etag,
    })
  }
}
