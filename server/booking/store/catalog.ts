import type { PublicProvider, PublicService } from '../../../src/lib/booking/api-types'
import type { ContactField } from '../../../src/lib/validation/booking-request'
import type { Queryable } from '../../db'

/** A business or a team: all of it is public (the API's PublicProvider). */
export type Provider = PublicProvider

export interface TimeRange {
  start: string
  end: string
}

export type WeeklyHours = Partial<Record<'0' | '1' | '2' | '3' | '4' | '5' | '6', TimeRange[]>>

export interface StaffMember {
  id: number
  providerId: number
  name: string
  photoUrl: string | null
  timeZone: string
  weeklyHours: WeeklyHours
  overrides: { date: string; ranges: TimeRange[] }[]
  serviceIds: number[]
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
}

const SERVICE_COLUMNS = `id, provider_id AS "providerId", slug, name, description,
  duration_minutes AS "durationMinutes", slot_interval_minutes AS "slotIntervalMinutes",
  buffer_before_minutes AS "bufferBeforeMinutes", buffer_after_minutes AS "bufferAfterMinutes",
  minimum_notice_minutes AS "minimumNoticeMinutes", horizon_days AS "horizonDays",
  seats_per_slot AS "seatsPerSlot", max_slots_per_booking AS "maxSlotsPerBooking",
  price_cents AS "priceCents", deposit_cents AS "depositCents", currency,
  requires_confirmation AS "requiresConfirmation", required_fields AS "requiredFields", location,
  reschedule_cutoff_minutes AS "rescheduleCutoffMinutes",
  cancellation_cutoff_minutes AS "cancellationCutoffMinutes", recurrence_count AS "recurrenceCount"`

const PROVIDER_COLUMNS = `id, slug, name, time_zone AS "timeZone", email, phone`

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
  return rows[0]
}

export async function findServicesByIds(db: Queryable, ids: number[]): Promise<Service[]> {
  const { rows } = await db.query<Service>(
    `SELECT ${SERVICE_COLUMNS} FROM services WHERE id = ANY($1::int[]) ORDER BY id`,
    [ids],
  )
  return rows
}

export async function listServices(db: Queryable, providerId: number): Promise<Service[]> {
  const { rows } = await db.query<Service>(
    `SELECT ${SERVICE_COLUMNS} FROM services WHERE provider_id = $1 ORDER BY id`,
    [providerId],
  )
  return rows
}

/** Staff of a provider with their schedules; only those performing `serviceId` when given. */
export async function listStaff(
  db: Queryable,
  providerId: number,
  serviceId?: number,
): Promise<StaffMember[]> {
  const { rows } = await db.query<StaffMember>(
    `SELECT s.id, s.provider_id AS "providerId", s.name, s.photo_url AS "photoUrl",
            s.time_zone AS "timeZone", s.weekly_hours AS "weeklyHours",
            COALESCE((SELECT json_agg(json_build_object('date', to_char(o.date, 'YYYY-MM-DD'),
                                                        'ranges', o.ranges) ORDER BY o.date)
                      FROM staff_date_overrides o WHERE o.staff_id = s.id), '[]') AS overrides,
            COALESCE((SELECT array_agg(ss.service_id ORDER BY ss.service_id)
                      FROM staff_services ss WHERE ss.staff_id = s.id), '{}') AS "serviceIds"
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

/** Occupied sessions of these staff whose blocked time touches [from, to). */
export async function listOccupiedSessions(
  db: Queryable,
  staffIds: number[],
  from: number,
  to: number,
): Promise<OccupiedSession[]> {
  const { rows } = await db.query<OccupiedSession>(
    `SELECT staff_id AS "staffId", service_id AS "serviceId",
            (extract(epoch FROM start_at) * 1000)::float8 AS start,
            (extract(epoch FROM end_at) * 1000)::float8 AS "end",
            seats_taken AS seats,
            (extract(epoch FROM start_at - lower(blocked)) / 60)::int AS "bufferBeforeMinutes",
            (extract(epoch FROM upper(blocked) - end_at) / 60)::int AS "bufferAfterMinutes"
       FROM staff_sessions
      WHERE staff_id = ANY($1::int[]) AND seats_taken > 0
        AND blocked && tstzrange(to_timestamp($2 / 1000.0), to_timestamp($3 / 1000.0))`,
    [staffIds, from, to],
  )
  return rows
}
