import type { FastifyInstance } from 'fastify'
import { ADMIN_TOKEN, bookingRequest, buildFixture, type Fixture } from '../test-fixtures'

let fixture: Fixture
let app: FastifyInstance

beforeAll(async () => {
  fixture = await buildFixture()
  app = fixture.app
})

afterAll(async () => {
  await app.close()
})

const admin = { authorization: `Bearer ${ADMIN_TOKEN}` }

describe('input no database can take', () => {
  it('answers ids beyond PostgreSQL integer with 400 and the error object', async () => {
    const answers = await Promise.all([
      app.inject('/api/services/2147483648'),
      app.inject('/api/services/99999999999999999999/slots?month=2030-03&timeZone=UTC'),
      app.inject(
        `/api/services/${fixture.services.consult}/slots?month=2030-03&timeZone=UTC&staffId=2147483648`,
      ),
      app.inject('/api/slots?month=2030-03&timeZone=UTC&lines=2147483648'),
      app.inject({
        method: 'POST',
        url: '/api/bookings',
        payload: bookingRequest({ lines: [{ serviceId: 2 ** 31, staffId: null, guestIndex: 0 }] }),
      }),
      app.inject({
        method: 'PATCH',
        url: '/api/admin/services/2147483648',
        headers: admin,
        payload: { name: 'x' },
      }),
      app.inject({
        method: 'POST',
        url: '/api/admin/services',
        headers: admin,
        payload: { providerId: 2 ** 31, slug: 'x', name: 'x', durationMinutes: 30 },
      }),
      app.inject({
        method: 'POST',
        url: '/api/admin/one-time-links',
        headers: admin,
        payload: { serviceId: fixture.services.consult, expiresAt: '+275760-09-13T00:00:00Z' },
      }),
    ])
    for (const answer of answers) {
      expect([answer.statusCode, answer.json().statusCode]).toEqual([400, 400])
    }
  })

  it('answers NUL in a path parameter or a booking field with 400 and the field', async () => {
    for (const url of ['/api/providers/a%00b', '/api/services/a%00b', '/api/one-time-links/%00']) {
      const answer = await app.inject(url)
      expect(answer.statusCode).toBe(400)
      expect(Object.values(answer.json().fields)).toEqual([
        'This field contains a character that is not allowed.',
      ])
    }
    const booking = await app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: bookingRequest({
        contact: { firstName: 'Ana\u0000', lastName: 'Silva', email: 'ana@example.com' },
      }),
    })
    expect(booking.statusCode).toBe(400)
    expect(booking.json().fields).toEqual({
      'contact.firstName': 'This field contains a character that is not allowed.',
    })
  })

  it('still finds a service by id or by slug', async () => {
    expect((await app.inject(`/api/services/${fixture.services.yoga}`)).json().slug).toBe('yoga')
    expect((await app.inject('/api/services/yoga')).json().id).toBe(fixture.services.yoga)
    expect((await app.inject('/api/services/no-such-service')).statusCode).toBe(404)
  })
})
