import crypto from 'node:crypto'
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import type {
  CalendarConnection,
  CalendarConnectionChange,
  CalendarConnectionRequest,
  CalendarFeed,
  StaffCalendars,
} from '../../src/lib/calendars/api-types'
import { idSchema, Joi } from '../../src/lib/validation/joi'
import { refuseOtherStaff, requireAdmin, type AdminAuth } from '../admin/auth'
import { useJoiValidation } from '../booking/http/joi-validator'
import { sealManageToken } from '../booking/store/manage-token'
import { HttpError } from '../errors'
import { fileAnswer, noContent } from '../openapi/schemas'
import { preventStoring } from '../security-headers'
import { CalendarNotFound, discoverCalendars, readFeed } from './caldav/client'
import { calendarFeed } from './ical/feed'
import {
  calendarConnectionSchema,
  calendarFeedSchema,
  staffCalendarsSchema,
} from './response-schemas'
import {
  deleteConnection,
  feedGeneration,
  findConnection,
  insertConnection,
  listConnections,
  loadForSync,
  nextFeedGeneration,
  saveCalendars,
  type StoredCalendar,
} from './store'
import { calendarErrorCode, refreshBusy, syncConnection, type CalendarServices } from './sync'
import { appointmentEvent, isShownInCalendar, staffAppointments } from './write-out'

const MANAGERS = ['owner', 'admin', 'staff'] as const
const DAY = 86_400_000
/** The feed shows a month back, so a past week's appointments are still there to look up. */
const FEED_PAST_MS = 30 * DAY

const notFound = (what: string) =>
  new HttpError(404, 'Not Found', `No such ${what}.`, undefined, 'not_found')

/** The calendar server's refusal in the API's words: 422, on the field it is about. */
function refusal(error: unknown): HttpError {
  const code = calendarErrorCode(error)
  if (!code) throw error
  const { message } = error as Error
  const field = code === 'calendar_unauthorized' ? 'password' : 'url'
  return new HttpError(422, 'Unprocessable Entity', message, { [field]: message }, code)
}

/** A feed's token: derived, so nothing secret is stored, and a new generation ends the old. */
export function feedToken(linkKey: Buffer, staffId: number, generation: number): string {
  return crypto
    .createHmac('sha256', linkKey)
    .update(`calendar-feed:${staffId}:${generation}`)
    .digest('base64url')
}

function feedOf(services: CalendarServices, staffId: number, generation: number): CalendarFeed {
  const token = feedToken(services.linkKey, staffId, generation)
  const url = `${services.siteUrl}/api/staff/${staffId}/calendar.ics?token=${token}`
  return { url, webcal: url.replace(/^https?:/, 'webcal:') }
}

const urlSchema = Joi.string()
  .trim()
  .max(2000)
  .uri({ scheme: ['https', 'http', 'webcal'] })
  .messages({ 'string.uri': 'Enter the address starting with https://.' })

/** A CalDAV account names its user and password; a feed is its address alone. */
const connectionSchema = Joi.object({
  kind: Joi.string().valid('caldav', 'ics').required(),
  url: urlSchema.required(),
  username: Joi.when('kind', {
    is: 'caldav',
    then: Joi.string().trim().min(1).max(320).required(),
    otherwise: Joi.forbidden(),
  }),
  password: Joi.when('kind', {
    is: 'caldav',
    then: Joi.string().min(1).max(1000).required(),
    otherwise: Joi.forbidden(),
  }),
}).required()

const changeSchema = Joi.object({
  checked: Joi.array().items(Joi.string().max(2000)).max(100).unique(),
  receivesBookings: Joi.string().max(2000).allow(null),
}).required()

const staffParams = Joi.object({ id: idSchema.required() })
const connectionParams = Joi.object({
  id: idSchema.required(),
  connectionId: idSchema.required(),
})

/**
 * A staff member's calendar connections and private feed. Owners and admins manage everyone's; a
 * staff account only its own. Connecting reads the calendars once before answering, so the
 * dashboard shows at once whether the address, name and password work.
 */
