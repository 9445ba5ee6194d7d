import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import type {
  AdminRole,
  AdminStaff,
  BlockedPeriod,
  DateOverride,
  NewBlockedPeriod,
  TimeRange,
} from '../../src/lib/admin/api-types'
import { instantSchema } from '../../src/lib/validation/booking-queries'
import { idSchema, Joi } from '../../src/lib/validation/joi'
import { useJoiValidation } from '../booking/http/joi-validator'
import { dayRangesSchema, localDateSchema } from '../booking/http/setup-schemas'
import {
  adminStaffSchema,
  blockedPeriodSchema,
  dateOverrideSchema,
} from '../booking/http/admin-response-schemas'
import { noContent } from '../openapi/schemas'
import { HttpError } from '../errors'
import { preventStoring } from '../security-headers'
import { writeAudit } from './audit'
import { actorOf, refuseOtherStaff, requireAdmin, type AdminAuth } from './auth'

const OWN_AVAILABILITY: readonly AdminRole[] = ['owner', 'admin', 'staff']
const notFound = (what: string) =>
  new HttpError(404, 'Not Found', `No such ${what}.`, undefined, 'not_found')
const iso = (value: Date | string) => new Date(value).toISOString()

/**
 * Availability as the dashboard edits it: staff hours (read here, written by PATCH /staff/:id),
 * date overrides and blocked periods. Owner and admin edit everyone's; a staff account only its
 * own; front desk reads the staff list (it books and moves their appointments) and edits nothing.
 * Every write is audited in its own transaction; the slots follow at once through the
 * availability revision the tables' triggers bump (migrations 007 and 014).
 */
