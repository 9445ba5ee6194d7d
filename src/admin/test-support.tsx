import { render } from '@testing-library/react'
import type { ReactElement } from 'react'
import type { AdminBooking, AdminRole, AdminUser } from '../lib/admin/api-types'
import type { HttpClient } from '../lib/http'
import { createAdminApi, type AdminApi } from './api'
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
        {ui}
      </AdminContext.Provider>,
    ),
  }
}

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
    lines: [
      {
        guestIndex: 0,
        guestName: 'Ana Silva',
        serviceId: 1,
        serviceName: 'Consultation',
        serviceTranslations: {},
        staffId: 3,
        staffName: 'Sam Staff',
        staffChosen: true,
        occurrence: 0,
        start,
        end,
        seats: 1,
        priceCents: 6000,
        depositCents: 0,
        currency: 'EUR',
      },
    ],
    occurrences: [{ start, end }],
    totalCents: 6000,
    depositCents: 0,
    currency: 'EUR',
    holdExpiresAt: null,
    policy: { rescheduleUntil: null, cancelUntil: null, canReschedule: true, canCancel: true },
    cancellationReason: null,
    rescheduleHistory: [],
    payment: null,
    intake: [],
    noShow: false,
    history: [{ type: 'booking.created', at: '2030-03-01T10:00:00.000Z', actor: 'visitor' }],
    ...extra,
  }
}
