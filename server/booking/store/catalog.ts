import type {
  PublicProvider,
  PublicService,
  TimeRange,
  WeeklyHours,
} from '../../../src/lib/booking/api-types'
import { depositPerSeat, type RefundPolicy } from '../../../src/lib/booking/pricing'
import type { ContactField } from '../../../src/lib/validation/booking-details'
import type { Queryable } from '../../db'
import type { MemberRecord, TeamRule } from '../availability'

/** A business or a team: all of it is public (the API's PublicProvider). */
export type Provider = PublicProvider

export type { TimeRange, WeeklyHours } from '../../../src/lib/booking/api-types'

export interface StaffMember {
  id: number
  providerId: number
  name: string
  photoUrl: string | null
  timeZone: string
  weeklyHours: WeeklyHours
  overrides: { date: string; ranges: TimeRange[] }[]
  serviceIds: number[]
  /** 0–100: "any available staff" offers higher first (see availability/team-order). */
  priority: number
  /**
   * Blocked periods (theirs and the business's) and their calendars' busy times in the window
   * asked for; slot queries only.
   */
  blocked?: { start: number; end: number }[]
  /** Their hours may lie outside the location's opening hours (remote work); slot queries only. */
  outsideOpeningHours?: boolean
  /** Their provider's opening hours, in its zone; slot queries only. */
  openingHours?: { timeZone: string; weekly: WeeklyHours | null }
}

/**
 * A bookable service (the spec also calls it a calendar): what visitors see of it (the API's
 * PublicService, declared once in src/lib/booking/api-types) and the rules only the server reads.
 */
export interface Service extends PublicService {
  providerId: number
  slotIntervalMinutes: number
  bufferBeforeMinutes: number
  bufferAfterMinutes: number
  minimumNoticeMinutes: number
  horizonDays: number
  requiredFields: ContactField[]
  rescheduleCutoffMinutes: number
  cancellationCutoffMinutes: number
  /** How long before the appointment its reminder e-mail goes out; 0 sends none. */
  reminderMinutesBefore: number
  /**
   * The deposit as a share of the price; when set, `depositCents` is that share per seat as
   * src/lib/booking/pricing.ts rounds it, so everything downstream reads one amount.
   */
  depositPercent: number | null
  refundPolicy: RefundPolicy
  refundCutoffMinutes: number
  /** How "any available staff" chooses among the members free at a time. */
  assignment: TeamRule
  /** A collective service's members per appointment; null: every member performing it. */
  collectiveMembers: number | null
}

const SERVICE_COLUMNS = `id, provider_id AS "providerId", slug, name, description,
  duration_minutes AS "durationMinutes", slot_interval_minutes AS "slotIntervalMinutes",
  buffer_before_minutes AS "bufferBeforeMinutes", buffer_after_minutes AS "bufferAfterMinutes",
  minimum_notice_minutes AS "minimumNoticeMinutes", horizon_days AS "horizonDays",
  seats_per_slot AS "seatsPerSlot", max_slots_per_booking AS "maxSlotsPerBooking",
  price_cents AS "priceCents", deposit_cents AS "depositCents", currency,
  requires_confirmation AS "requiresConfirmation", required_fields AS "requiredFields", location,
  reschedule_cutoff_minutes AS "rescheduleCutoffMinutes",
  cancellation_cutoff_minutes AS "cancellationCutoffMinutes", recurrence_count AS "recurrenceCount",
  intake_form_id AS "intakeFormId", translations, reminder_minutes_before AS "reminderMinutesBefore",
  deposit_percent AS "depositPercent", refund_policy AS "refundPolicy",
  refund_cutoff_minutes AS "refundCutoffMinutes",
  assignment, collective_members AS "collectiveMembers"`

/** A service as stored, with its deposit per seat worked out by the one pricing rule. */
const withDeposit = (service: Service): Service => ({
  ...service,
  depositCents: depositPerSeat(service),
})

const PROVIDER_COLUMNS = `id, slug, name, time_zone AS "timeZone", email, phone, address,
  opening_hours AS "openingHours", terms_page AS "termsPage", terms_version AS "termsVersion"`

export async function findProvider(db: Queryable, slug: string): Promise<Provider | undefined> {
  const { rows } = await db.query<Provider>(
    `SELECT ${PROVIDER_COLUMNS} FROM providers WHERE slug = $1`,
    [slug],
  )
  return rows[0]
}

export async function findProviderById(db: Queryable, id: number): Promise<Provider | undefined> {
  const { rows } = await db.query<Provider>(
    `SELECT ${PROVIDER_COLUMNS} FROM providers WHERE id = $1`,
    [id],
  )
  return rows[0]
}

/** A service by its numeric id or its public slug. */
export async function findService(db: Queryable, idOrSlug: string | number) {
  const byId = typeof idOrSlug === 'number' || /^\d+$/.test(idOrSlug)
  const { rows } = await db.query<Service>(
    `SELECT ${SERVICE_COLUMNS} FROM services WHERE ${byId ? 'id = $1' : 'slug = $1'}`,
    [byId ? Number(idOrSlug) : idOrSlug],
  )
  return rows[0] && withDeposit(rows[0])
}

