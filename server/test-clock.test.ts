import type { FastifyInstance } from 'fastify'
import { HOLD_SWEEP_EVERY_MS } from './jobs/handlers'
import { NOW, book, bookingRequest, buildFixture, type Fixture } from './booking/test-fixtures'
import { buildTestApp } from './test-app'

const TUESDAY_9 = '2030-03-05T09:00:00.000Z'
const BOOT_TIMEOUT_MS = 60_000

let fixture: Fixture

beforeAll(async () => {
  fixture = await buildFixture({ config: { testClock: true } })
}, BOOT_TIMEOUT_MS)
afterAll(() => fixture.app.close())

const moveClock = (app: FastifyInstance, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/test/clock', payload })

async function paymentOf(token: string) {
  const response = await fixture.app.inject(`/api/bookings/manage/${token}/payment`)
  return response.json().booking as { status: string; payment: { status: string } }
}

describe('POST /api/test/clock (TEST_CLOCK)', () => {
  it('moves the clock past a hold, and the sweep due by then gives its seats back before the answer', async () => {
    const { app, services } = fixture
    const shockwave = () =>
      bookingRequest({
        lines: [{ serviceId: services.shockwave, staffId: null, guestIndex: 0 }],
        start: TUESDAY_9,
        termsAccepted: true,
      })
    const held = await book(app, shockwave())
    expect(held.statusCode).toBe(201)
    const { booking, manageToken } = held.json()
    expect(booking.status).toBe('held')
    expect((await book(app, shockwave())).statusCode).toBe(409)

    const untilHoldEnds = Date.parse(booking.holdExpiresAt) - NOW
    const early = await moveClock(app, { advanceMs: untilHoldEnds - 1 })
    expect(early.statusCode).toBe(200)
    expect(early.json().now).toBe(new Date(NOW + untilHoldEnds - 1).toISOString())
    expect((await paymentOf(manageToken)).status).toBe('held')

    // The hold has ended; its seats come back with the sweep's next round, as with real time.
    const ended = await moveClock(app, { advanceMs: 1 })
    expect(ended.json().now).toBe(booking.holdExpiresAt)
    expect((await paymentOf(manageToken)).status).toBe('held')
    await moveClock(app, { advanceMs: HOLD_SWEEP_EVERY_MS })
    expect(await paymentOf(manageToken)).toMatchObject({
      status: 'expired',
      payment: { status: 'expired' },
    })
    expect((await book(app, shockwave())).statusCode).toBe(201)
  })

  it('refuses to move the clock back, or by anything but a whole number of milliseconds', async () => {
    for (const advanceMs of [-1, 1.5, '60000x', undefined, 366 * 24 * 60 * 60_000]) {
      const response = await moveClock(fixture.app, { advanceMs })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({ statusCode: 400, code: 'invalid_request' })
    }
  })

  it(
    'is not there without TEST_CLOCK',
    async () => {
      const app = await buildTestApp({ testClock: false })
      try {
        expect((await moveClock(app, { advanceMs: 1 })).statusCode).toBe(404)
      } finally {
        await app.close()
      }
    },
    BOOT_TIMEOUT_MS,
  )
})
