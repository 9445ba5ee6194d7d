import crypto from 'node:crypto'
import type { AdminProvider, AdminService } from '../../../src/lib/admin/service-types'
import type { Queryable } from '../../db'
import { HttpError } from '../../errors'
import { isUniqueViolation } from './db-errors'
import type { Service, WeeklyHours } from './catalog'
import { hashSecret } from './manage-token'

/** Creating and editing providers, staff, services and one-time links (admin API and seeding). */
export interface ProviderInput {
  slug: string
  name: string
  timeZone: string
  email?: string | null
  phone?: string | null
  address?: string | null
  openingHours?: WeeklyHours
  /** Where the business's own e-mails go; the public `email` when unset. */
  notificationEmail?: string | null
  termsPage?: string
  termsVersion?: string
  /** Sites that may frame this provider's widget routes besides EMBED_ORIGINS; `['*']`: any. */
  embedOrigins?: string[]
}

export interface StaffInput {
  providerId: number
  name: string
  photoUrl?: string | null
  timeZone: string
  weeklyHours: object
  overrides: { date: string; ranges: object[] }[]
  serviceIds: number[]
  priority: number
  outsideOpeningHours: boolean
}

/** A service as the admin API and the seed give it; the slot interval defaults to the duration. */
export type ServiceInput = Omit<Service, 'id' | 'slotIntervalMinutes'> & {
  slotIntervalMinutes?: number
}

const SERVICE_COLUMNS: Record<keyof Omit<ServiceInput, 'providerId'>, string> = {
  slug: 'slug',
  name: 'name',
  description: 'description',
  durationMinutes: 'duration_minutes',
  slotIntervalMinutes: 'slot_interval_minutes',
  bufferBeforeMinutes: 'buffer_before_minutes',
  bufferAfterMinutes: 'buffer_after_minutes',
  minimumNoticeMinutes: 'minimum_notice_minutes',
  horizonDays: 'horizon_days',
  seatsPerSlot: 'seats_per_slot',
  maxSlotsPerBooking: 'max_slots_per_booking',
  priceCents: 'price_cents',
  depositCents: 'deposit_cents',
  currency: 'currency',
  requiresConfirmation: 'requires_confirmation',
  requiredFields: 'required_fields',
  location: 'location',
  rescheduleCutoffMinutes: 'reschedule_cutoff_minutes',
  cancellationCutoffMinutes: 'cancellation_cutoff_minutes',
  recurrenceCount: 'recurrence_count',
  intakeFormId: 'intake_form_id',
  translations: 'translations',
  reminderMinutesBefore: 'reminder_minutes_before',
  depositPercent: 'deposit_percent',
  refundPolicy: 'refund_policy',
  refundCutoffMinutes: 'refund_cutoff_minutes',
  assignment: 'assignment',
  collectiveMembers: 'collective_members',
}

function mapDbError(error: unknown, what: string): never {
  if (
    isUniqueViolation(error, 'providers_slug_key') ||
    isUniqueViolation(error, 'services_slug_key') ||
    isUniqueViolation(error, 'one_time_links_slug_hash_key')
  ) {
    throw new HttpError(409, 'Conflict', `A ${what} with this slug already exists.`)
  }
  const code = (error as { code?: string }).code
  if (code === '23503')
    throw new HttpError(404, 'Not Found', `The ${what} refers to something that does not exist.`)
  if (code === '23514')
    throw new HttpError(
      400,
      'Bad Request',
      `The ${what} breaks a rule: ${(error as Error).message}`,
    )
  throw error
}

