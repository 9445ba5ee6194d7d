import {
  bookingRequestSchema,
  type BookingRequest,
  type ContactField,
} from '../../src/lib/validation/booking-request'
import { MESSAGES, maxSlotsMessage, seatsLeftMessage } from '../../src/lib/validation/messages'
import {
  addDaysToDate,
  instantToZonedDate,
  instantToZonedTime,
  zonedLocalToInstant,
} from '../../src/lib/time'
import type { Database, Queryable } from '../db'
import { HttpError } from '../errors'
import { assignStaff, type FreeStaff, type LineToAssign } from './assign-staff'
import type { BookingView, CreatedBooking } from '../../src/lib/booking/api-types'
import { loadBooking, withLinks } from './booking-view'
import { findServicesByIds, type Service } from './catalog'
import { isSeatOverflow, isStaffOverlap, isTransientConflict } from './db-errors'
import { claimKey, storeResponse } from './idempotency'
import { hashManageToken, newManageToken } from './manage-token'
import { availabilityAt } from './slots'
import { validate } from './validate'

export interface BookingContext {
  db: Database
  siteUrl: string
  now: () => number
}

interface PlannedLine {
  guestIndex: number
  staffChosen: boolean
  service: Service
  staffId: number
  seats: number
  occurrence: number
  start: number
  end: number
}

const staffBusy = () => new HttpError(409, MESSAGES.staffBusy)
const seatsLeft = (n: number) => new HttpError(409, seatsLeftMessage(Math.max(0, n)))

/** Starts of every weekly occurrence, at the same wall-clock time in the staff member's zone. */
function occurrenceStarts(start: number, service: Service, timeZone: string): number[] {
  const date = instantToZonedDate(start, timeZone)
  const time = instantToZonedTime(start, timeZone)
  return Array.from({ length: service.recurrenceCount ?? 1 }, (_, week) =>
    week === 0 ? start : zonedLocalToInstant(addDaysToDate(date, 7 * week), time, timeZone),
  )
}

async function loadServices(db: Queryable, request: BookingRequest): Promise<Map<number, Service>> {
  const ids = [...new Set(request.lines.map((line) => line.serviceId))]
  const services = await findServicesByIds(db, ids)
  if (services.length !== ids.length) throw new HttpError(404, MESSAGES.unableToFindCalendar)
  if (new Set(services.map((service) => service.providerId)).size > 1) {
    throw new HttpError(
      400,
      'Bad Request',
      'All services of one booking must belong to one provider.',
    )
  }
  return new Map(services.map((service) => [service.id, service]))
}

/** Checks the request against the rules of the services it names, with the spec's messages. */
function checkAgainstServices(request: BookingRequest, services: Map<number, Service>) {
  const all = [...services.values()]
  const requiredFields = [...new Set(all.flatMap((service) => service.requiredFields))]
  validate(
    bookingRequestSchema({
      requiredFields: requiredFields as ContactField[],
      termsRequired: all.some((service) => service.depositCents > 0),
    }),
    request,
  )
  const seatsPerLine = request.guestCount ?? 1
  for (const service of all) {
    const seats =
      request.lines.filter((line) => line.serviceId === service.id).length * seatsPerLine
    if (seats > service.maxSlotsPerBooking) {
      throw new HttpError(400, maxSlotsMessage(service.maxSlotsPerBooking))
    }
  }
}

/** Which staff serve which line at `start`, from the one availability path. */
async function planLines(
  db: Queryable,
  request: BookingRequest,
  services: Map<number, Service>,
  start: number,
  now: number,
): Promise<PlannedLine[]> {
  const free: FreeStaff = new Map()
  const timeZones = new Map<number, string>()
  for (const service of services.values()) {
    const availability = await availabilityAt(db, service, start, now)
    if (!availability.offered) throw new HttpError(409, MESSAGES.noSlots)
    free.set(service.id, availability.free)
    for (const member of availability.staff) timeZones.set(member.id, member.timeZone)
    if (availability.free.size === 0 && service.seatsPerSlot > 1) {
      throw seatsLeft(Math.max(0, ...availability.classSeatsLeft))
    }
  }
  const seats = request.guestCount ?? 1
  const lines: LineToAssign[] = request.lines.map((line) => ({
    serviceId: line.serviceId,
    staffId: line.staffId,
    seats,
  }))
  const assignment = assignStaff(lines, free)
  if (!assignment.ok) {
    throw assignment.reason === 'seats' ? seatsLeft(assignment.seatsLeft) : staffBusy()
  }
  return request.lines.flatMap((line, index) => {
    const service = services.get(line.serviceId) as Service
    const staffId = assignment.staffIds[index] as number
    return occurrenceStarts(start, service, timeZones.get(staffId) ?? 'UTC').map(
      (occurrenceStart, occurrence) => ({
        guestIndex: line.guestIndex,
        staffChosen: line.staffId !== null,
        service,
        staffId,
        seats,
        occurrence,
        start: occurrenceStart,
        end: occurrenceStart + service.durationMinutes * 60_000,
      }),
    )
  })
}

