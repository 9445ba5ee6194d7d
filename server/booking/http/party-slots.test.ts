import fc from 'fast-check'
import type { ServiceResponse, SlotsResponse } from '../../../src/lib/booking/api-types'
import { partyPrice } from '../../../src/lib/booking/pricing'
import { encodePartyLines, type PartyLine } from '../../../src/lib/booking/party'
import { propertyRuns, propertyTimeout } from '../../../src/lib/testing/properties'
import { ADMIN_TOKEN, book, bookingRequest, buildFixture, type Fixture } from '../test-fixtures'

let fixture: Fixture

beforeEach(async () => {
  fixture = await buildFixture()
})

afterEach(async () => {
  await fixture.app.close()
})

/** Parties booked by the property in CI (FUZZ_RUNS for more). */
const CI_RUNS = 40

const get = (url: string) => fixture.app.inject({ method: 'GET', url })

async function partySlots(lines: PartyLine[], seats = 1, month = '2030-03') {
  const response = await get(
    `/api/slots?month=${month}&timeZone=Europe/Berlin&lines=${encodePartyLines(lines)}&seats=${seats}`,
  )
  expect(response.statusCode).toBe(200)
  return response.json() as SlotsResponse
}

const startsOn = (body: SlotsResponse, day: string) => (body.days[day] ?? []).map((s) => s.start)

describe('slots for the whole party', () => {
  it('offers two consultations at once only where two staff members are free', async () => {
    const consult = fixture.services.consult
    const two = [
      { serviceId: consult, staffId: null },
      { serviceId: consult, staffId: null },
    ]
    expect(startsOn(await partySlots(two), '2030-03-05')).toContain('2030-03-05T09:00:00.000Z')
    // Ben takes 10:00 (Berlin) on Tuesday: one person still fits, two no longer do.
    const taken = await book(
      fixture.app,
      bookingRequest({
        lines: [{ serviceId: consult, staffId: fixture.staff.ben, guestIndex: 0 }],
        start: '2030-03-05T09:00:00.000Z',
      }),
    )
    expect(taken.statusCode).toBe(201)
    const one = await partySlots([{ serviceId: consult, staffId: null }])
    expect(startsOn(one, '2030-03-05')).toContain('2030-03-05T09:00:00.000Z')
    expect(startsOn(await partySlots(two), '2030-03-05')).not.toContain('2030-03-05T09:00:00.000Z')
  })

  it(
    'books whatever it offers, for any party, as the calendar fills up',
    async () => {
      const { consult, massage, shockwave, yoga, weekly } = fixture.services
      const { anna, ben, carla } = fixture.staff
      // Each service with the staff a visitor may pick for it (null: any available staff).
      const choices: [number, (number | null)[]][] = [
        [consult, [null, anna, ben]],
        [massage, [null, anna, ben]],
        [shockwave, [null, anna]],
        [yoga, [null, carla]],
        [weekly, [null, anna]],
      ]
      const line = fc
        .constantFrom(...choices)
        .chain(([serviceId, staff]) =>
          fc.constantFrom(...staff).map((staffId) => ({ serviceId, staffId })),
        )
      const party = fc.oneof(
        // Named people, one service each.
        fc.record({ lines: fc.array(line, { minLength: 1, maxLength: 3 }), seats: fc.constant(1) }),
        // A class for a counted group.
        fc.record({
          lines: fc.constantFrom(...[null, carla]).map((staffId) => [{ serviceId: yoga, staffId }]),
          seats: fc.integer({ min: 2, max: 5 }),
        }),
      )
      let booked = 0
      const runs = propertyRuns(CI_RUNS, 20301)
      await fc.assert(
        fc.asyncProperty(party, fc.nat(), async ({ lines, seats }, pick) => {
          const response = await get(
            `/api/slots?month=2030-03&timeZone=Europe/Berlin&lines=${encodePartyLines(lines)}&seats=${seats}`,
          )
          // A party over a service's limits is refused up front: nothing offered, nothing to book.
          if (response.statusCode !== 200) {
            expect([400, 409]).toContain(response.statusCode)
            return
          }
          const offered = Object.values((response.json() as SlotsResponse).days).flat()
          const slot = offered[pick % Math.max(1, offered.length)]
          if (!slot) return
          const result = await book(
            fixture.app,
            bookingRequest({
              lines: lines.map((l, guestIndex) => ({
                ...l,
                guestIndex: seats > 1 ? 0 : guestIndex,
              })),
              ...(seats > 1
                ? { guestCount: seats }
                : {
                    guests: lines.slice(1).map((_, i) => ({
                      name: ['Bo Berg', 'Cy Dahl'][i] as string,
                      email: `guest${i + 2}@example.com`,
                    })),
                  }),
              ...(lines.some((l) => l.serviceId === shockwave) ? { termsAccepted: true } : {}),
              start: slot.start,
            }),
          )
          // Every offered time must book; on failure the message names the party and the answer.
          if (result.statusCode !== 201) {
            throw new Error(`${slot.start} ${JSON.stringify({ lines, seats })}: ${result.body}`)
          }
          booked++
        }),
        runs,
      )
      // The property must have booked for real, not only skipped refused parties.
      expect(booked).toBeGreaterThan(runs.numRuns / 2)
    },
    propertyTimeout(60_000, CI_RUNS),
  )

  it('leaves out a class time whose seats the party does not fit', async () => {
    const yoga = fixture.services.yoga
    const start = '2030-03-05T08:00:00.000Z'
    const six = await book(
      fixture.app,
      bookingRequest({
        lines: [{ serviceId: yoga, staffId: null, guestIndex: 0 }],
        start,
        guestCount: 6,
      }),
    )
    expect(six.statusCode).toBe(201)
    const forTwo = (await partySlots([{ serviceId: yoga, staffId: null }], 2)).days['2030-03-05']
    expect(forTwo?.find((slot) => slot.start === start)).toMatchObject({ seatsLeft: 2 })
    const forThree = await partySlots([{ serviceId: yoga, staffId: null }], 3)
    expect(startsOn(forThree, '2030-03-05')).not.toContain(start)
  })

  it('says the seat and max-slot limits as soon as the party is chosen', async () => {
    const tooMany = await get(
      `/api/slots?month=2030-03&timeZone=UTC&lines=${fixture.services.consult}&seats=4`,
    )
    expect(tooMany.statusCode).toBe(400)
    expect(tooMany.json()).toMatchObject({
      statusMessage:
        'You can reserve up to 3 slots for this service. To book for additional guests, kindly select a different service for the same time slot.',
      code: 'max_slots',
    })
  })

  it('answers unknown services and other providers like the booking does', async () => {
    const unknown = await get('/api/slots?month=2030-03&timeZone=UTC&lines=999999')
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toMatchObject({ statusMessage: 'Unable to find calendar' })
    const bad = await get('/api/slots?month=2030-03&timeZone=UTC&lines=1,,2')
    expect(bad.statusCode).toBe(400)
  })
})