export async function createProvider(db: Queryable, input: ProviderInput): Promise<number> {
  try {
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO providers (slug, name, time_zone, email, phone, address, opening_hours,
                              notification_email, terms_page, terms_version, embed_origins)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, COALESCE($9, 'terms'), COALESCE($10, '1'),
               COALESCE($11::text[], '{}'))
       RETURNING id`,
      [
        input.slug,
        input.name,
        input.timeZone,
        input.email || null,
        input.phone || null,
        input.address || null,
        input.openingHours ?? {},
        input.notificationEmail || null,
        input.termsPage ?? null,
        input.termsVersion ?? null,
        input.embedOrigins ?? null,
      ],
    )
    return rows[0]?.id as number
  } catch (error) {
    mapDbError(error, 'provider')
  }
}

/** Changes what is given, counting a new version, and answers that version. */
export async function updateProvider(
  db: Queryable,
  id: number,
  input: Partial<ProviderInput>,
): Promise<number> {
  try {
    const { rows } = await db.query<{ version: number }>(
      `UPDATE providers SET slug = COALESCE($2, slug), name = COALESCE($3, name),
              time_zone = COALESCE($4, time_zone), email = COALESCE($5, email),
              phone = COALESCE($6, phone), address = COALESCE($7, address),
              opening_hours = COALESCE($8, opening_hours),
              notification_email = COALESCE($9, notification_email),
              terms_page = COALESCE($10, terms_page), terms_version = COALESCE($11, terms_version),
              embed_origins = COALESCE($12::text[], embed_origins),
              version = version + 1
        WHERE id = $1 RETURNING version`,
      [
        id,
        input.slug ?? null,
        input.name ?? null,
        input.timeZone ?? null,
        input.email ?? null,
        input.phone ?? null,
        input.address ?? null,
        input.openingHours ?? null,
        input.notificationEmail ?? null,
        input.termsPage ?? null,
        input.termsVersion ?? null,
        input.embedOrigins ?? null,
      ],
    )
    if (!rows[0]) throw new HttpError(404, 'Not Found', 'No such provider.')
    return rows[0].version
  } catch (error) {
    mapDbError(error, 'provider')
  }
}

async function replaceStaffDetails(db: Queryable, staffId: number, input: Partial<StaffInput>) {
  if (input.overrides) {
    await db.query('DELETE FROM staff_date_overrides WHERE staff_id = $1', [staffId])
    for (const override of input.overrides) {
      await db.query(
        'INSERT INTO staff_date_overrides (staff_id, date, ranges) VALUES ($1, $2, $3)',
        [staffId, override.date, JSON.stringify(override.ranges)],
      )
    }
  }
  if (input.serviceIds) {
    await db.query('DELETE FROM staff_services WHERE staff_id = $1', [staffId])
    for (const serviceId of input.serviceIds) {
      await db.query('INSERT INTO staff_services (staff_id, service_id) VALUES ($1, $2)', [
        staffId,
        serviceId,
      ])
    }
  }
}

export async function createStaff(db: Queryable, input: StaffInput): Promise<number> {
  try {
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO staff (provider_id, name, photo_url, time_zone, weekly_hours, priority,
                          outside_opening_hours)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [
        input.providerId,
        input.name,
        input.photoUrl || null,
        input.timeZone,
        input.weeklyHours,
        input.priority,
        input.outsideOpeningHours,
      ],
    )
    const id = rows[0]?.id as number
    await replaceStaffDetails(db, id, input)
    return id
  } catch (error) {
    mapDbError(error, 'staff member')
  }
}

/** Changes what is given, counting a new version in the same statement, and answers it. */
export async function updateStaff(
  db: Queryable,
  id: number,
  input: Partial<StaffInput>,
): Promise<number> {
  try {
    const { rows } = await db.query<{ version: number }>(
      `UPDATE staff SET name = COALESCE($2, name), photo_url = COALESCE($3, photo_url),
              time_zone = COALESCE($4, time_zone), weekly_hours = COALESCE($5, weekly_hours),
              priority = COALESCE($6, priority),
              outside_opening_hours = COALESCE($7, outside_opening_hours),
              version = version + 1
        WHERE id = $1 RETURNING version`,
      [
        id,
        input.name ?? null,
        input.photoUrl ?? null,
        input.timeZone ?? null,
        input.weeklyHours ?? null,
        input.priority ?? null,
        input.outsideOpeningHours ?? null,
      ],
    )
    if (!rows[0]) throw new HttpError(404, 'Not Found', 'No such staff member.')
    await replaceStaffDetails(db, id, input)
    return rows[0].version
  } catch (error) {
    mapDbError(error, 'staff member')
  }
}

export async function createService(db: Queryable, input: ServiceInput): Promise<number> {
  const values = {
    ...input,
    slotIntervalMinutes: input.slotIntervalMinutes ?? input.durationMinutes,
  }
  const fields = Object.keys(SERVICE_COLUMNS) as (keyof typeof SERVICE_COLUMNS)[]
  try {
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO services (provider_id, ${fields.map((f) => SERVICE_COLUMNS[f]).join(', ')})
       VALUES ($1, ${fields.map((_, i) => `$${i + 2}`).join(', ')}) RETURNING id`,
      [input.providerId, ...fields.map((field) => values[field])],
    )
    return rows[0]?.id as number
  } catch (error) {
    mapDbError(error, 'service')
  }
}