/** A planned line lost its time to a concurrent booking; the database said so. */
class LostRace extends Error {
  constructor(
    readonly line: PlannedLine,
    readonly kind: 'staff' | 'seats',
  ) {
    super(`lost the race for staff ${line.staffId} at ${new Date(line.start).toISOString()}`)
  }
}

async function occupySession(tx: Queryable, line: PlannedLine): Promise<number> {
  const { service } = line
  try {
    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO staff_sessions (staff_id, service_id, start_at, end_at, blocked, capacity, seats_taken)
       VALUES ($1, $2, $3, $4, tstzrange($5, $6), $7, $8)
       ON CONFLICT (staff_id, service_id, start_at)
       DO UPDATE SET seats_taken = staff_sessions.seats_taken + EXCLUDED.seats_taken
       RETURNING id`,
      [
        line.staffId,
        service.id,
        new Date(line.start).toISOString(),
        new Date(line.end).toISOString(),
        new Date(line.start - service.bufferBeforeMinutes * 60_000).toISOString(),
        new Date(line.end + service.bufferAfterMinutes * 60_000).toISOString(),
        service.seatsPerSlot,
        line.seats,
      ],
    )
    return rows[0]?.id as number
  } catch (error) {
    // A one-to-one session that is already taken is a busy staff member, not a full class.
    if (isStaffOverlap(error) || (isSeatOverflow(error) && service.seatsPerSlot === 1)) {
      throw new LostRace(line, 'staff')
    }
    if (isSeatOverflow(error)) throw new LostRace(line, 'seats')
    throw error
  }
}

/**
 * Takes the lines' seats in the database. The constraints on staff_sessions are the last word:
 * an overlap of one staff member's time or an overfilled class fails here, whatever raced us.
 */
async function occupy(tx: Queryable, bookingId: number, lines: PlannedLine[]) {
  for (const line of lines) {
    const sessionId = await occupySession(tx, line)
    await tx.query(
      `INSERT INTO booking_lines
         (booking_id, guest_index, service_id, staff_id, staff_chosen, session_id, occurrence, seats,
          start_at, end_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        bookingId,
        line.guestIndex,
        line.service.id,
        line.staffId,
        line.staffChosen,
        sessionId,
        line.occurrence,
        line.seats,
        new Date(line.start).toISOString(),
        new Date(line.end).toISOString(),
      ],
    )
  }
}

/** Gives a booking's seats back (cancel, or the old time of a reschedule). */
async function release(tx: Queryable, bookingId: number) {
  await tx.query(
    `UPDATE staff_sessions s SET seats_taken = s.seats_taken - l.seats
       FROM (SELECT session_id, sum(seats)::int AS seats FROM booking_lines
              WHERE booking_id = $1 GROUP BY session_id) l
      WHERE s.id = l.session_id`,
    [bookingId],
  )
  await tx.query('DELETE FROM booking_lines WHERE booking_id = $1', [bookingId])
}

async function seatsLeftAt(db: Queryable, line: PlannedLine): Promise<number> {
  const { rows } = await db.query<{ left: number }>(
    `SELECT capacity - seats_taken AS left FROM staff_sessions
      WHERE staff_id = $1 AND service_id = $2 AND start_at = $3`,
    [line.staffId, line.service.id, new Date(line.start).toISOString()],
  )
  return rows[0]?.left ?? 0
}

// "Any available staff" lines of racing requests all pick the same first free staff member; the
// losers plan again against what has been committed. Bounded, so a flood cannot spin forever.
const ATTEMPTS = 3

/**
 * Plans the lines and runs `work` with them in one transaction, planning again after losing a
 * race when another staff member might still be free; turns the database's refusals into the
 * spec's messages.
 */
async function bookAtomically<T>(
  ctx: BookingContext,
  plan: (db: Queryable) => Promise<PlannedLine[]>,
  work: (tx: Queryable, lines: PlannedLine[]) => Promise<T>,
  planInside = false,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    let planned: PlannedLine[] = []
    try {
      if (!planInside) planned = await plan(ctx.db)
      return await ctx.db.transaction(async (tx) => {
        if (planInside) planned = await plan(tx)
        return work(tx, planned)
      })
    } catch (error) {
      if (error instanceof LostRace) {
        const canMove = planned.some((line) => !line.staffChosen)
        if (canMove && attempt < ATTEMPTS) continue
        if (error.kind === 'staff') throw staffBusy()
        throw seatsLeft(await seatsLeftAt(ctx.db, error.line))
      }
      throw refusalOf(error) ?? error
    }
  }
}