export const adminAvailabilityRoutes: FastifyPluginAsync<{ auth: AdminAuth }> = async (
  app,
  { auth },
) => {
  const { db } = auth
  useJoiValidation(app)
  requireAdmin(app, auth, OWN_AVAILABILITY)
  preventStoring(app)
  const audited = { audited: true, adminRoles: OWN_AVAILABILITY }

  const audit = (
    tx: Parameters<typeof writeAudit>[0],
    request: FastifyRequest,
    action: string,
    target: string,
    detail: object,
  ) => writeAudit(tx, { actor: actorOf(request).name, action, target, detail })

  app.get(
    '/staff',
    {
      schema: { response: { 200: Joi.array().items(adminStaffSchema) } },
      config: { adminRoles: ['owner', 'admin', 'front_desk', 'staff'] },
    },
    async (request): Promise<AdminStaff[]> => {
      const { staffId } = actorOf(request).user
      const { rows } = await db.query<AdminStaff>(
        `SELECT s.id, s.name, s.time_zone AS "timeZone", s.weekly_hours AS "weeklyHours",
                s.outside_opening_hours AS "outsideOpeningHours", s.version,
                COALESCE((SELECT array_agg(ss.service_id ORDER BY ss.service_id)
                            FROM staff_services ss WHERE ss.staff_id = s.id), '{}') AS "serviceIds"
           FROM staff s WHERE ($1::int IS NULL OR s.id = $1) ORDER BY s.id`,
        [staffId],
      )
      return rows
    },
  )

  const staffParams = Joi.object({ id: idSchema.required() })
  const overrideParams = Joi.object({ id: idSchema.required(), date: localDateSchema.required() })

  app.get<{ Params: { id: number }; Querystring: { from?: string; to?: string } }>(
    '/staff/:id/overrides',
    {
      schema: {
        params: staffParams,
        querystring: Joi.object({ from: localDateSchema, to: localDateSchema }),
        response: { 200: Joi.array().items(dateOverrideSchema) },
      },
    },
    async (request): Promise<DateOverride[]> => {
      refuseOtherStaff(request, request.params.id)
      const { rows } = await db.query<{ date: string; ranges: TimeRange[] }>(
        `SELECT to_char(date, 'YYYY-MM-DD') AS date, ranges FROM staff_date_overrides
          WHERE staff_id = $1 AND ($2::date IS NULL OR date >= $2) AND ($3::date IS NULL OR date <= $3)
          ORDER BY date`,
        [request.params.id, request.query.from ?? null, request.query.to ?? null],
      )
      return rows
    },
  )

  app.put<{ Params: { id: number; date: string }; Body: { ranges: TimeRange[] } }>(
    '/staff/:id/overrides/:date',
    {
      schema: {
        params: overrideParams,
        body: Joi.object({ ranges: dayRangesSchema.required() }),
        response: { 200: dateOverrideSchema },
      },
      config: audited,
    },
    async (request): Promise<DateOverride> => {
      const { id, date } = request.params
      refuseOtherStaff(request, id)
      const { ranges } = request.body
      await db.transaction(async (tx) => {
        const { rows } = await tx.query('SELECT 1 FROM staff WHERE id = $1', [id])
        if (rows.length === 0) throw notFound('staff member')
        await tx.query(
          `INSERT INTO staff_date_overrides (staff_id, date, ranges) VALUES ($1, $2, $3)
           ON CONFLICT (staff_id, date) DO UPDATE SET ranges = EXCLUDED.ranges`,
          [id, date, JSON.stringify(ranges)],
        )
        await audit(tx, request, 'availability.override_set', `staff:${id}`, { date, ranges })
      })
      return { date, ranges }
    },
  )

  app.delete<{ Params: { id: number; date: string } }>(
    '/staff/:id/overrides/:date',
    { schema: { params: overrideParams, response: { 204: noContent } }, config: audited },
    async (request, reply) => {
      const { id, date } = request.params
      refuseOtherStaff(request, id)
      await db.transaction(async (tx) => {
        const { affectedRows } = await tx.query(
          'DELETE FROM staff_date_overrides WHERE staff_id = $1 AND date = $2',
          [id, date],
        )
        if (!affectedRows) throw notFound('date override')
        await audit(tx, request, 'availability.override_removed', `staff:${id}`, { date })
      })
      return reply.status(204).send()
    },
  )

  const blockedColumns = `id, staff_id AS "staffId", lower(during) AS start, upper(during) AS "end",
    reason`
  const blockedView = (row: BlockedPeriod): BlockedPeriod => ({
    ...row,
    start: iso(row.start),
    end: iso(row.end),
  })

  app.get<{ Querystring: { from?: string; to?: string } }>(
    '/blocked-periods',
    {
      schema: {
        querystring: Joi.object({ from: instantSchema, to: instantSchema }),
        response: { 200: Joi.array().items(blockedPeriodSchema) },
      },
    },
    async (request): Promise<BlockedPeriod[]> => {
      const { staffId } = actorOf(request).user
      const { rows } = await db.query<BlockedPeriod>(
        `SELECT ${blockedColumns} FROM blocked_periods
          WHERE during && tstzrange($1::timestamptz, $2::timestamptz)
            AND ($3::int IS NULL OR staff_id = $3 OR staff_id IS NULL)
          ORDER BY lower(during), id`,
        [request.query.from ?? null, request.query.to ?? null, staffId],
      )
      return rows.map(blockedView)
    },
  )

  app.post<{ Body: NewBlockedPeriod }>(
    '/blocked-periods',
    {
      schema: {
        body: Joi.object({
          staffId: idSchema.allow(null).default(null),
          providerId: idSchema,
          start: instantSchema.required(),
          end: instantSchema.required(),
          reason: Joi.string().trim().max(500).allow('').default(''),
        }),
        response: { 201: blockedPeriodSchema },
      },
      config: audited,
    },
    async (request, reply) => {
      const { staffId, start, end, reason } = request.body
      refuseOtherStaff(request, staffId)
      if (Date.parse(end) <= Date.parse(start)) {
        throw new HttpError(
          400,
          'Bad Request',
          '"end" must be after "start"',
          undefined,
          'invalid_request',
        )
      }
      const period = await db.transaction(async (tx) => {
        const providerId = await providerOf(tx, staffId, request.body.providerId)
        const { rows } = await tx.query<BlockedPeriod>(
          `INSERT INTO blocked_periods (provider_id, staff_id, during, reason)
           VALUES ($1, $2, tstzrange($3, $4), $5) RETURNING ${blockedColumns}`,
          [providerId, staffId, start, end, reason],
        )
        const created = blockedView(rows[0] as BlockedPeriod)
        await audit(tx, request, 'availability.blocked', `blocked-period:${created.id}`, created)
        return created
      })
      return reply.status(201).send(period)
    },
  )

  app.delete<{ Params: { id: number } }>(
    '/blocked-periods/:id',
    { schema: { params: staffParams, response: { 204: noContent } }, config: audited },
    async (request, reply) => {
      await db.transaction(async (tx) => {
        const { rows } = await tx.query<{ staffId: number | null }>(
          'SELECT staff_id AS "staffId" FROM blocked_periods WHERE id = $1 FOR UPDATE',
          [request.params.id],
        )
        const period = rows[0] ?? null
        if (!period) throw notFound('blocked period')
        refuseOtherStaff(request, period.staffId)
        await tx.query('DELETE FROM blocked_periods WHERE id = $1', [request.params.id])
        await audit(
          tx,
          request,
          'availability.unblocked',
          `blocked-period:${request.params.id}`,
          {},
        )
      })
      return reply.status(204).send()
    },
  )
}

/**
 * The provider a blocked period belongs to: its staff member's; for the whole business the one
 * provider there is, or the one named when there are several.
 */
async function providerOf(
  tx: Parameters<typeof writeAudit>[0],
  staffId: number | null,
  providerId: number | undefined,
): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    staffId === null
      ? 'SELECT id FROM providers WHERE ($1::int IS NULL OR id = $1) ORDER BY id LIMIT 2'
      : 'SELECT provider_id AS id FROM staff WHERE id = $1',
    [staffId ?? providerId ?? null],
  )
  if (rows.length === 0) throw notFound(staffId === null ? 'provider' : 'staff member')
  if (rows.length > 1) {
    throw new HttpError(
      400,
      'Bad Request',
      'There are several providers: name the one to block in "providerId".',
      undefined,
      'invalid_request',
    )
  }
  return (rows[0] as { id: number }).id
}