/**
 * Changes the settings given and answers the version now stored: each update that changes
 * something is a new version, counted in the same statement, so no save can slip between.
 */
export async function updateService(
  db: Queryable,
  id: number,
  input: Partial<ServiceInput>,
): Promise<number> {
  const fields = (Object.keys(SERVICE_COLUMNS) as (keyof typeof SERVICE_COLUMNS)[]).filter(
    (field) => input[field] !== undefined,
  )
  try {
    const { rows } =
      fields.length === 0
        ? await db.query<{ version: number }>('SELECT version FROM services WHERE id = $1', [id])
        : await db.query<{ version: number }>(
            `UPDATE services
                SET ${fields.map((f, i) => `${SERVICE_COLUMNS[f]} = $${i + 2}`).join(', ')},
                    version = version + 1
              WHERE id = $1 RETURNING version`,
            [id, ...fields.map((field) => input[field])],
          )
    if (!rows[0]) throw new HttpError(404, 'Not Found', 'No such service.')
    return rows[0].version
  } catch (error) {
    mapDbError(error, 'service')
  }
}

/**
 * Every service with its settings as stored and as ServiceInput names them, so the dashboard's
 * form sends them back unchanged: the fixed deposit stays as stored (0 under a percentage), not
 * worked out per seat as the catalog gives it to visitors.
 */
export async function listServiceSettings(db: Queryable): Promise<AdminService[]> {
  const columns = Object.entries(SERVICE_COLUMNS).map(([key, column]) => `${column} AS "${key}"`)
  const { rows } = await db.query<AdminService>(
    `SELECT id, version, provider_id AS "providerId", ${columns.join(', ')}
       FROM services ORDER BY id`,
  )
  // currency is char(3): trimmed, though ISO codes fill it anyway.
  return rows.map((row) => ({ ...row, currency: row.currency.trim() }))
}

export async function listProviders(db: Queryable): Promise<AdminProvider[]> {
  const { rows } = await db.query<AdminProvider>(
    `SELECT id, slug, name, time_zone AS "timeZone", embed_origins AS "embedOrigins", version
       FROM providers ORDER BY id`,
  )
  return rows
}

/** A one-time link's slug: 128 random bits, so links cannot be guessed. */
export async function createOneTimeLink(
  db: Queryable,
  input: { serviceId: number; expiresAt?: string; slug?: string },
): Promise<string> {
  const slug = input.slug ?? crypto.randomBytes(16).toString('base64url')
  try {
    await db.query(
      'INSERT INTO one_time_links (slug_hash, service_id, expires_at) VALUES ($1, $2, $3)',
      [hashSecret(slug), input.serviceId, input.expiresAt ?? null],
    )
  } catch (error) {
    mapDbError(error, 'one-time link')
  }
  return slug
}
