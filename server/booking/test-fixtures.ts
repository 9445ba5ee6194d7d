import type { FastifyInstance } from 'fastify'
import type { AppOptions } from '../app'
import type { ServerConfig } from '../config'
import { buildTestApp } from '../test-app'
import type { BookingRequest } from '../../src/lib/validation/booking-request'

/** Monday 2 March 2030, 06:00 UTC (07:00 in Berlin): the frozen "now" of the API tests. */
export const NOW = Date.parse('2030-03-04T06:00:00Z')
export const ADMIN_TOKEN = 'test-admin-token-0123456789abcdef'

const weekdays = Object.fromEntries(
  [1, 2, 3, 4, 5].map((day) => [String(day), [{ start: '09:00', end: '17:00' }]]),
)

export interface Fixture {
  app: FastifyInstance
  providerSlug: string
  staff: { anna: number; ben: number; carla: number }
  services: {
    consult: number
    yoga: number
    massage: number
    shockwave: number
    weekly: number
  }
}

/**
 * A clinic in Berlin: Anna and Ben do one-to-one consultations (30 min, 10 min buffer after),
 * Carla teaches an 8-seat yoga class; one service needs confirmation, one takes a deposit, one
 * is weekly for three weeks.
 */
export async function buildFixture(
  options: {
    rateLimitPerMinute?: number
    now?: () => number
    /** Settings of the test's own (an SMTP server, the webhook networks allowed). */
    config?: Partial<ServerConfig>
    paymentOverrides?: AppOptions['paymentOverrides']
  } = {},
): Promise<Fixture> {
  const app = await buildTestApp(
    {
      adminToken: ADMIN_TOKEN,
      rateLimitPerMinute: options.rateLimitPerMinute ?? 10_000,
      ...options.config,
    },
    {
      now: options.now ?? (() => NOW),
      ...(options.paymentOverrides ? { paymentOverrides: options.paymentOverrides } : {}),
    },
  )
  const admin = async (url: string, payload: object) => {
    const response = await app.inject({
      method: 'POST',
      url: `/api/admin${url}`,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      payload,
    })
    if (response.statusCode !== 201) throw new Error(`${url}: ${response.body}`)
    return response.json().id as number
  }
  const providerId = await admin('/providers', {
    slug: 'clinic',
    name: 'Test Clinic',
    timeZone: 'Europe/Berlin',
  })
  const service = (body: object) => admin('/services', { providerId, location: 'Room 1', ...body })
  const consult = await service({
    slug: 'consult',
    name: 'Consultation',
    durationMinutes: 30,
    bufferAfterMinutes: 10,
    maxSlotsPerBooking: 3,
    priceCents: 5000,
    rescheduleCutoffMinutes: 60,
    cancellationCutoffMinutes: 60,
  })
  const yoga = await service({
    slug: 'yoga',
    name: 'Yoga class',
    durationMinutes: 60,
    seatsPerSlot: 8,
    maxSlotsPerBooking: 8,
    priceCents: 1500,
  })
  const massage = await service({
    slug: 'massage',
    name: 'Massage',
    durationMinutes: 45,
    slotIntervalMinutes: 15,
    requiresConfirmation: true,
  })
  const shockwave = await service({
    slug: 'shockwave',
    name: 'Shockwave',
    durationMinutes: 30,
    priceCents: 9000,
    depositCents: 2000,
  })
  const weekly = await service({
    slug: 'weekly',
    name: 'Weekly rehab',
    durationMinutes: 60,
    recurrenceCount: 3,
  })
  const staffMember = (name: string, serviceIds: number[]) =>
    admin('/staff', {
      providerId,
      name,
      timeZone: 'Europe/Berlin',
      weeklyHours: weekdays,
      serviceIds,
    })
  const anna = await staffMember('Anna', [consult, massage, shockwave, weekly])
  const ben = await staffMember('Ben', [consult, massage])
  const carla = await staffMember('Carla', [yoga])
  return {
    app,
    providerSlug: 'clinic',
    staff: { anna, ben, carla },
    services: { consult, yoga, massage, shockwave, weekly },
  }
}

export function bookingRequest(overrides: Partial<BookingRequest> = {}): BookingRequest {
  return {
    lines: [{ serviceId: 1, staffId: null, guestIndex: 0 }],
    start: '2030-03-05T09:00:00.000Z',
    timeZone: 'Europe/Berlin',
    contact: { firstName: 'Ana', lastName: 'Silva', email: 'ana@example.com' },
    ...overrides,
  }
}

export async function book(app: FastifyInstance, request: BookingRequest, headers = {}) {
  return app.inject({ method: 'POST', url: '/api/bookings', payload: request, headers })
}