/** The spec's message for a database refusal a booking can meet, or undefined for others. */
export function refusalOf(error: unknown): HttpError | undefined {
  if (isStaffOverlap(error)) return staffBusy()
  if (isTransientConflict(error)) return new HttpError(409, MESSAGES.resourceUnavailable)
  return undefined
}

function bookingSpan(lines: PlannedLine[]) {
  const first = lines.filter((line) => line.occurrence === 0)
  return {
    start: Math.min(...first.map((line) => line.start)),
    end: Math.max(...first.map((line) => line.end)),
  }
}

export interface Idempotency {
  key: string
  fingerprint: string
}

export async function createBooking(
  ctx: BookingContext,
  request: BookingRequest,
  idempotency?: Idempotency,
): Promise<CreatedBooking> {
  const services = await loadServices(ctx.db, request)
  checkAgainstServices(request, services)
  const start = Date.parse(request.start)
  const token = newManageToken()
  const needsConfirmation = [...services.values()].some((service) => service.requiresConfirmation)
  const provider = [...services.values()][0]?.providerId

  const plan = (db: Queryable) => planLines(db, request, services, start, ctx.now())
  return bookAtomically(ctx, plan, async (tx, lines) => {
    if (idempotency) await claimKey(tx, idempotency.key, idempotency.fingerprint)
    const span = bookingSpan(lines)
    let oneTimeLinkId: number | null = null
    if (request.oneTimeSlug) {
      // The row lock makes two visitors racing on one link queue here; the second finds it used.
      const { rows } = await tx.query<{ id: number }>(
        `UPDATE one_time_links SET used_at = now()
          WHERE slug = $1 AND used_at IS NULL AND (expires_at IS NULL OR expires_at > now())
            AND service_id = ANY($2::int[])
          RETURNING id`,
        [request.oneTimeSlug, [...services.keys()]],
      )
      if (!rows[0])
        throw new HttpError(
          410,
          MESSAGES.slugExpired,
          'This link has already been used or has expired.',
        )
      oneTimeLinkId = rows[0].id
    }
    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO bookings (provider_id, status, start_at, end_at, time_zone, contact, guests,
                             guest_count, manage_token_hash, one_time_link_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
      [
        provider,
        needsConfirmation ? 'requested' : 'scheduled',
        new Date(span.start).toISOString(),
        new Date(span.end).toISOString(),
        request.timeZone,
        request.contact,
        JSON.stringify(request.guests ?? []),
        request.guestCount ?? null,
        hashManageToken(token),
        oneTimeLinkId,
      ],
    )
    const id = rows[0]?.id as number
    await occupy(tx, id, lines)
    const created = { booking: await viewWithLinks(ctx, tx, { id }, token), manageToken: token }
    if (idempotency) await storeResponse(tx, idempotency.key, { statusCode: 201, body: created })
    return created
  })
}

async function viewWithLinks(
  ctx: BookingContext,
  db: Queryable,
  where: { id: number } | { tokenHash: Buffer },
  token: string,
): Promise<BookingView> {
  const loaded = await loadBooking(db, where)
  if (!loaded) throw new HttpError(404, MESSAGES.noCalendarEvent)
  return withLinks(loaded.view, loaded.serviceSlug, token, ctx.siteUrl)
}

export async function getBookingByToken(ctx: BookingContext, token: string) {
  return viewWithLinks(ctx, ctx.db, { tokenHash: hashManageToken(token) }, token)
}

interface LockedBooking {
  id: number
  status: string
  start: Date
  guestCount: number | null
  timeZone: string
}

/** Locks the token's booking for the transaction; unknown tokens all look alike. */
async function lockByToken(tx: Queryable, token: string): Promise<LockedBooking> {
  const { rows } = await tx.query<LockedBooking>(
    `SELECT id, status, start_at AS start, guest_count AS "guestCount", time_zone AS "timeZone"
       FROM bookings WHERE manage_token_hash = $1 FOR UPDATE`,
    [hashManageToken(token)],
  )
  if (!rows[0]) throw new HttpError(404, MESSAGES.noCalendarEvent)
  return rows[0]
}

