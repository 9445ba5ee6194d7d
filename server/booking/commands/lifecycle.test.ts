import { ADMIN_TOKEN, book, bookingRequest, buildFixture, type Fixture } from '../test-fixtures'

let fixture: Fixture

beforeEach(async () => {
  fixture = await buildFixture()
})

afterEach(async () => {
  await fixture.app.close()
})

const START = '2030-03-05T09:00:00.000Z'
const massageFor = (email: string, staffId: number) =>
  bookingRequest({
    lines: [{ serviceId: fixture.services.massage, staffId, guestIndex: 0 }],
    start: START,
    contact: { firstName: 'Ana', lastName: 'Silva', email },
  })

const admin = (url: string, payload?: object) =>
  fixture.app.inject({
    method: 'POST',
    url: `/api/admin${url}`,
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    ...(payload ? { payload } : {}),
  })

async function events(bookingId: number) {
  const { rows } = await fixture.app.db.query<{ version: number; type: string; payload: object }>(
    'SELECT version, type, payload FROM booking_events WHERE booking_id = $1 ORDER BY version',
    [bookingId],
  )
  return rows
}

async function annaIsFree() {
  const response = await fixture.app.inject({
    method: 'GET',
    url: `/api/services/${fixture.services.massage}/slots?month=2030-03&timeZone=UTC&staffId=${fixture.staff.anna}`,
  })
  return (response.json().days['2030-03-05'] ?? []).some(
    (slot: { start: string }) => slot.start === START,
  )
}

describe('the booking lifecycle', () => {
  it('a requested booking holds its seat until the business declines it, then frees it', async () => {
    const requested = await book(fixture.app, massageFor('ana@example.com', fixture.staff.anna))
    expect(requested.json().booking.status).toBe('requested')
    const { id } = requested.json().booking
    expect(await annaIsFree()).toBe(false)
    const twin = await book(fixture.app, massageFor('bo@example.com', fixture.staff.anna))
    expect(twin.statusCode).toBe(409)

    const declined = await admin(`/bookings/${id}/decline`, { reason: 'Anna is ill that day' })
    expect(declined.statusCode).toBe(200)
    expect(declined.json().booking.status).toBe('declined')
    expect(await annaIsFree()).toBe(true)
    expect(
      (await book(fixture.app, massageFor('bo@example.com', fixture.staff.anna))).statusCode,
    ).toBe(201)
    // Declining again, or confirming a declined request, is refused.
    expect((await admin(`/bookings/${id}/decline`, { reason: 'again' })).statusCode).toBe(409)
    expect((await admin(`/bookings/${id}/confirm`)).statusCode).toBe(409)

    expect(await events(id)).toEqual([
      expect.objectContaining({ version: 1, type: 'booking.created' }),
      { version: 2, type: 'booking.declined', payload: { reason: 'Anna is ill that day' } },
    ])
  })

  it('writes one versioned event per command, without tokens or contact details', async () => {
    const created = await book(fixture.app, massageFor('ana@example.com', fixture.staff.anna))
    const { booking, manageToken } = created.json()
    await admin(`/bookings/${booking.id}/confirm`)
    await fixture.app.inject({
      method: 'POST',
      url: `/api/bookings/manage/${manageToken}/reschedule`,
      payload: { start: '2030-03-06T09:00:00.000Z', timeZone: 'Europe/Berlin' },
    })
    await admin(`/bookings/${booking.id}/cancel`, { reason: 'Moving away' })
    const written = await events(booking.id)
    expect(written.map((event) => [event.version, event.type])).toEqual([
      [1, 'booking.created'],
      [2, 'booking.confirmed'],
      [3, 'booking.rescheduled'],
      [4, 'booking.cancelled'],
    ])
    const text = JSON.stringify(written)
    for (const secret of [manageToken, 'ana@example.com', 'Silva']) {
      expect(text).not.toContain(secret)
    }
    const { rows } = await fixture.app.db.query<{ version: number; status: string }>(
      'SELECT version, status FROM bookings WHERE id = $1',
      [booking.id],
    )
    expect(rows[0]).toEqual({ version: 4, status: 'cancelled' })
    expect(await annaIsFree()).toBe(true)
  })
})
