import type { BookingView } from '../booking/api-types'
import type { AnswerValue } from '../forms/definition'

/**
 * The operator dashboard's API (`/api/admin/...`), shared by the server and the dashboard.
 *
 * A browser signs in with `POST /api/admin/session` and is then known by the `admin_session`
 * cookie; every state-changing request it makes carries the session's CSRF token in the
 * `x-csrf-token` header. Scripts send `Authorization: Bearer` with an API key (limited to its
 * scopes) or ADMIN_TOKEN (acting as an owner); neither needs a CSRF token (no browser sends it on
 * its own).
 */

/**
 * owner and admin: everything; front_desk: every booking, no settings; staff: only the bookings
 * with a line of theirs, and their own availability; editor: the site's content and media, and
 * nothing of bookings, payments or accounts.
 */
export type AdminRole = 'owner' | 'admin' | 'front_desk' | 'staff' | 'editor'

export const adminRoles: readonly AdminRole[] = ['owner', 'admin', 'front_desk', 'staff', 'editor']

export interface AdminUser {
  id: number
  email: string
  name: string
  role: AdminRole
  /** The staff member a staff account is; null for the other roles. */
  staffId: number | null
  /** A one-time password (first start, or set by an owner) must be replaced before anything else. */
  mustChangePassword: boolean
}

/** `POST /api/admin/session` (body LoginRequest) and `GET /api/admin/session`. */
export interface AdminSession {
  user: AdminUser
  csrfToken: string
  expiresAt: string
}

export interface LoginRequest {
  email: string
  password: string
}

/** `POST /api/admin/session/password`. */
export interface ChangePasswordRequest {
  currentPassword: string
  newPassword: string
}

/** `POST /api/admin/users` (owner and admin only; only an owner makes owners). */
export interface CreateUserRequest {
  email: string
  name: string
  role: AdminRole
  staffId?: number | null
  /** The account's first password, to be replaced at its first sign-in. */
  password: string
}

/** `GET /api/admin/users`: every account, the disabled ones too, which can be enabled again. */
export interface AdminAccount extends AdminUser {
  /** A disabled account cannot sign in, and its sessions have ended. */
  disabled: boolean
}

/**
 * `PATCH /api/admin/users/:id` (owner and admin; only an owner edits an owner or makes one). No
 * one changes their own role or disables themselves, so a dashboard always keeps its owner.
 */
export interface UpdateUserRequest {
  name?: string
  role?: AdminRole
  staffId?: number | null
  disabled?: boolean
  /** A new one-time password, to be replaced at the next sign-in; the account is signed out. */
  password?: string
}

/**
 * What an API key may do on the admin API; each route needs one (server/admin/key-scopes.ts).
 * Accounts, sessions, keys, the audit log, backups, calendars and the mail outbox take no key.
 */
export type ApiScope =
  | 'bookings:read'
  | 'bookings:write'
  | 'catalogue:read'
  | 'catalogue:write'
  | 'content:read'
  | 'content:write'
  | 'forms:read'
  | 'forms:write'
  | 'webhooks:write'
  /** The server's metrics (/api/metrics), for an owner's key. */
  | 'metrics:read'

export const apiScopes: readonly ApiScope[] = [
  'bookings:read',
  'bookings:write',
  'catalogue:read',
  'catalogue:write',
  'content:read',
  'content:write',
  'forms:read',
  'forms:write',
  'webhooks:write',
  'metrics:read',
]

/** `POST /api/admin/api-keys` (owner and admin, signed in or with ADMIN_TOKEN). */
export interface CreateApiKeyRequest {
  name: string
  scopes: ApiScope[]
  /** When the key stops working; none: until it is revoked. */
  expiresAt?: string | null
}

/** `GET /api/admin/api-keys`: every key, the revoked and expired ones too; never the key itself. */
export interface ApiKey {
  id: number
  name: string
  /** The key's first characters, e.g. hp_live_AbCd: how lists and the audit log name it. */
  prefix: string
  scopes: ApiScope[]
  /** The e-mail of the account that made it; null for ADMIN_TOKEN or a deleted account. */
  createdBy: string | null
  createdAt: string
  expiresAt: string | null
  /** Within a minute: a key's use moves it on at most once a minute. */
  lastUsedAt: string | null
  revokedAt: string | null
}

/**
 * The answer to `POST /api/admin/api-keys`: the only time the key is shown. It is sent as
 * `Authorization: Bearer <key>`; revoked with `DELETE /api/admin/api-keys/:id`.
 */
export interface CreatedApiKey extends Pick<
  ApiKey,
  'id' | 'name' | 'prefix' | 'scopes' | 'expiresAt' | 'createdAt'
