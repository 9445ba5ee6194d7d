import { MESSAGES, seatsLeftMessage } from '../../src/lib/validation/messages'
import { ADMIN_TOKEN, bookingRequest, buildFixture, type Fixture } from './test-fixtures'

/**
 * 50 requests race for one slot. On PGlite every query runs behind one mutex, so only the
 * PostgreSQL run (`.ci/run` sets DATABASE_URL) proves the database refuses the losers; both must
 * give exactly the right number of bookings and the spec's message to everyone else.
 */
const RACERS = 50

let fixture: Fixture

beforeEach(async () => {
  fixture = await buildFixture()
})

afterEach(async () => {
  await fixture.app.close()
})

async function race(serviceId: number, staffId: number | null) {
  const responses = await Promise.all(
    Array.from({ length: RACERS }, (_, index) =>
      fixture.app.inject({
        method: 'POST',
        url: '/api/bookings',
        payload: bookingRequest({
          lines: [{ serviceId, staffId, guestIndex: 0 }],
          start: '2030-03-05T09:00:00.000Z',
          contact: {
            firstName: 'Racer',
            lastName: String(index),
            email: `racer${index}@example.com`,
          },
        }),
      }),
    ),
  )
  const won = responses.filter((response) => response.statusCode === 201)
  const lost = responses.filter((response) => response.statusCode !== 201)
  return { won, lost }
}

async function seatsTaken(serviceId: number) {
  const { rows } = await fixture.app.db.query<{ seats: number; lines: number }>(
    `SELECT COALESCE(sum(s.seats_taken), 0)::int AS seats,
            (SELECT count(*)::int FROM booking_lines WHERE service_id = $1) AS lines
       FROM staff_sessions s WHERE s.service_id = $1`,
    [serviceId],
  )
  return rows[0]
}

describe(`${RACERS} concurrent bookings of one slot`, () => {
  it('capacity 1 (one staff member chosen): exactly one wins, the rest hear "Not booked: Staff busy"', async () => {
    const { won, lost } = await race(fixture.services.consult, fixture.staff.anna)
    expect(won).toHaveLength(1)
    for (const response of lost) {
      expect(response.statusCode).toBe(409)
      expect(response.json().statusMessage).toBe(MESSAGES.staffBusy)
    }
    expect(await seatsTaken(fixture.services.consult)).toEqual({ seats: 1, lines: 1 })
  })

  it('capacity 2 (any of two staff): exactly two win', async () => {
    const { won, lost } = await race(fixture.services.consult, null)
    expect(won).toHaveLength(2)
    for (const response of lost) {
      expect(response.json().statusMessage).toBe(MESSAGES.staffBusy)
    }
    expect(await seatsTaken(fixture.services.consult)).toEqual({ seats: 2, lines: 2 })
  })

  it('capacity 8 (a class): exactly eight win, the rest hear how many seats are left', async () => {
    const { won, lost } = await race(fixture.services.yoga, null)
    expect(won).toHaveLength(8)
    for (const response of lost) {
      expect(response.statusCode).toBe(409)
      expect(response.json().statusMessage).toBe(seatsLeftMessage(0))
    }
    expect(await seatsTaken(fixture.services.yoga)).toEqual({ seats: 8, lines: 8 })
  })
})

describe('concurrent replays and one-time links', () => {
  it(`${RACERS} concurrent replays of one Idempotency-Key all get the first booking`, async () => {
    const request = bookingRequest({
      lines: [{ serviceId: fixture.services.consult, staffId: null, guestIndex: 0 }],
    })
    // The same body with its keys in another order is the same request.
    const reordered = Object.fromEntries(Object.entries(request).reverse())
    const responses = await Promise.all(
      Array.from({ length: RACERS }, (_, index) =>
        fixture.app.inject({
          method: 'POST',
          url: '/api/bookings',
          headers: { 'idempotency-key': 'one-retried-submit' },
          payload: index % 2 ? reordered : request,
        }),
      ),
    )
    expect(responses.map((response) => response.statusCode)).toEqual(Array(RACERS).fill(201))
    const ids = new Set(responses.map((response) => response.json().booking.id))
    expect(ids.size).toBe(1)
    const tokens = new Set(responses.map((response) => response.json().manageToken))
    expect(tokens.size).toBe(1)
    expect(
      responses.filter((response) => response.headers['idempotent-replayed'] === 'true'),
    ).toHaveLength(RACERS - 1)
    expect(await seatsTaken(fixture.services.consult)).toEqual({ seats: 1, lines: 1 })
  })

  it('a one-time link raced by 20 makes one booking; every loser sees "slug expired"', async () => {
    const created = await fixture.app.inject({
      method: 'POST',
      url: '/api/admin/one-time-links',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      payload: { serviceId: fixture.services.consult },
    })
    const { slug } = created.json()
    // Different times, so only the link (not the slot) decides who wins.
    const starts = ['09:00', '10:00', '11:00', '12:00', '13:00'].flatMap((time) =>
      ['2030-03-05', '2030-03-06', '2030-03-07', '2030-03-08'].map((day) => `${day}T${time}:00Z`),
    )
    const responses = await Promise.all(
      starts.map((start, index) =>
        fixture.app.inject({
          method: 'POST',
          url: '/api/bookings',
          payload: bookingRequest({
            lines: [{ serviceId: fixture.services.consult, staffId: null, guestIndex: 0 }],
            start,
            oneTimeSlug: slug,
            contact: { firstName: 'Racer', lastName: 'Link', email: `link${index}@example.com` },
          }),
        }),
      ),
    )
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(1)
    for (const response of responses.filter((r) => r.statusCode !== 201)) {
      expect(response.statusCode).toBe(410)
      expect(response.json()).toMatchObject({ statusMessage: 'slug expired', code: 'slug_expired' })
    }
    expect(await seatsTaken(fixture.services.consult)).toEqual({ seats: 1, lines: 1 })
  })
})
