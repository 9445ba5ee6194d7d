import { seatsLeftMessage } from '../../src/lib/validation/messages'
import { ADMIN_TOKEN, bookingRequest, buildFixture, type Fixture } from '../booking/test-fixtures'

/**
 * 50 visitors try to hold the last seats of a paid class at once. On PGlite every query runs
 * behind one mutex, so the PostgreSQL run (DATABASE_URL) is the one that proves the database's
 * constraint, not the order of requests, keeps the holds to the capacity.
 */
const RACERS = 50
const CAPACITY = 5

let fixture: Fixture
beforeAll(async () => {
  fixture = await buildFixture()
}, 60_000)
afterAll(() => fixture.app.close())

describe(`${RACERS} visitors holding the last seats of a paid class at once`, () => {
  it('gives exactly the capacity a hold and a pending payment each; the rest hear no seats are left', async () => {
    const { app, staff } = fixture
    const admin = { authorization: `Bearer ${ADMIN_TOKEN}` }
    const provider = await app.inject({ method: 'GET', url: '/api/providers/clinic' })
    const created = await app.inject({
      method: 'POST',
      url: '/api/admin/services',
      headers: admin,
      payload: {
        providerId: provider.json().id,
        slug: 'paid-pilates',
        name: 'Pilates (paid in advance)',
        durationMinutes: 60,
        seatsPerSlot: CAPACITY,
        maxSlotsPerBooking: CAPACITY,
        priceCents: 2500,
        depositPercent: 40,
      },
    })
    expect(created.statusCode).toBe(201)
    const serviceId = created.json().id as number
    const carla = await app.inject({
      method: 'PATCH',
      url: `/api/admin/staff/${staff.carla}`,
      headers: admin,
      payload: { serviceIds: [fixture.services.yoga, serviceId] },
    })
    expect(carla.statusCode).toBe(200)

    const responses = await Promise.all(
      Array.from({ length: RACERS }, (_, index) =>
        app.inject({
          method: 'POST',
          url: '/api/bookings',
          payload: bookingRequest({
            lines: [{ serviceId, staffId: null, guestIndex: 0 }],
            start: '2030-03-06T10:00:00.000Z',
            termsAccepted: true,
            contact: {
              firstName: 'Racer',
              lastName: String(index),
              email: `r${index}@example.com`,
            },
          }),
        }),
      ),
    )
    const won = responses.filter((response) => response.statusCode === 201)
    expect(won).toHaveLength(CAPACITY)
    for (const response of won) {
      expect(response.json().booking).toMatchObject({
        status: 'held',
        // 40 % of 25.00 per seat.
        payment: { status: 'pending', dueNowAmount: 1000, totalAmount: 2500 },
      })
    }
    for (const response of responses.filter((r) => r.statusCode !== 201)) {
      expect(response.statusCode).toBe(409)
      expect(response.json().statusMessage).toBe(seatsLeftMessage(0))
    }
    const { rows } = await app.db.query<{ seats: number; payments: number }>(
      `SELECT (SELECT COALESCE(sum(seats_taken), 0)::int FROM staff_sessions WHERE service_id = $1)
                AS seats,
              (SELECT count(*)::int FROM payments p JOIN booking_lines l ON l.booking_id = p.booking_id
                WHERE l.service_id = $1) AS payments`,
      [serviceId],
    )
    expect(rows[0]).toEqual({ seats: CAPACITY, payments: CAPACITY })
  })
})
