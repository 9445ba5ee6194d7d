import type { FastifyInstance } from 'fastify'
import {
  ADMIN_TOKEN,
  book,
  bookingRequest,
  buildFixture,
  NOW,
  type Fixture,
} from '../test-fixtures'

let fixture: Fixture
let app: FastifyInstance

beforeEach(async () => {
  fixture = await buildFixture()
  app = fixture.app
})

afterEach(async () => {
  await app.close()
})

const consultAt = (start: string, extra = {}) =>
  bookingRequest({
    lines: [{ serviceId: fixture.services.consult, staffId: null, guestIndex: 0 }],
    start,
    ...extra,
  })

const countBookings = async () =>
  (await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM bookings')).rows[0]?.n

describe('reading providers, services, slots and time zones', () => {
  it('answers a provider with its services and staff', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/providers/clinic' })
    expect(response.statusCode).toBe(200)
    const body = response.json()
    expect(body).toMatchObject({ slug: 'clinic', name: 'Test Clinic', timeZone: 'Europe/Berlin' })
    expect(body.services.map((s: { slug: string }) => s.slug)).toEqual([
      'consult',
      'yoga',
      'massage',
      'shockwave',
      'weekly',
    ])
    expect(body.staff.map((s: { name: string }) => s.name)).toEqual(['Anna', 'Ben', 'Carla'])
  })

  it('answers unknown providers and services with "Cannot find calendar."', async () => {
    for (const url of ['/api/providers/nope', '/api/services/nope', '/api/services/999']) {
      const response = await app.inject({ method: 'GET', url })
      expect(response.statusCode).toBe(404)
      expect(response.json()).toMatchObject({ statusMessage: 'Cannot find calendar.' })
    }
  })

  it('answers a service by id or slug, with the staff who perform it', async () => {
    const byId = await app.inject({ method: 'GET', url: `/api/services/${fixture.services.yoga}` })
    const bySlug = await app.inject({ method: 'GET', url: '/api/services/yoga' })
    expect(byId.json()).toEqual(bySlug.json())
    expect(bySlug.json()).toMatchObject({ slug: 'yoga', seatsPerSlot: 8 })
    expect(bySlug.json().staff.map((s: { name: string }) => s.name)).toEqual(['Carla'])
  })

  it('lists a month of slots as days in the visitor zone', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/services/consult/slots?month=2030-03&timeZone=Asia/Kolkata',
    })
    expect(response.statusCode).toBe(200)
    const body = response.json()
    // Tuesday 5 March, 09:00 in Berlin is 13:30 in Kolkata.
    const tuesday = body.days['2030-03-05']
    expect(tuesday[0]).toMatchObject({ start: '2030-03-05T08:00:00.000Z', seatsLeft: 1 })
    expect(tuesday[0].staffIds.sort()).toEqual([fixture.staff.anna, fixture.staff.ben].sort())
    // Weekends are closed; today's early slots fall inside the minimum notice (none here).
    expect(body.days['2030-03-09']).toBeUndefined()
    expect(body.nextAvailable).toBeNull()
  })

  it('answers an unknown time zone with "No Timezone found!"', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/services/consult/slots?month=2030-03&timeZone=Mars/Base',
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ statusMessage: 'No Timezone found!' })
  })

  it('points an empty month to the next available slot', async () => {
    const patched = await app.inject({
      method: 'PATCH',
      url: `/api/admin/staff/${fixture.staff.carla}`,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      payload: {
        overrides: Array.from({ length: 27 }, (_, i) => ({
          date: `2030-03-${String(i + 5).padStart(2, '0')}`,
          ranges: [],
        })),
      },
    })
    expect(patched.statusCode).toBe(200)
    const response = await app.inject({
      method: 'GET',
      url: '/api/services/yoga/slots?month=2030-03&timeZone=Europe/Berlin',
    })
    const body = response.json()
    expect(Object.keys(body.days)).toEqual(['2030-03-04'])
    const february = await app.inject({
      method: 'GET',
      url: '/api/services/yoga/slots?month=2030-02&timeZone=Europe/Berlin',
    })
    expect(february.json().days).toEqual({})
    expect(february.json().nextAvailable.start).toBe('2030-03-04T08:00:00.000Z')
  })

  it('finds the next available slot, or says "No Slots available"', async () => {
    const next = await app.inject({
      method: 'GET',
      url: '/api/services/consult/next-available?timeZone=Europe/Berlin',
    })
    expect(next.json().slot.start).toBe('2030-03-04T08:00:00.000Z')
    const closed = await app.inject({
      method: 'PATCH',
      url: `/api/admin/staff/${fixture.staff.carla}`,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      payload: { weeklyHours: {} },
    })
    expect(closed.statusCode).toBe(200)
    const none = await app.inject({
      method: 'GET',
      url: '/api/services/yoga/next-available?timeZone=Europe/Berlin',
    })
    expect(none.statusCode).toBe(404)
    expect(none.json()).toMatchObject({ statusMessage: 'No Slots available' })
  })

  it('lists the IANA time zones', async () => {
    const zones = (await app.inject({ method: 'GET', url: '/api/time-zones' })).json().timeZones
    expect(zones).toEqual(expect.arrayContaining(['Europe/Berlin', 'Asia/Kolkata', 'UTC']))
    expect(zones.length).toBeGreaterThan(300)
  })
})

