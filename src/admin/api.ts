import type {
  AdminAccount,
  AdminBooking,
  AdminRescheduleRequest,
  AdminStaff,
  AdminUser,
  AuditPage,
  BlockedPeriod,
  BookingFilters,
  BookingListQuery,
  BookingPage,
  CreateUserRequest,
  DateOverride,
  NewBlockedPeriod,
  RefundRequest,
  SavedStaff,
  TimeRange,
  UpdateUserRequest,
  WeeklyHours,
} from '../lib/admin/api-types'
import type { AdminStatus } from '../lib/admin/status-types'
import { defaultApiBaseUrl, type HttpClient } from '../lib/http'
import type { OutboxPage } from '../lib/notifications/api-types'
import { apiKeysApi } from './api-keys/api-keys-api'
import { calendarsApi } from './calendars/calendars-api'
import { embeddingApi } from './embedding/embedding-api'
import { contentApi } from './content/content-api'
import { formsApi } from './forms/forms-api'
import { webhooksApi } from './webhooks/webhooks-api'
import { catalogueApi } from './catalogue/catalogue-api'
import { servicesApi } from './services/services-api'
import { staffApi } from './staff/staff-api'
import { createSessionClient, type SessionClient } from './session/session-api'

/** What can be done to one booking from the dashboard (`POST /admin/bookings/:id/<action>`). */
export type BookingAction = 'confirm' | 'decline' | 'cancel' | 'reschedule' | 'no-show' | 'refund'

const query = (filters: BookingFilters & { cursor?: string; limit?: number }) => ({
  tab: filters.tab,
  serviceId: filters.serviceId,
  staffId: filters.staffId,
  from: filters.from,
  to: filters.to,
  q: filters.q || undefined,
  cursor: filters.cursor,
  limit: filters.limit,
})

/**
 * Every call the dashboard makes (src/lib/admin/api-types.ts is the contract): the session's
 * (src/admin/session/session-api.ts, which the sign-in page loads alone) and every screen's,
 * over the session's transport.
 */
export function adminApiOver({ api: session, transport }: SessionClient) {
  const { http, guarded } = transport
  // The API answers a booking as `{ booking }`, the booking as it is after the action.
  const booking = (id: number, action: BookingAction, body?: object) =>
    http
      .post<{ booking: AdminBooking }>(`/admin/bookings/${id}/${action}`, body ?? {}, guarded())
      .then((answer) => answer.booking)

  return {
    ...session,
    /** The test paths this server takes (test payments, unsent mail), for every screen's banner. */
    status: () => http.get<AdminStatus>('/admin/status'),

    bookings: (listQuery: BookingListQuery) =>
      http.get<BookingPage>('/admin/bookings', { params: query(listQuery) }),
    booking: (id: number) =>
      http.get<{ booking: AdminBooking }>(`/admin/bookings/${id}`).then((answer) => answer.booking),
    confirm: (id: number) => booking(id, 'confirm'),
    decline: (id: number, reason: string) => booking(id, 'decline', { reason }),
    cancel: (id: number, reason: string) => booking(id, 'cancel', { reason }),
    reschedule: (id: number, request: AdminRescheduleRequest) => booking(id, 'reschedule', request),
    markNoShow: (id: number) => booking(id, 'no-show'),
    refund: (id: number, request: RefundRequest) => booking(id, 'refund', request),

    staff: () => http.get<AdminStaff[]>('/admin/staff'),
    /** From the member's `version` as loaded: refused (409) once another save came first. */
    saveWeeklyHours: (staffId: number, weeklyHours: WeeklyHours, version: number) =>
      http.patch<SavedStaff>(`/admin/staff/${staffId}`, { weeklyHours, version }, guarded()),
    overrides: (staffId: number) => http.get<DateOverride[]>(`/admin/staff/${staffId}/overrides`),
    saveOverride: (staffId: number, date: string, ranges: TimeRange[]) =>
      http.put<DateOverride>(`/admin/staff/${staffId}/overrides/${date}`, { ranges }, guarded()),
    removeOverride: (staffId: number, date: string) =>
      http.delete<void>(`/admin/staff/${staffId}/overrides/${date}`, guarded()),
    blockedPeriods: () => http.get<BlockedPeriod[]>('/admin/blocked-periods'),
    addBlockedPeriod: (period: NewBlockedPeriod) =>
      http.post<BlockedPeriod>('/admin/blocked-periods', period, guarded()),
    removeBlockedPeriod: (id: number) =>
      http.delete<void>(`/admin/blocked-periods/${id}`, guarded()),

    users: () => http.get<AdminAccount[]>('/admin/users'),
    createUser: (request: CreateUserRequest) =>
      http.post<AdminUser>('/admin/users', request, guarded()),
    updateUser: (id: number, request: UpdateUserRequest) =>
      http.patch<AdminAccount>(`/admin/users/${id}`, request, guarded()),
    audit: (cursor?: string) =>
      http.get<AuditPage>('/admin/audit', { params: { cursor, limit: 50 } }),
    outbox: (before?: number) =>
      http.get<OutboxPage>('/admin/outbox', { params: { limit: 20, before } }),
    ...formsApi({ http, guarded }),
    ...webhooksApi({ http, guarded }),
    ...apiKeysApi({ http, guarded }),
    ...catalogueApi({ http, guarded }),
    ...servicesApi({ http, guarded }),
    ...staffApi({ http, guarded }),
    ...calendarsApi({ http, guarded }),
    ...embeddingApi({ http, guarded }),
    ...contentApi({ http, guarded }),
  }
}

export type AdminApi = ReturnType<typeof adminApiOver>

/** The whole API over `client` (tests give their fake client here). */
export const createAdminApi = (client: HttpClient) => adminApiOver(createSessionClient(client))

/** An e-mail of the local outbox as its recipient sees it (its HTML part), for a frame. */
export function outboxHtmlUrl(id: number): string {
  return `${defaultApiBaseUrl().replace(/\/+$/, '')}/admin/outbox/${id}/html`
}

/** The CSV of the bookings the filters select; a plain link, so the browser downloads it. */
export function bookingsCsvUrl(filters: BookingFilters): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query(filters))) {
    if (value !== undefined && value !== '') params.set(key, String(value))
  }
  const search = params.toString()
  return `${defaultApiBaseUrl().replace(/\/+$/, '')}/admin/bookings.csv${search ? `?${search}` : ''}`
}
