import type { ServiceTranslations } from '../booking/api-types'
import type { RefundPolicy } from '../booking/pricing'
import type { ContactField } from '../validation/booking-details'

/**
 * The Services and Staff screens' contract (issue 20): services with every setting, staff and
 * the providers they belong to. Amounts are integers in the currency's minor unit, as everywhere.
 */

/** How "any available staff" chooses (the server's TEAM_RULES; its test holds them equal). */
export const SERVICE_ASSIGNMENTS = [
  'round_robin',
  'equal_distribution',
  'availability_first',
  'collective',
] as const
export type ServiceAssignment = (typeof SERVICE_ASSIGNMENTS)[number]

export const REFUND_POLICIES: readonly RefundPolicy[] = [
  'full_before_cutoff',
  'keep_deposit',
  'none',
]

/**
 * A service's settings, named as `POST /api/admin/services` takes them (serviceSchema), so what
 * `GET /api/admin/services` gives goes back unchanged through `PATCH /api/admin/services/:id`.
 */
export interface ServiceSettings {
  providerId: number
  slug: string
  name: string
  description: string
  durationMinutes: number
  slotIntervalMinutes: number
  bufferBeforeMinutes: number
  bufferAfterMinutes: number
  minimumNoticeMinutes: number
  horizonDays: number
  seatsPerSlot: number
  maxSlotsPerBooking: number
  priceCents: number
  /** The fixed deposit per seat as stored: 0 when `depositPercent` sets it instead. */
  depositCents: number
  depositPercent: number | null
  refundPolicy: RefundPolicy
  refundCutoffMinutes: number
  currency: string
  requiresConfirmation: boolean
  requiredFields: ContactField[]
  location: string
  rescheduleCutoffMinutes: number
  cancellationCutoffMinutes: number
  recurrenceCount: number | null
  intakeFormId: number | null
  reminderMinutesBefore: number
  translations: ServiceTranslations
  assignment: ServiceAssignment
  collectiveMembers: number | null
}

/** `GET /api/admin/services` (owner and admin): every service, by id. */
export interface AdminService extends ServiceSettings {
  id: number
  /**
   * How many saves the service has had: `PATCH /api/admin/services/:id` takes the version an edit
   * started from and refuses it (409, `version_conflict`) once another save has come first.
   */
  version: number
}

/** `PATCH /api/admin/services/:id` as the dashboard sends it: the changes and their starting point. */
export type ServiceChanges = Partial<ServiceSettings> & { version: number }

/**
 * What `PATCH /api/admin/services/:id` and `PATCH /api/admin/providers/:id` answer: the id and the
 * version it has now.
 */
export interface SavedVersion extends Saved {
  version: number
}

/** `GET /api/admin/providers` (owner and admin): whom a new service or staff member belongs to. */
export interface AdminProvider {
  id: number
  slug: string
  name: string
  timeZone: string
  /** Sites that may frame this provider's widget pages besides EMBED_ORIGINS; `['*']`: any. */
  embedOrigins: string[]
  /** How many saves it has had (as AdminService's): a PATCH from an older one is refused. */
  version: number
}

/** `POST /api/admin/staff` as the Staff screen sends it (hours are set on Availability). */
export interface NewStaffMember {
  providerId: number
  name: string
  timeZone: string
  serviceIds: number[]
  /** AdminStaff's flag: their hours are offered even where the location is closed. */
  outsideOpeningHours: boolean
}

/** `PATCH /api/admin/staff/:id` from the Staff screen: only what changed. */
/** What an edit of a member changed, and the version it started from (AdminStaff's). */
export type StaffChanges = Partial<Omit<NewStaffMember, 'providerId'>> & { version?: number }

/** The id of what `POST`/`PATCH` created or changed. */
export interface Saved {
  id: number
}