describe('booking', () => {
  it('books a slot, returns the manage token and links, and reads it back by token', async () => {
    const response = await book(app, consultAt('2030-03-05T09:00:00.000Z'))
    expect(response.statusCode).toBe(201)
    const { booking, manageToken } = response.json()
    expect(manageToken).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(booking).toMatchObject({
      status: 'confirmed',
      start: '2030-03-05T09:00:00.000Z',
      end: '2030-03-05T09:30:00.000Z',
      timeZone: 'Europe/Berlin',
      durationMinutes: 30,
      location: 'Room 1',
      totalCents: 5000,
    })
    expect(booking.lines).toEqual([
      // The translations come along: the widget names the service in the visitor's language.
      expect.objectContaining({
        guestName: 'Ana Silva',
        serviceName: 'Consultation',
        serviceTranslations: {},
      }),
    ])
    expect(booking.links.ics).toBe(`/api/bookings/manage/${manageToken}/calendar.ics`)
    expect(booking.links.google).toContain('dates=20300305T090000Z%2F20300305T093000Z')

    const read = await app.inject({ method: 'GET', url: `/api/bookings/manage/${manageToken}` })
    expect(read.json().booking.id).toBe(booking.id)

    const ics = await app.inject({ method: 'GET', url: booking.links.ics })
    expect(ics.headers['content-type']).toContain('text/calendar')
    expect(ics.body).toContain('DTSTART:20300305T090000Z')
    expect(ics.body).toContain('Cancel appointment: ')
  })

  it('stores only a hash of the manage token', async () => {
    const { manageToken } = (await book(app, consultAt('2030-03-05T09:00:00.000Z'))).json()
    const { rows } = await app.db.query<{ hash: Buffer }>(
      'SELECT manage_token_hash AS hash FROM bookings',
    )
    expect(Buffer.from(rows[0]!.hash).toString('utf8')).not.toContain(manageToken)
    expect(Buffer.from(rows[0]!.hash)).toHaveLength(32)
  })

  it('replays a request with the same Idempotency-Key without booking twice', async () => {
    const headers = { 'idempotency-key': 'retry-key-0001' }
    const first = await book(app, consultAt('2030-03-05T09:00:00.000Z'), headers)
    const second = await book(app, consultAt('2030-03-05T09:00:00.000Z'), headers)
    expect(second.statusCode).toBe(201)
    expect(second.headers['idempotent-replayed']).toBe('true')
    expect(second.json()).toEqual(first.json())
    expect(await countBookings()).toBe(1)
    const other = await book(app, consultAt('2030-03-05T10:00:00.000Z'), headers)
    expect(other.statusCode).toBe(422)
  })

  it('assigns different staff to two guests of a one-to-one service, then reports staff busy', async () => {
    const twoGuests = consultAt('2030-03-05T09:00:00.000Z', {
      guests: [{ name: 'Bo Berg', email: 'bo@example.com' }],
      lines: [
        { serviceId: fixture.services.consult, staffId: null, guestIndex: 0 },
        { serviceId: fixture.services.consult, staffId: null, guestIndex: 1 },
      ],
    })
    const first = await book(app, twoGuests)
    expect(first.statusCode).toBe(201)
    expect(
      new Set(first.json().booking.lines.map((l: { staffId: number }) => l.staffId)).size,
    ).toBe(2)
    const again = await book(app, consultAt('2030-03-05T09:00:00.000Z'))
    expect(again.statusCode).toBe(409)
    expect(again.json()).toMatchObject({ statusMessage: 'Not booked: Staff busy' })
  })

  it('refuses a chosen staff member who is busy, buffers included', async () => {
    const withAnna = (start: string) =>
      consultAt(start, {
        lines: [
          { serviceId: fixture.services.consult, staffId: fixture.staff.anna, guestIndex: 0 },
        ],
      })
    expect((await book(app, withAnna('2030-03-05T09:00:00.000Z'))).statusCode).toBe(201)
    // 09:30 falls in Anna's 10-minute buffer after the first consultation.
    const busy = await book(app, withAnna('2030-03-05T09:30:00.000Z'))
    expect(busy.json()).toMatchObject({ statusCode: 409, statusMessage: 'Not booked: Staff busy' })
  })

  it('fills a class seat by seat and says how many seats are left', async () => {
    const yoga = (guestCount: number) =>
      bookingRequest({
        lines: [{ serviceId: fixture.services.yoga, staffId: null, guestIndex: 0 }],
        start: '2030-03-05T09:00:00.000Z',
        guestCount,
      })
    expect((await book(app, yoga(7))).statusCode).toBe(201)
    const tooMany = await book(app, yoga(2))
    expect(tooMany.statusCode).toBe(409)
    expect(tooMany.json().statusMessage).toBe('Total available seats for this slot is only 1')
    expect((await book(app, yoga(1))).statusCode).toBe(201)
    const full = await book(app, yoga(1))
    expect(full.json().statusMessage).toBe('Total available seats for this slot is only 0')
  })

  it('caps the slots one booking may take', async () => {
    const response = await book(
      app,
      consultAt('2030-03-05T09:00:00.000Z', {
        guestCount: 4,
      }),
    )
    expect(response.statusCode).toBe(400)
    expect(response.json().statusMessage).toBe(
      'You can reserve up to 3 slots for this service. To book for additional guests, kindly select a different service for the same time slot.',
    )
  })

  it.each([
    [{ guestCount: 0 }, 'Guest count should be between 1 and 100'],
    [
      {
        guests: [
          { name: 'Bo', email: 'bo@example.com' },
          { name: 'Bea', email: 'bo@example.com' },
        ],
      },
      'Email ID must be unique for guests.',
    ],
    [
      { guests: [{ name: 'Bo', email: 'bo@example.com' }] },
      'Please ensure you select services for all guests before proceeding',
    ],
    [{ guests: [{ name: '', email: 'bo@example.com' }] }, 'Name is required'],
    [{ guests: [{ name: 'Bo', email: 'bo@' }] }, 'Email is invalid!'],
    [
      { contact: { firstName: 'Ana', lastName: 'Silva', email: 'ana@example.com', phone: '12' } },
      'Invalid phone number',
    ],
    [{ contact: { lastName: 'Silva', email: 'ana@example.com' } }, 'First name is required.'],
    [{ timeZone: 'Nowhere/Land' }, 'No Timezone found!'],
  ])('answers %j with "%s"', async (extra, message) => {
    const response = await book(app, consultAt('2030-03-05T09:00:00.000Z', extra))
    expect(response.statusCode).toBe(400)
    expect(response.json().statusMessage).toBe(message)
    expect(await countBookings()).toBe(0)
  })

  it('asks for the terms when a deposit is due', async () => {
    const request = bookingRequest({
      lines: [{ serviceId: fixture.services.shockwave, staffId: null, guestIndex: 0 }],
    })
    const refused = await book(app, request)
    expect(refused.json()).toMatchObject({
      statusCode: 400,
      statusMessage: 'Please accept the terms and conditions',
    })
    const accepted = await book(app, { ...request, termsAccepted: true })
    expect(accepted.statusCode).toBe(201)
    expect(accepted.json().booking).toMatchObject({ totalCents: 9000, depositCents: 2000 })
  })

  it('answers an unknown service with "Unable to find calendar"', async () => {
    const response = await book(
      app,
      bookingRequest({ lines: [{ serviceId: 999, staffId: null, guestIndex: 0 }] }),
    )
    expect(response.statusCode).toBe(404)
    expect(response.json().statusMessage).toBe('Unable to find calendar')
  })

  it.each([
    ['outside working hours', '2030-03-05T20:00:00.000Z'],
    ['off the slot interval', '2030-03-05T09:10:00.000Z'],
    ['inside the minimum notice window or in the past', '2030-03-01T09:00:00.000Z'],
    ['past the booking horizon', '2031-03-05T09:00:00.000Z'],
  ])('answers a start %s with "No Slots available"', async (_, start) => {
    const response = await book(app, consultAt(start))
    expect(response.statusCode).toBe(409)
    expect(response.json().statusMessage).toBe('No Slots available')
  })

  it('requests a booking that needs confirmation, and the business confirms it', async () => {
    const response = await book(
      app,
      bookingRequest({
        lines: [{ serviceId: fixture.services.massage, staffId: null, guestIndex: 0 }],
        start: '2030-03-05T09:15:00.000Z',
      }),
    )
    expect(response.json().booking.status).toBe('requested')
    const confirm = (headers = {}) =>
      app.inject({
        method: 'POST',
        url: `/api/admin/bookings/${response.json().booking.id}/confirm`,
        headers,
      })
    expect((await confirm()).statusCode).toBe(401)
    const confirmed = await confirm({ authorization: `Bearer ${ADMIN_TOKEN}` })
    expect(confirmed.json().booking.status).toBe('confirmed')
    expect((await confirm({ authorization: `Bearer ${ADMIN_TOKEN}` })).statusCode).toBe(409)
  })

  it('books every occurrence of a weekly service, and refuses a start whose later week is taken', async () => {
    const weekly = (start: string) =>
      bookingRequest({
        lines: [{ serviceId: fixture.services.weekly, staffId: null, guestIndex: 0 }],
        start,
      })
    const first = await book(app, weekly('2030-03-12T09:00:00.000Z'))
    expect(first.statusCode).toBe(201)
    expect(first.json().booking.occurrences.map((o: { start: string }) => o.start)).toEqual([
      '2030-03-12T09:00:00.000Z',
      '2030-03-19T09:00:00.000Z',
      '2030-03-26T09:00:00.000Z',
    ])
    // Week 1 of this one is free, but its second week collides with the first booking's first.
    const clash = await book(app, weekly('2030-03-05T09:00:00.000Z'))
    expect(clash.statusCode).toBe(409)
  })
})

