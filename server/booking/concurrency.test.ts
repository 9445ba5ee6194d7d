import { MESSAGES, seatsLeftMessage } from '../../src/lib/validation/messages'
import { bookingRequest, buildFixture, type Fixture } from './test-fixtures'

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