export const calendarAdminRoutes: FastifyPluginAsync<{
  auth: AdminAuth
  services: CalendarServices
}> = async (app, { auth, services }) => {
  const { db } = services
  useJoiValidation(app)
  requireAdmin(app, auth, MANAGERS)
  preventStoring(app)

  /** Refuses a staff account acting on another staff member, and unknown staff members. */
  const staffOf = async (request: FastifyRequest, staffId: number) => {
    refuseOtherStaff(request, staffId)
    const { rows } = await db.query('SELECT 1 FROM staff WHERE id = $1', [staffId])
    if (rows.length === 0) throw notFound('staff member')
    return staffId
  }
  const connectionOf = async (staffId: number, connectionId: number) => {
    const found = await findConnection(db, staffId, connectionId)
    if (!found) throw notFound('calendar connection')
    return found
  }

  app.get<{ Params: { id: number } }>(
    '/staff/:id/calendars',
    { schema: { params: staffParams, response: { 200: staffCalendarsSchema } } },
    async (request): Promise<StaffCalendars> => {
      const staffId = await staffOf(request, request.params.id)
      return {
        connections: await listConnections(db, staffId),
        feed: feedOf(services, staffId, await feedGeneration(db, staffId)),
      }
    },
  )

  app.post<{ Params: { id: number }; Body: CalendarConnectionRequest }>(
    '/staff/:id/calendars',
    {
      schema: {
        params: staffParams,
        body: connectionSchema,
        response: { 201: calendarConnectionSchema },
      },
    },
    async (request, reply): Promise<CalendarConnection> => {
      const staffId = await staffOf(request, request.params.id)
      const body = request.body
      // A feed is stored as the https address it is read from.
      const url = body.kind === 'ics' ? body.url.replace(/^webcal:/i, 'https:') : body.url
      let calendars: StoredCalendar[]
      try {
        if (body.kind === 'caldav') {
          const found = await discoverCalendars(
            { url: body.url, username: body.username, password: body.password },
            services.fetch,
          )
          if (found.length === 0) {
            throw new CalendarNotFound('This account has no calendar with events.')
          }
          calendars = found.map((calendar, index) => ({
            url: calendar.url,
            name: calendar.name,
            color: calendar.color,
            checked: true,
            receivesBookings: index === 0,
            ctag: null,
            readUntil: null,
          }))
        } else {
          // Read once now, so a wrong address is said here rather than at the first sync.
          await readFeed(url, services.fetch)
          calendars = [
            {
              url,
              name: new URL(url).hostname,
              color: null,
              checked: true,
              receivesBookings: false,
              ctag: null,
              readUntil: null,
            },
          ]
        }
      } catch (error) {
        throw refusal(error)
      }
      const id = await insertConnection(db, {
        staffId,
        kind: body.kind,
        url,
        username: body.kind === 'caldav' ? body.username : null,
        passwordSealed:
          body.kind === 'caldav' ? sealManageToken(services.linkKey, body.password) : null,
        calendars,
      })
      await syncConnection(services, id)
      return reply.status(201).send(await connectionOf(staffId, id))
    },
  )

  app.patch<{ Params: { id: number; connectionId: number }; Body: CalendarConnectionChange }>(
    '/staff/:id/calendars/:connectionId',
    {
      schema: {
        params: connectionParams,
        body: changeSchema,
        response: { 200: calendarConnectionSchema },
      },
    },
    async (request): Promise<CalendarConnection> => {
      const staffId = await staffOf(request, request.params.id)
      const { connectionId } = request.params
      await connectionOf(staffId, connectionId)
      const { checked, receivesBookings } = request.body
      await db.transaction(async (tx) => {
        const connection = await loadForSync(tx, connectionId, true)
        if (!connection) throw notFound('calendar connection')
        const known = new Set(connection.calendars.map((calendar) => calendar.url))
        const unknown = [...(checked ?? []), ...(receivesBookings ? [receivesBookings] : [])].find(
          (url) => !known.has(url),
        )
        if (unknown !== undefined) {
          throw new HttpError(
            400,
            'Bad Request',
            `This connection has no calendar ${unknown}.`,
            {
              calendars: `This connection has no calendar ${unknown}.`,
            },
            'invalid_request',
          )
        }
        if (receivesBookings && connection.kind === 'ics') {
          throw new HttpError(
            400,
            'Bad Request',
            'A published feed cannot receive bookings: connect the calendar by CalDAV.',
            { receivesBookings: 'A published feed cannot receive bookings.' },
            'invalid_request',
          )
        }
        await saveCalendars(
          tx,
          connectionId,
          connection.calendars.map((calendar) => ({
            ...calendar,
            checked: checked ? checked.includes(calendar.url) : calendar.checked,
            receivesBookings:
              receivesBookings === undefined
                ? calendar.receivesBookings
                : calendar.url === receivesBookings,
          })),
        )
      })
      // A calendar checked now is read at once; one unchecked stops counting at once.
      await syncConnection(services, connectionId)
      await refreshBusy(services, connectionId)
      return connectionOf(staffId, connectionId)
    },
  )

  app.post<{ Params: { id: number; connectionId: number } }>(
    '/staff/:id/calendars/:connectionId/sync',
    { schema: { params: connectionParams, response: { 200: calendarConnectionSchema } } },
    async (request): Promise<CalendarConnection> => {
      const staffId = await staffOf(request, request.params.id)
      await connectionOf(staffId, request.params.connectionId)
      await syncConnection(services, request.params.connectionId)
      return connectionOf(staffId, request.params.connectionId)
    },
  )

  app.delete<{ Params: { id: number; connectionId: number } }>(
    '/staff/:id/calendars/:connectionId',
    { schema: { params: connectionParams, response: { 204: noContent } } },
    async (request, reply) => {
      const staffId = await staffOf(request, request.params.id)
      if (!(await deleteConnection(db, staffId, request.params.connectionId))) {
        throw notFound('calendar connection')
      }
      return reply.status(204).send()
    },
  )

  app.post<{ Params: { id: number } }>(
    '/staff/:id/calendar-feed',
    { schema: { params: staffParams, response: { 200: calendarFeedSchema } } },
    async (request): Promise<CalendarFeed> => {
      const staffId = await staffOf(request, request.params.id)
      return feedOf(services, staffId, await nextFeedGeneration(db, staffId))
    },
  )
}