describe('managing a booking by its token', () => {
  const bookConsult = async (start = '2030-03-05T09:00:00.000Z') =>
    (await book(app, consultAt(start))).json() as { manageToken: string; booking: { id: number } }

  it('reschedules, records the history and frees the old time', async () => {
    const { manageToken } = await bookConsult()
    const moved = await app.inject({
      method: 'POST',
      url: `/api/bookings/manage/${manageToken}/reschedule`,
      payload: { start: '2030-03-06T10:00:00.000Z', timeZone: 'America/New_York' },
    })
    expect(moved.statusCode).toBe(200)
    expect(moved.json().booking).toMatchObject({
      status: 'confirmed',
      start: '2030-03-06T10:00:00.000Z',
      timeZone: 'America/New_York',
      rescheduleHistory: [
        expect.objectContaining({
          from: '2030-03-05T09:00:00.000Z',
          to: '2030-03-06T10:00:00.000Z',
        }),
      ],
    })
    const slots = await app.inject({
      method: 'GET',
      url: '/api/services/consult/slots?month=2030-03&timeZone=Europe/Berlin',
    })
    const tuesday = slots.json().days['2030-03-05']
    expect(
      tuesday.find((s: { start: string }) => s.start === '2030-03-05T09:00:00.000Z').staffIds,
    ).toHaveLength(2)
  })

  it('cancels with a reason, then refuses to cancel or reschedule again', async () => {
    const { manageToken } = await bookConsult()
    const cancelled = await app.inject({
      method: 'POST',
      url: `/api/bookings/manage/${manageToken}/cancel`,
      payload: { reason: 'I feel better' },
    })
    expect(cancelled.json().booking).toMatchObject({
      status: 'cancelled',
      cancellationReason: 'I feel better',
    })
    const again = await app.inject({
      method: 'POST',
      url: `/api/bookings/manage/${manageToken}/cancel`,
      payload: { reason: 'again' },
    })
    expect(again.statusCode).toBe(409)
    expect(again.json().statusMessage).toMatch(/cancellation/i)
    const reschedule = await app.inject({
      method: 'POST',
      url: `/api/bookings/manage/${manageToken}/reschedule`,
      payload: { start: '2030-03-06T10:00:00.000Z', timeZone: 'Europe/Berlin' },
    })
    expect(reschedule.json().statusMessage).toMatch(/reschedule/i)
    // The seat is free again.
    expect((await book(app, consultAt('2030-03-05T09:00:00.000Z'))).statusCode).toBe(201)
  })

  it('refuses a cancellation or a reschedule past the cut-off with a message naming it', async () => {
    let now = NOW
    const clocked = await buildFixture({ now: () => now })
    const { manageToken } = (
      await book(
        clocked.app,
        bookingRequest({
          lines: [{ serviceId: clocked.services.consult, staffId: null, guestIndex: 0 }],
          start: '2030-03-04T09:00:00.000Z',
        }),
      )
    ).json()
    // 30 minutes before the start: inside the consultation's 60-minute cut-offs.
    now = Date.parse('2030-03-04T08:30:00Z')
    const cancel = await clocked.app.inject({
      method: 'POST',
      url: `/api/bookings/manage/${manageToken}/cancel`,
      payload: { reason: 'late' },
    })
    expect(cancel.statusCode).toBe(409)
    expect(cancel.json().statusMessage).toMatch(/cancellation/i)
    const reschedule = await clocked.app.inject({
      method: 'POST',
      url: `/api/bookings/manage/${manageToken}/reschedule`,
      payload: { start: '2030-03-06T10:00:00.000Z', timeZone: 'Europe/Berlin' },
    })
    expect(reschedule.statusCode).toBe(409)
    expect(reschedule.json().statusMessage).toMatch(/reschedule/i)
    const still = await clocked.app.inject({
      method: 'GET',
      url: `/api/bookings/manage/${manageToken}`,
    })
    expect(still.json().booking.status).toBe('confirmed')
    await clocked.app.close()
  })

  it('answers unknown or malformed tokens alike with "No calendar event found"', async () => {
    for (const token of ['x'.repeat(43), 'short', 'A'.repeat(43)]) {
      const response = await app.inject({ method: 'GET', url: `/api/bookings/manage/${token}` })
      expect(response.statusCode).toBe(404)
      expect(response.json()).toEqual({
        statusCode: 404,
        statusMessage: 'No calendar event found',
        message: 'No calendar event found',
        code: 'not_found',
      })
    }
  })
})

