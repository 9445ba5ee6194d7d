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
    })
    expect(booking.links).toMatchObject({ reschedule: null, cancel: null })
    // The calendar links stay: adding the appointment to a calendar is always possible.
    expect(booking.links?.google).toContain('calendar.google.com')

    const read = await app.inject({ method: 'GET', url: `/api/bookings/manage/${manageToken}` })
    expect(read.json().booking.links).toMatchObject({ reschedule: null, cancel: null })
    const ics = await app.inject({ method: 'GET', url: booking.links?.ics ?? '' })
    expect(ics.body).not.toContain('Cancel: ')
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