export async function findServicesByIds(db: Queryable, ids: number[]): Promise<Service[]> {
  const { rows } = await db.query<Service>(
    `SELECT ${SERVICE_COLUMNS} FROM services WHERE id = ANY($1::int[]) ORDER BY id`,
    [ids],
  )
  return rows.map(withDeposit)
}

export async function listServices(db: Queryable, providerId: number): Promise<Service[]> {
  const { rows } = await db.query<Service>(
    `SELECT ${SERVICE_COLUMNS} FROM services WHERE provider_id = $1 ORDER BY id`,
    [providerId],
  )
  return rows.map(withDeposit)
}

const STAFF_COLUMNS = `s.id, s.provider_id AS "providerId", s.name, s.photo_url AS "photoUrl",
  s.time_zone AS "timeZone", s.weekly_hours AS "weeklyHours", s.priority,
  COALESCE((SELECT json_agg(json_build_object('date', to_char(o.date, 'YYYY-MM-DD'),
                                              'ranges', o.ranges) ORDER BY o.date)
            FROM staff_date_overrides o WHERE o.staff_id = s.id), '[]') AS overrides,
  COALESCE((SELECT array_agg(ss.service_id ORDER BY ss.service_id)
            FROM staff_services ss WHERE ss.staff_id = s.id), '{}') AS "serviceIds"`

/** Staff of a provider with their schedules; only those performing `serviceId` when given. */
export async function listStaff(
  db: Queryable,
  providerId: number,
  serviceId?: number,
): Promise<StaffMember[]> {
  const { rows } = await db.query<StaffMember>(
    `SELECT ${STAFF_COLUMNS}
       FROM staff s
      WHERE s.provider_id = $1
        AND ($2::int IS NULL OR EXISTS (
              SELECT 1 FROM staff_services ss WHERE ss.staff_id = s.id AND ss.service_id = $2))
      ORDER BY s.id`,
    [providerId, serviceId ?? null],
  )
  return rows
}

/** A staff member's occupied time, as the slot engine needs it. */
export interface OccupiedSession {
  staffId: number
  serviceId: number
  start: number
  end: number
  seats: number
  bufferBeforeMinutes: number
  bufferAfterMinutes: number
}

/**
 * A staff member's columns for the slot engine (`s` is their row): their schedule, their occupied
 * sessions and blocked time touching [from, to) (SQL expressions in ms since the epoch), their
 * location's opening hours.
 */
const staffForSlots = (from: string, to: string) => `${STAFF_COLUMNS},
  COALESCE((
    SELECT json_agg(json_build_object(
             'staffId', ses.staff_id, 'serviceId', ses.service_id,
             'start', (extract(epoch FROM ses.start_at) * 1000)::float8,
             'end', (extract(epoch FROM ses.end_at) * 1000)::float8,
             'seats', ses.seats_taken,
             'bufferBeforeMinutes',
             (extract(epoch FROM ses.start_at - lower(ses.blocked)) / 60)::int,
             'bufferAfterMinutes',
             (extract(epoch FROM upper(ses.blocked) - ses.end_at) / 60)::int))
      FROM staff_sessions ses
     WHERE ses.staff_id = s.id AND ses.seats_taken > 0
       AND ses.blocked && tstzrange(to_timestamp(${from} / 1000.0), to_timestamp(${to} / 1000.0))
  ), '[]') AS sessions,
  COALESCE((
    SELECT json_agg(json_build_object(
             'start', (extract(epoch FROM lower(b.during)) * 1000)::float8,
             'end', (extract(epoch FROM upper(b.during)) * 1000)::float8))
      FROM (SELECT bp.during FROM blocked_periods bp
             WHERE bp.provider_id = s.provider_id
               AND (bp.staff_id IS NULL OR bp.staff_id = s.id)
            UNION ALL
            -- Busy times of the member's own calendars block like their periods.
            SELECT cb.during FROM calendar_busy cb
              JOIN calendar_connections cc ON cc.id = cb.connection_id
             WHERE cc.staff_id = s.id) b
     WHERE b.during && tstzrange(to_timestamp(${from} / 1000.0), to_timestamp(${to} / 1000.0))
  ), '[]') AS blocked,
  s.outside_opening_hours AS "outsideOpeningHours",
  (SELECT json_build_object('timeZone', p.time_zone, 'weekly', p.opening_hours)
     FROM providers p WHERE p.id = s.provider_id) AS "openingHours"`

type StaffRow = StaffMember & { sessions: OccupiedSession[] }

const splitSessions = (rows: StaffRow[]) => ({
  staff: rows.map(({ sessions: _sessions, ...member }) => member),
  sessions: rows.flatMap((row) => row.sessions),
})

/**
 * The staff performing any of `serviceIds`, each with its occupied sessions whose blocked time
 * touches [from, to): what the slot engine needs, in one round trip (a booking's transaction
 * makes this read, so every statement saved is time the seats are not locked).
 */
