import type { FastifyInstance } from 'fastify'
import type { BookingView } from '../../../src/lib/booking/api-types'
import { book, bookingRequest, buildFixture, type Fixture } from '../test-fixtures'

let fixture: Fixture
let app: FastifyInstance

beforeEach(async () => {
  fixture = await buildFixture()
  app = fixture.app
  // Shockwave therapy's rule from the issue: changes online up to 48 hours before the start.
  await app.db.query(
    `UPDATE services SET reschedule_cutoff_minutes = 2880, cancellation_cutoff_minutes = 2880
      WHERE id = $1`,
    [fixture.services.consult],
  )
})

afterEach(async () => {
  await app.close()
})

const consultAt = (start: string) =>
  bookingRequest({
    lines: [{ serviceId: fixture.services.consult, staffId: null, guestIndex: 0 }],
    start,
  })

describe('the rules a visitor is shown before booking', () => {
  it('a service answers its deadlines and refund rule, as the manage routes apply them', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/services/consult' })
    expect(response.json()).toMatchObject({
      rescheduleCutoffMinutes: 2880,
      cancellationCutoffMinutes: 2880,
      refundPolicy: expect.stringMatching(/^(none|keep_deposit|full_before_cutoff)$/),
      refundCutoffMinutes: expect.any(Number),
    })
  })
})

describe('the refund rule a booking carries', () => {
  it('is its services’ strictest policy, with the deadline refundOnCancel applies', async () => {
    await app.db.query(
      `UPDATE services SET refund_policy = 'full_before_cutoff', refund_cutoff_minutes = 1440
        WHERE id = $1`,
      [fixture.services.consult],
    )
    const alone = (await book(app, consultAt('2030-03-07T09:00:00.000Z'))).json() as {
      booking: BookingView
    }
    expect(alone.booking.policy.refund).toEqual({
      policy: 'full_before_cutoff',
      until: '2030-03-06T09:00:00.000Z',
    })

    await app.db.query(
      `UPDATE services SET refund_policy = 'keep_deposit', refund_cutoff_minutes = 2880
        WHERE id = $1`,
      [fixture.services.massage],
    )
    const party = await book(
      app,
      bookingRequest({
        lines: [
          { serviceId: fixture.services.consult, staffId: fixture.staff.anna, guestIndex: 0 },
          { serviceId: fixture.services.massage, staffId: fixture.staff.ben, guestIndex: 1 },
        ],
        guests: [{ name: 'Bo Berg', email: 'bo@example.com' }],
        start: '2030-03-08T09:00:00.000Z',
      }),
    )
    expect(party.statusCode).toBe(201)
    expect((party.json() as { booking: BookingView }).booking.policy.refund).toEqual({
      policy: 'keep_deposit',
      until: '2030-03-06T09:00:00.000Z',
    })
  })
})

describe('a booking already inside its deadlines', () => {
  it('a same-day booking says it can no longer be changed and carries no link that would refuse', async () => {
    // Booked at 07:00 in Berlin for 10:00 the same day: the 48-hour deadlines passed two days ago.
    const response = await book(app, consultAt('2030-03-04T09:00:00.000Z'))
    expect(response.statusCode).toBe(201)
    const { booking, manageToken } = response.json() as {
      booking: BookingView
      manageToken: string
    }
    const deadline = new Date(Date.parse('2030-03-04T09:00:00.000Z') - 48 * 3600_000).toISOString()
    expect(booking.policy).toEqual({
      rescheduleUntil: deadline,
      cancelUntil: deadline,
      canReschedule: false,
      canCancel: false,
      refund: { policy: 'full_before_cutoff', until: '2030-03-03T09:00:00.000Z' },
    })
    expect(booking.links).toMatchObject({ reschedule: null, cancel: null })
    // The calendar links stay: adding the appointment to a calendar is always possible.
    expect(booking.links?.google).toContain('calendar.google.com')

    const read = await app.inject({ method: 'GET', url: `/api/bookings/manage/${manageToken}` })
    expect(read.json().booking.links).toMatchObject({ reschedule: null, cancel: null })
    const ics = await app.inject({ method: 'GET', url: booking.links?.ics ?? '' })
    expect(ics.body).not.toContain('Cancel appointment: ')
    expect(ics.body).not.toContain('Reschedule: ')

    // The manage route refuses by the same deadline the view showed.
    const cancel = await app.inject({
      method: 'POST',
      url: `/api/bookings/manage/${manageToken}/cancel`,
      payload: { reason: 'too late' },
    })
    expect(cancel.statusCode).toBe(409)
    expect(cancel.json()).toMatchObject({
      code: 'cancellation_closed',
      message: `Cancellation was possible until ${deadline}.`,
    })
  })

  it('a booking before its deadlines carries both links, and the deadlines', async () => {
    const response = await book(app, consultAt('2030-03-07T09:00:00.000Z'))
    const { booking } = response.json() as { booking: BookingView }
    expect(booking.policy).toMatchObject({
      rescheduleUntil: '2030-03-05T09:00:00.000Z',
      canReschedule: true,
      canCancel: true,
    })
    expect(booking.links?.reschedule).toContain('/widget/bookings/consult?reschedule=')
    expect(booking.links?.cancel).toContain('/widget/cancel-booking?token=')
  })
})