/**
 * `GET /api/staff/{id}/calendar.ics?token=…`: a staff member's appointments from a month back on,
 * for any calendar app to subscribe to. The token is the only key (apps send no cookie), so a
 * wrong one gets the same 404 as an unknown staff member.
 */
export const calendarFeedRoutes: FastifyPluginAsync<{ services: CalendarServices }> = async (
  app,
  { services },
) => {
  const { db } = services
  useJoiValidation(app)
  app.get<{ Params: { id: number }; Querystring: { token: string } }>(
    '/staff/:id/calendar.ics',
    {
      schema: {
        params: staffParams,
        querystring: Joi.object({ token: Joi.string().max(100).required() }),
        response: {
          200: fileAnswer('text/calendar', "The staff member's appointments as an iCalendar feed"),
        },
      },
    },
    async (request, reply) => {
      const staffId = request.params.id
      const { rows } = await db.query<{ name: string }>('SELECT name FROM staff WHERE id = $1', [
        staffId,
      ])
      const expected = feedToken(services.linkKey, staffId, await feedGeneration(db, staffId))
      const given = Buffer.from(request.query.token)
      const wanted = Buffer.from(expected)
      if (!rows[0] || given.length !== wanted.length || !crypto.timingSafeEqual(given, wanted)) {
        throw notFound('calendar feed')
      }
      const now = services.now()
      const appointments = await staffAppointments(db, { staffId, from: now - FEED_PAST_MS })
      const body = calendarFeed(
        `${rows[0].name}: appointments`,
        appointments
          .filter((appointment) => isShownInCalendar(appointment.status))
          .map((appointment) => appointmentEvent(services.siteUrl, appointment, now)),
        now,
      )
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', 'attachment; filename="appointments.ics"')
        .header('cache-control', 'private, no-store')
        .header('referrer-policy', 'no-referrer')
        .send(body)
    },
  )
}