async function cutoffMinutes(tx: Queryable, bookingId: number, column: string): Promise<number> {
  const { rows } = await tx.query<{ minutes: number }>(
    `SELECT COALESCE(max(sv.${column}), 0)::int AS minutes
       FROM booking_lines l JOIN services sv ON sv.id = l.service_id WHERE l.booking_id = $1`,
    [bookingId],
  )
  return rows[0]?.minutes ?? 0
}

export async function cancelBooking(ctx: BookingContext, token: string, reason: string) {
  await ctx.db.transaction(async (tx) => {
    const booking = await lockByToken(tx, token)
    if (booking.status === 'cancelled') {
      throw new HttpError(409, MESSAGES.alreadyCancelled)
    }
    const cutoff = await cutoffMinutes(tx, booking.id, 'cancellation_cutoff_minutes')
    if (ctx.now() > +booking.start - cutoff * 60_000) {
      throw new HttpError(
        409,
        'The cancellation window for this booking has closed.',
        `Cancellation is possible until ${cutoff} minutes before the appointment.`,
      )
    }
    await release(tx, booking.id)
    await tx.query(
      `UPDATE bookings SET status = 'cancelled', cancellation_reason = $2, updated_at = now()
        WHERE id = $1`,
      [booking.id, reason],
    )
  })
  return getBookingByToken(ctx, token)
}

export async function rescheduleBooking(
  ctx: BookingContext,
  token: string,
  change: { start: string; timeZone: string },
) {
  const current = await loadBooking(ctx.db, { tokenHash: hashManageToken(token) })
  if (!current) throw new HttpError(404, MESSAGES.noCalendarEvent)
  const { view } = current
  if (view.status === 'cancelled') {
    throw new HttpError(409, 'This booking was cancelled and can no longer be rescheduled.')
  }
  // The new time keeps the booking's services, guests and staff choices.
  const request: BookingRequest = {
    lines: view.lines
      .filter((line) => line.occurrence === 0)
      .map((line) => ({
        serviceId: line.serviceId,
        staffId: line.staffChosen ? line.staffId : null,
        guestIndex: line.guestIndex,
      })),
    start: change.start,
    timeZone: change.timeZone,
    contact: view.contact,
    ...(view.guestCount ? { guestCount: view.guestCount } : { guests: view.guests }),
  }
  const services = await loadServices(ctx.db, request)
  const newStart = Date.parse(change.start)

  let locked: LockedBooking | undefined
  // Planning happens inside the transaction, after the booking's own seats were given back, so
  // it may move within its own time or class; a failure rolls the old seats back in.
  const plan = async (tx: Queryable) => {
    const booking = await lockByToken(tx, token)
    if (booking.status === 'cancelled') {
      throw new HttpError(409, 'This booking was cancelled and can no longer be rescheduled.')
    }
    const cutoff = await cutoffMinutes(tx, booking.id, 'reschedule_cutoff_minutes')
    if (ctx.now() > +booking.start - cutoff * 60_000) {
      throw new HttpError(
        409,
        'The reschedule window for this booking has closed.',
        `Rescheduling is possible until ${cutoff} minutes before the appointment.`,
      )
    }
    await release(tx, booking.id)
    locked = booking
    return planLines(tx, request, services, newStart, ctx.now())
  }
  await bookAtomically(
    ctx,
    plan,
    async (tx, lines) => {
      const booking = locked as LockedBooking
      const span = bookingSpan(lines)
      await occupy(tx, booking.id, lines)
      await tx.query(
        `INSERT INTO booking_reschedules (booking_id, from_start_at, to_start_at) VALUES ($1, $2, $3)`,
        [booking.id, booking.start, new Date(span.start).toISOString()],
      )
      await tx.query(
        `UPDATE bookings
            SET status = CASE WHEN status = 'requested' THEN 'requested' ELSE 'rescheduled' END,
                start_at = $2, end_at = $3, time_zone = $4, updated_at = now()
          WHERE id = $1`,
        [
          booking.id,
          new Date(span.start).toISOString(),
          new Date(span.end).toISOString(),
          change.timeZone,
        ],
      )
    },
    true,
  )
  return getBookingByToken(ctx, token)
}

/** The business confirms a requested booking. */
export async function confirmBooking(ctx: BookingContext, bookingId: number) {
  const { affectedRows } = await ctx.db.query(
    `UPDATE bookings SET status = 'scheduled', updated_at = now()
      WHERE id = $1 AND status = 'requested'`,
    [bookingId],
  )
  if (affectedRows === 0) {
    const exists = await loadBooking(ctx.db, { id: bookingId })
    if (!exists) throw new HttpError(404, MESSAGES.noCalendarEvent)
    throw new HttpError(409, 'Only a requested booking can be confirmed.')
  }
  return (await loadBooking(ctx.db, { id: bookingId }))?.view
}