> {
  key: string
}

/**
 * upcoming: confirmed, not yet ended; requested: waiting for the business; held: waiting for a
 * payment; past: confirmed and ended; cancelled: cancelled, declined or expired.
 */
export type BookingTab = 'upcoming' | 'requested' | 'held' | 'past' | 'cancelled'

export const bookingTabs: readonly BookingTab[] = [
  'upcoming',
  'requested',
  'held',
  'past',
  'cancelled',
]

/** `GET /api/admin/bookings` and `GET /api/admin/bookings.csv` take the same filters. */
export interface BookingFilters {
  tab?: BookingTab
  serviceId?: number
  staffId?: number
  /** Local dates (YYYY-MM-DD) in the provider's zone, both included. */
  from?: string
  to?: string
  /** Part of the contact's name or e-mail. */
  q?: string
}

export interface BookingListQuery extends BookingFilters {
  cursor?: string
  /** 1–100, default 25. */
  limit?: number
}

/** A service's intake form as the visitor answered it, labels in the reader's locale. */
export interface IntakeView {
  formId: number
  version: number
  title: string
  answers: { fieldId: string; label: string; answer: AnswerValue }[]
}

export interface BookingHistoryEntry {
  /** The booking event's type, e.g. booking.created, booking.confirmed. */
  type: string
  at: string
  /**
   * Who did it: an account's e-mail, "token" for ADMIN_TOKEN, "key hp_live_AbCd (name)" for an
   * API key, "visitor" or "system".
   */
  actor: string
}

/** A booking as the business sees it: the visitor's view plus what only the business sees. */
export interface AdminBooking extends BookingView {
  intake: IntakeView[]
  noShow: boolean
  history: BookingHistoryEntry[]
}

export interface BookingPage {
  bookings: AdminBooking[]
  /** Pass as `cursor` for the next page; null on the last one. */
  nextCursor: string | null
}

/** `POST /api/admin/bookings/:id/{decline,cancel}`. */
export interface ReasonRequest {
  reason?: string
}

/** `POST /api/admin/bookings/:id/reschedule`: the new start of the first occurrence. */
export interface AdminRescheduleRequest {
  start: string
}

/** `POST /api/admin/bookings/:id/refund`: the whole paid amount when amount is left out. */
export interface RefundRequest {
  amount?: number
}

export interface TimeRange {
  /** HH:mm in the staff member's zone. */
  start: string
  end: string
}

/** weekday 0 = Sunday, as stored. */
export type WeeklyHours = Partial<Record<'0' | '1' | '2' | '3' | '4' | '5' | '6', TimeRange[]>>

/** `GET /api/admin/staff`. */
export interface AdminStaff {
  id: number
  name: string
  timeZone: string
  weeklyHours: WeeklyHours
  serviceIds: number[]
  /** Their hours are offered even where the location is closed (remote work, agreed hours). */
  outsideOpeningHours: boolean
  /**
   * How many saves they have had: `PATCH /api/admin/staff/:id` takes the version an edit started
   * from and refuses it (409, `version_conflict`) once another save has come first.
   */
  version: number
}

/**
 * `POST /api/admin/staff`, `PATCH /api/admin/staff/:id`: the hours of theirs (weekday and times
 * in their zone) that lie outside the location's opening hours and so are not offered; empty
 * when none, or when their hours are marked as outside opening hours on purpose.
 */
export interface SavedStaff {
  id: number
  outsideOpeningHours: WeeklyHours
  /** The version the member has now (AdminStaff's). */
  version: number
}

/** `GET /api/admin/staff/:id/overrides`, `PUT /api/admin/staff/:id/overrides/:date` ({ ranges }). */
export interface DateOverride {
  date: string
  /** Empty: a day off. */
  ranges: TimeRange[]
}

/**
 * `GET/POST /api/admin/blocked-periods`, `DELETE /api/admin/blocked-periods/:id`: no slot of the
 * staff member (or, with staffId null, of anyone) overlaps it.
 */
export interface BlockedPeriod {
  id: number
  staffId: number | null
  start: string
  end: string
  reason: string
}

export type NewBlockedPeriod = Omit<BlockedPeriod, 'id'> & {
  /** Only needed for a business-wide period (staffId null) when the server has several providers. */
  providerId?: number
}

/** `GET /api/admin/audit` (owner and admin). */
export interface AuditEntry {
  id: number
  at: string
  actor: string
  action: string
  /** What it acted on, e.g. booking:12. */
  target: string | null
  detail: Record<string, unknown>
}

export interface AuditPage {
  entries: AuditEntry[]
  nextCursor: string | null
}