describe('one-time links', () => {
  it('resolve to their service, make exactly one booking, then answer "slug expired"', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/admin/one-time-links',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      payload: { serviceId: fixture.services.consult },
    })
    const { slug } = created.json()
    expect(slug).toMatch(/^[A-Za-z0-9_-]{22}$/)
    const resolved = await app.inject({ method: 'GET', url: `/api/one-time-links/${slug}` })
    expect(resolved.json().service.slug).toBe('consult')
    const first = await book(app, consultAt('2030-03-05T09:00:00.000Z', { oneTimeSlug: slug }))
    expect(first.statusCode).toBe(201)
    const second = await book(app, consultAt('2030-03-05T10:00:00.000Z', { oneTimeSlug: slug }))
    expect(second.statusCode).toBe(410)
    expect(second.json().statusMessage).toBe('slug expired')
    const gone = await app.inject({ method: 'GET', url: `/api/one-time-links/${slug}` })
    expect(gone.json()).toMatchObject({ statusCode: 410, statusMessage: 'slug expired' })
  })

  it('is not used up by a booking that fails', async () => {
    const slug = (
      await app.inject({
        method: 'POST',
        url: '/api/admin/one-time-links',
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
        payload: { serviceId: fixture.services.consult },
      })
    ).json().slug
    await book(app, consultAt('2030-03-05T09:00:00.000Z'))
    await book(app, consultAt('2030-03-05T09:00:00.000Z', { guestCount: 1 }))
    const busy = await book(app, consultAt('2030-03-05T09:00:00.000Z', { oneTimeSlug: slug }))
    expect(busy.statusCode).toBe(409)
    expect(
      (await app.inject({ method: 'GET', url: `/api/one-time-links/${slug}` })).statusCode,
    ).toBe(200)
  })
})