describe('the booking window', () => {
  const consultSlots = (month: string) =>
    get(`/api/services/${fixture.services.consult}/slots?month=${month}&timeZone=UTC`)

  it('answers months beyond the horizon or in the past with no slots, never a 500', async () => {
    for (const month of ['2027-02', '2030-06', '2031-01', '9999-12', '0001-01']) {
      const response = await consultSlots(month)
      expect(response.statusCode).toBe(200)
      const body = response.json() as SlotsResponse
      expect(body.days).toEqual({})
      expect(body.bookableFrom).toBe('2030-03-04T06:00:00.000Z')
      expect(body.bookableUntil).toBe('2030-05-03T06:00:00.000Z')
    }
    // A past month points to the first free time; one beyond the horizon to nothing.
    expect((await consultSlots('2027-02')).json().nextAvailable).toMatchObject({
      start: '2030-03-04T08:00:00.000Z',
    })
    expect((await consultSlots('2030-06')).json().nextAvailable).toBeNull()
  })

  it('answers next-available past the horizon with "No Slots available"', async () => {
    const response = await get(
      `/api/services/${fixture.services.consult}/next-available?timeZone=UTC&from=2031-01-01T00:00:00Z`,
    )
    expect(response.statusCode).toBe(404)
    expect(response.json()).toMatchObject({ statusMessage: 'No Slots available', code: 'no_slots' })
  })

  it('refuses an unknown time zone and a date that does not exist', async () => {
    const zone = await get(
      `/api/services/${fixture.services.consult}/slots?month=2030-03&timeZone=Mars/Olympus`,
    )
    expect(zone.statusCode).toBe(400)
    expect(zone.json()).toMatchObject({ statusMessage: 'No Timezone found!' })
    const party = await get(`/api/slots?month=2030-03&timeZone=Mars/Olympus&lines=1`)
    expect(party.json()).toMatchObject({ statusMessage: 'No Timezone found!' })
    const date = await get(
      `/api/services/${fixture.services.consult}/next-available?timeZone=UTC&from=2030-02-30T10:00:00Z`,
    )
    expect(date.statusCode).toBe(400)
    const booking = await book(fixture.app, bookingRequest({ start: '2030-02-30T10:00:00Z' }))
    expect(booking.statusCode).toBe(400)
    expect(booking.json().fields).toEqual({ start: '"start" is not a date that exists' })
  })
})

describe('what the party pays', () => {
  it('stores and shows the amounts the widget computes with the same pricing rule', async () => {
    const { shockwave } = fixture.services
    const service = (await get(`/api/services/${shockwave}`)).json() as ServiceResponse
    const yogaFor3 = await book(
      fixture.app,
      bookingRequest({
        lines: [{ serviceId: fixture.services.yoga, staffId: null, guestIndex: 0 }],
        guestCount: 3,
        start: '2030-03-05T08:00:00.000Z',
      }),
    )
    const yoga = (await get(`/api/services/${fixture.services.yoga}`)).json() as ServiceResponse
    const quoted = partyPrice([[yoga.id]], [yoga], 3)
    expect(yogaFor3.json().booking).toMatchObject({
      totalCents: quoted.totalCents,
      depositCents: quoted.dueNowCents,
      currency: quoted.currency,
    })
    expect(quoted.totalCents).toBe(3 * 1500)
    const one = await book(
      fixture.app,
      bookingRequest({
        lines: [{ serviceId: shockwave, staffId: null, guestIndex: 0 }],
        start: '2030-03-05T08:00:00.000Z',
        termsAccepted: true,
      }),
    )
    expect(one.json().booking).toMatchObject({
      totalCents: partyPrice([[shockwave]], [service]).totalCents,
      depositCents: 2000,
    })
  })

  it('refuses a party whose services are priced in different currencies', async () => {
    const usd = await fixture.app.inject({
      method: 'POST',
      url: '/api/admin/services',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      payload: {
        providerId: (await get('/api/providers/clinic')).json().id,
        slug: 'usd-consult',
        name: 'Consultation (USD)',
        durationMinutes: 30,
        priceCents: 5000,
        currency: 'USD',
      },
    })
    const lines = `${fixture.services.consult},${usd.json().id}`
    const slots = await get(`/api/slots?month=2030-03&timeZone=UTC&lines=${lines}`)
    expect(slots.statusCode).toBe(400)
    expect(slots.json()).toMatchObject({
      statusMessage: 'All services of one booking must be priced in one currency.',
      code: 'invalid_request',
    })
  })
})
