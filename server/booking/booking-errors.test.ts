import { refusalOf } from './booking-service'

describe('database refusals during a booking', () => {
  it('turn a staff overlap into "Not booked: Staff busy"', () => {
    expect(refusalOf({ code: '23P01', constraint: 'staff_sessions_no_overlap' })).toMatchObject({
      statusCode: 409,
      statusMessage: 'Not booked: Staff busy',
    })
  })

  it.each(['40001', '40P01', '55P03'])(
    'turn a transient conflict (%s) into "resource unavailable"',
    (code) => {
      expect(refusalOf({ code })).toMatchObject({
        statusCode: 409,
        statusMessage: 'Booking unsuccessful, resource unavailable at the moment.',
      })
    },
  )

  it('leave other errors alone', () => {
    expect(refusalOf(new Error('disk full'))).toBeUndefined()
  })
})
