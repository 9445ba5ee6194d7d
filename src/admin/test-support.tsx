import { render } from '@testing-library/react'
import type { ReactElement } from 'react'
import type { AdminBooking, AdminRole, AdminUser } from '../lib/admin/api-types'
import type { AdminProvider } from '../lib/admin/service-types'
import type { DeliveryLogEntry, WebhookEndpoint } from '../lib/admin/webhook-types'
import type { BookingLineView } from '../lib/booking/api-types'
import { HttpError, type HttpClient } from '../lib/http'
import { createAdminApi, type AdminApi } from './api'
import { LeaveGuardProvider } from './kit/leave-guard'
import { AdminContext } from './shell/admin-context'
import type { Business } from './shell/use-business'

/** Every call of the dashboard's API as a jest mock, each to be given its answer by the test. */
export function fakeApi(): jest.Mocked<AdminApi> {
  const shape = createAdminApi({} as HttpClient)
  const api: jest.Mocked<AdminApi> = Object.fromEntries(
    Object.keys(shape).map((key) => [key, jest.fn()]),
  ) as never
  // Every screen's shell asks; a server on real payments and mail unless the test says otherwise.
  api.status.mockResolvedValue({ testPaths: [], site: { state: 'current', queued: false } })
  return api
}

/** The HTTP client as mocks, for tests of what goes over the wire (the CSRF header). */
export function fakeHttp(): jest.Mocked<HttpClient> {
  return {
    get: jest.fn(),
    head: jest.fn(),
    delete: jest.fn(),
    post: jest.fn(),
    put: jest.fn(),
    patch: jest.fn(),
  }
}

export const business: Business = {
  providerId: 7,
  name: 'Harbor Physio',
  timeZone: 'Europe/Berlin',
  services: [
    { id: 1, name: 'Consultation' },
    { id: 2, name: 'Pilates class' },
  ],
}

export const adminUser = (
  role: AdminRole = 'owner',
  extra: Partial<AdminUser> = {},
): AdminUser => ({
  id: 1,
  email: 'owner@example.com',
  name: 'Olivia Owner',
  role,
  staffId: null,
  mustChangePassword: false,
  ...extra,
})

export function renderAdmin(
  ui: ReactElement,
  { api = fakeApi(), user = adminUser() }: { api?: AdminApi; user?: AdminUser } = {},
) {
  return {
    api,
    ...render(
      <AdminContext.Provider value={{ api, user, business, base: '/en/admin/' }}>
        <LeaveGuardProvider>{ui}</LeaveGuardProvider>
      </AdminContext.Provider>,
    ),
  }
}

/** A booking's line: Ana Silva's consultation with Sam Staff, 5 March 2030; `extra` changes it. */
export const adminBookingLine = (extra: Partial<BookingLineView> = {}): BookingLineView => ({
  guestIndex: 0,
  guestName: 'Ana Silva',
  serviceId: 1,
  serviceName: 'Consultation',
  serviceTranslations: {},
  staffId: 3,
  staffName: 'Sam Staff',
  staffChosen: true,
  occurrence: 0,
  start: '2030-03-05T08:00:00.000Z',
  end: '2030-03-05T09:00:00.000Z',
  seats: 1,
  priceCents: 6000,
  depositCents: 0,
  currency: 'EUR',
  ...extra,
})

export function adminBooking(id: number, extra: Partial<AdminBooking> = {}): AdminBooking {
  const start = extra.start ?? '2030-03-05T08:00:00.000Z'
  const end = extra.end ?? '2030-03-05T09:00:00.000Z'
  return {
    id,
    status: 'confirmed',
    start,
    end,
    timeZone: 'Europe/Berlin',
    durationMinutes: 60,
    location: 'Harbor Street 1',
    provider: { slug: 'harbor-physio', name: 'Harbor Physio', email: null, phone: null },
    contact: {
      firstName: 'Ana',
      lastName: 'Silva',
      email: 'ana@example.com',
      phone: '+4930901820',
    },
    guests: [],
    guestCount: null,
    lines: [adminBookingLine({ start, end })],
    occurrences: [{ start, end }],
    totalCents: 6000,
    depositCents: 0,
    currency: 'EUR',
    holdExpiresAt: null,
    policy: {
      rescheduleUntil: null,
      cancelUntil: null,
      canReschedule: true,
      canCancel: true,
      refund: { policy: 'full_before_cutoff', until: start },
    },
    cancellationReason: null,
    rescheduleHistory: [],
    payment: null,
    intake: [],
    noShow: false,
    history: [{ type: 'booking.created', at: '2030-03-01T10:00:00.000Z', actor: 'visitor' }],
    ...extra,
  }
}

/** An enabled endpoint of provider 7 for two events. */
export const webhookEndpoint: WebhookEndpoint = {
  id: 11,
  providerId: 7,
  url: 'https://hooks.example.com/in',
  eventTypes: ['booking.created', 'booking.cancelled'],
  enabled: true,
  createdAt: '2030-03-01T10:00:00.000Z',
}

/** A delivery to webhookEndpoint that failed, a 500 on each of 8 attempts; `extra` changes it. */
export const webhookDelivery = (
  id: number,
  extra: Partial<DeliveryLogEntry> = {},
): DeliveryLogEntry => ({
  id,
  messageId: `msg_${id}_11`,
  eventType: 'booking.created',
  state: 'failed',
  attempts: 8,
  lastStatusCode: 500,
  lastError: null,
  createdAt: '2030-03-02T10:00:00.000Z',
  lastAttemptAt: '2030-03-03T10:00:00.000Z',
  deliveredAt: null,
  payload: {},
  ...extra,
})

/** The API's refusal of a save that started from an older version than the one stored. */
export const versionConflict = (what: string) =>
  new HttpError({
    statusCode: 409,
    statusMessage: 'Conflict',
    message: `Someone else saved this ${what} while you were editing it.`,
    code: 'version_conflict',
  })

/** The site's own provider, as `GET /api/admin/providers` lists it. */
export const clinicProvider = (extra: Partial<AdminProvider> = {}): AdminProvider => ({
  id: 7,
  slug: 'clinic',
  name: 'Harbor Physio',
  timeZone: 'Europe/Berlin',
  embedOrigins: [],
  version: 1,
  ...extra,
})