export async function listStaffWithSessions(
  db: Queryable,
  providerId: number,
  serviceIds: number[],
  from: number,
  to: number,
): Promise<{ staff: StaffMember[]; sessions: OccupiedSession[] }> {
  const { rows } = await db.query<StaffRow>(
    `SELECT ${staffForSlots('$3', '$4')}
       FROM staff s
      WHERE s.provider_id = $1
        AND EXISTS (SELECT 1 FROM staff_services ss
                     WHERE ss.staff_id = s.id AND ss.service_id = ANY($2::int[]))
      ORDER BY s.id`,
    [providerId, serviceIds, from, to],
  )
  return splitSessions(rows)
}

/** How long back a booking counts for equal distribution (and forward: every upcoming one). */
const PERIOD_MS = 30 * 86_400_000

/**
 * What the team rules need of each member, per service (`serviceFilter`: which services, an SQL
 * condition on ss.service_id): their priority, their latest booking of the service (by booking
 * id, which follows creation order) and their live bookings of it that start from `since` on.
 * Only staff performing the service are listed.
 */
const teamRecordsSql = (serviceFilter: string, since: string) => `
  SELECT ss.service_id AS "serviceId", ss.staff_id AS "staffId", s.priority,
         (SELECT max(l.booking_id) FROM booking_lines l
           WHERE l.service_id = ss.service_id AND l.staff_id = ss.staff_id
             AND l.released_at IS NULL AND l.occurrence = 0) AS "lastBooked",
         (SELECT count(DISTINCT l.booking_id)::int FROM booking_lines l
           WHERE l.service_id = ss.service_id AND l.staff_id = ss.staff_id
             AND l.released_at IS NULL AND l.occurrence = 0
             AND l.start_at >= to_timestamp(${since} / 1000.0)) AS "periodBookings"
    FROM staff_services ss JOIN staff s ON s.id = ss.staff_id
   WHERE ${serviceFilter}
   ORDER BY ss.service_id, ss.staff_id`

interface TeamRecordRow {
  serviceId: number
  staffId: number
  priority: number
  lastBooked: number | null
  periodBookings: number
}

function recordsByService(rows: TeamRecordRow[]): Map<number, MemberRecord[]> {
  const records = new Map<number, MemberRecord[]>()
  for (const row of rows) {
    const list = records.get(row.serviceId) ?? []
    list.push({
      staffId: String(row.staffId),
      priority: row.priority,
      lastBooked: row.lastBooked,
      periodBookings: row.periodBookings,
    })
    records.set(row.serviceId, list)
  }
  return records
}

/** The team rules' records of the members of `serviceIds` (see teamRecordsSql), by service. */
export async function teamRecords(
  db: Queryable,
  serviceIds: number[],
  now: number,
): Promise<Map<number, MemberRecord[]>> {
  const { rows } = await db.query<TeamRecordRow>(
    teamRecordsSql('ss.service_id = ANY($1::int[])', '$2'),
    [serviceIds, now - PERIOD_MS],
  )
  return recordsByService(rows)
}

/** Everything the months of some services are computed from, read at once. */
export interface ServicesAvailability {
  services: Service[]
  staff: StaffMember[]
  sessions: OccupiedSession[]
  records: Map<number, MemberRecord[]>
}

/**
 * Everything the months of the services named by id or slug need, over [from, to), in one query:
 * the services, the staff performing any of them with their schedules, sessions and blocked time,
 * and the team rules' records. Nothing when no service is named that way.
 */
export async function readServicesAvailability(
  db: Queryable,
  named: { ids: number[]; slugs: string[] },
  from: number,
  to: number,
  now: number,
): Promise<ServicesAvailability> {
  const { rows } = await db.query<{
    services: Service[]
    staff: StaffRow[]
    records: TeamRecordRow[]
  }>(
    `WITH chosen AS (SELECT id, provider_id FROM services
                      WHERE id = ANY($1::int[]) OR slug = ANY($2::text[]))
     SELECT COALESCE((SELECT json_agg(x ORDER BY x.id)
                        FROM (SELECT ${SERVICE_COLUMNS} FROM services
                               WHERE id IN (SELECT id FROM chosen)) x), '[]') AS services,
            COALESCE((SELECT json_agg(x ORDER BY x.id)
                        FROM (SELECT ${staffForSlots('$3', '$4')}
                                FROM staff s
                               WHERE s.provider_id IN (SELECT provider_id FROM chosen)
                                 AND EXISTS (SELECT 1 FROM staff_services ss
                                              WHERE ss.staff_id = s.id
                                                AND ss.service_id IN (SELECT id FROM chosen))) x),
                     '[]') AS staff,
            COALESCE((SELECT json_agg(x)
                        FROM (${teamRecordsSql('ss.service_id IN (SELECT id FROM chosen)', '$5')}) x),
                     '[]') AS records`,
    [named.ids, named.slugs, from, to, now - PERIOD_MS],
  )
  const row = rows[0] as { services: Service[]; staff: StaffRow[]; records: TeamRecordRow[] }
  return {
    services: row.services.map(withDeposit),
    ...splitSessions(row.staff),
    records: recordsByService(row.records),
  }
}
