import type {
  AdminAccount,
  AdminBooking,
  AdminRescheduleRequest,
  AdminSession,
  AdminStaff,
  AdminUser,
  AuditPage,
  BlockedPeriod,
  BookingFilters,
  BookingListQuery,
  BookingPage,
  ChangePasswordRequest,
  CreateUserRequest,
  DateOverride,
  LoginRequest,
  NewBlockedPeriod,
  RefundRequest,
  SavedStaff,
  TimeRange,
  UpdateUserRequest,
  WeeklyHours,
} from '../lib/admin/api-types'
import type { AdminStatus } from '../lib/admin/status-types'
import {
  createHttpClient,
  defaultApiBaseUrl,
  isHttpError,
  type HttpClient,
  type RequestOptions,
} from '../lib/http'
import type { OutboxPage } from '../lib/notifications/api-types'
import { formsApi } from './forms/forms-api'
import { webhooksApi } from './webhooks/webhooks-api'
import { catalogueApi } from './catalogue/catalogue-api'
import { servicesApi } from './services/services-api'
import { staffApi } from './staff/staff-api'

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
 * What a screen's own calls are built on (each catalogue screen keeps its calls beside it and
 * createAdminApi gathers them): the client that notices a lost session, and the CSRF header.
 */
export interface AdminTransport {
  http: HttpClient
  guarded: () => RequestOptions
}

/**
 * Every call the dashboard makes (src/lib/admin/api-types.ts is the contract). The session's CSRF
 * token is remembered from the answer that gave it and sent on every request that changes
 * something, so no screen has to thread it through.
 */
export function createAdminApi(client: HttpClient) {
  let csrfToken: string | null = null
  const remember = (session: AdminSession) => {
    csrfToken = session.csrfToken
    return session
  }
  // A 401 from any screen's call means the session ran out (or was signed out elsewhere): the
  // dashboard hears of it once, here, and goes back to signing in.
  const endListeners = new Set<() => void>()
  const watched = <T>(request: Promise<T>) =>
    request.catch((failure: unknown) => {
      if (isHttpError(failure) && failure.statusCode === 401) {
        csrfToken = null
        endListeners.forEach((listener) => listener())
      }
      throw failure
    })
  const http: HttpClient = {
    get: (path, request) => watched(client.get(path, request)),
    head: (path, request) => watched(client.head(path, request)),
    delete: (path, request) => watched(client.delete(path, request)),
    post: (path, body, request) => watched(client.post(path, body, request)),
    put: (path, body, request) => watched(client.put(path, body, request)),
    patch: (path, body, request) => watched(client.patch(path, body, request)),
  }
  const guarded = (): RequestOptions => ({
    headers: csrfToken ? { 'x-csrf-token': csrfToken } : {},
  })
  // The API answers a booking as `{ booking }`, the booking as it is after the action.
  const booking = (id: number, action: BookingAction, body?: object) =>
    http
      .post<{ booking: AdminBooking }>(`/admin/bookings/${id}/${action}`, body ?? {}, guarded())
      .then((answer) => answer.booking)

  return {
    /** Calls `listener` when a request is refused for want of a session; returns the unsubscribe. */
    onSessionEnded: (listener: () => void) => {
      endListeners.add(listener)
      return () => void endListeners.delete(listener)
    },
    // These four call the client itself: their 401 is an answer to show, not a session's end.
    session: () => client.get<AdminSession>('/admin/session').then(remember),
    // Signing in needs no CSRF token: there is no session yet to forge a request for.
    signIn: (request: LoginRequest) =>
      client.post<AdminSession>('/admin/session', request).then(remember),
    signOut: () =>
      client.delete<void>('/admin/session', guarded()).finally(() => {
        csrfToken = null
      }),
    // A 401 here is more likely a wrong current password than a lost session: shown as given.
    changePassword: (request: ChangePasswordRequest) =>
      client.post<void>('/admin/session/password', request, guarded()),
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
    saveWeeklyHours: (staffId: number, weeklyHours: WeeklyHours) =>
      http.patch<SavedStaff>(`/admin/staff/${staffId}`, { weeklyHours }, guarded()),
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
    ...catalogueApi({ http, guarded }),
    ...servicesApi({ http, guarded }),
    ...staffApi({ http, guarded }),
  }
}

export type AdminApi = ReturnType<typeof createAdminApi>

/** The dashboard's client: the session cookie goes along even to an API on another origin. */
export const createDefaultAdminApi = () =>
  createAdminApi(createHttpClient({ baseUrl: defaultApiBaseUrl(), withCredentials: true }))

/** The CSV of the bookings the filters select; a plain link, so the browser downloads it. */
export function bookingsCsvUrl(filters: BookingFilters): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query(filters))) {
    if (value !== undefined && value !== '') params.set(key, String(value))
  }
  const search = params.toString()
  return `${defaultApiBaseUrl().replace(/\/+$/, '')}/admin/bookings.csv${search ? `?${search}` : ''}`
}