describe('bad requests', () => {
  it('answers malformed JSON, wrong types and unknown fields with 400, never 500', async () => {
    const malformed = await app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: { 'content-type': 'application/json' },
      payload: '{"lines":',
    })
    expect(malformed.statusCode).toBe(400)
    const wrongType = await book(app, {
      ...consultAt('2030-03-05T09:00:00.000Z'),
      start: 5,
    } as never)
    expect(wrongType.statusCode).toBe(400)
    const unknown = await book(app, {
      ...consultAt('2030-03-05T09:00:00.000Z'),
      isAdmin: true,
    } as never)
    expect(unknown.json()).toMatchObject({
      statusCode: 400,
      statusMessage: '"isAdmin" is not allowed',
    })
  })

  it('keeps the admin API behind the admin token', async () => {
    for (const authorization of [undefined, 'Bearer wrong', ADMIN_TOKEN]) {
      const response = await app.inject({
        method: 'GET',
        url: '/api/admin/bookings',
        headers: authorization ? { authorization } : {},
      })
      expect(response.statusCode).toBe(401)
    }
    const allowed = await app.inject({
      method: 'GET',
      url: '/api/admin/bookings',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    })
    expect(allowed.statusCode).toBe(200)
  })
})

describe('rate limits', () => {
  it('answers booking floods from one client with 429 and the error object', async () => {
    const limited = await buildFixture({ rateLimitPerMinute: 2 })
    const statuses = []
    for (let i = 0; i < 3; i++) {
      statuses.push((await book(limited.app, bookingRequest({ lines: [] }))).statusCode)
    }
    const last = await limited.app.inject({
      method: 'GET',
      url: `/api/bookings/manage/${'x'.repeat(43)}`,
    })
    expect(statuses).toEqual([400, 400, 429])
    expect(last.statusCode).toBe(404)
    const blocked = await book(limited.app, bookingRequest())
    expect(blocked.json()).toMatchObject({ statusCode: 429, statusMessage: 'Too Many Requests' })
    await limited.app.close()
  })
})
