import {
  paymentPromptAt,
  planMessages,
  reminderSendAt,
  stillWorthSending,
  webhookEventType,
  DEFAULT_REMINDER_MINUTES,
} from './rules'

const NOW = Date.parse('2030-03-04T06:00:00Z')
const HOUR = 3_600_000

describe('which messages an event sends', () => {
  it('announces a booking to the visitor and the business, and plans its reminder', () => {
    expect(planMessages({ type: 'booking.created', payload: { status: 'confirmed' } })).toEqual({
      visitor: 'confirmed',
      business: 'business-booked',
      details: {},
      remind: true,
    })
  })

  it('tells of a request without a reminder until the business confirms it', () => {
    expect(planMessages({ type: 'booking.created', payload: { status: 'requested' } })).toEqual({
      visitor: 'requested',
      business: 'business-requested',
      details: {},
      remind: false,
    })
    expect(planMessages({ type: 'booking.confirmed', payload: { from: 'requested' } })).toEqual({
      visitor: 'request-confirmed',
      details: {},
      remind: true,
    })
  })

  it('announces a held booking once it is completed, and tells its visitor of its expiry', () => {
    const holdExpiresAt = '2030-03-04T06:15:00.000Z'
    expect(
      planMessages({ type: 'booking.created', payload: { status: 'held', holdExpiresAt } }),
    ).toEqual({ details: {}, remind: false, holdExpiresAt })
    const held = { details: {}, remind: false }
    expect(planMessages({ type: 'booking.confirmed', payload: { from: 'held' } })).toMatchObject({
      visitor: 'confirmed',
      business: 'business-booked',
      remind: true,
    })
    // The time is free again and nothing was charged: the visitor is told, the business is not.
    expect(planMessages({ type: 'booking.expired', payload: {} })).toEqual({
      visitor: 'hold-expired',
      details: {},
      remind: false,
    })
    expect(planMessages({ type: 'booking.cancelled', payload: { from: 'held' } })).toEqual(held)
  })

  it('carries the reason of a decline and a cancellation, and the old time of a move', () => {
    expect(planMessages({ type: 'booking.declined', payload: { reason: 'Fully booked' } })).toEqual(
      { visitor: 'request-declined', details: { reason: 'Fully booked' }, remind: false },
    )
    expect(
      planMessages({ type: 'booking.cancelled', payload: { from: 'confirmed', reason: 'Ill' } }),
    ).toEqual({
      visitor: 'cancelled',
      business: 'business-cancelled',
      details: { reason: 'Ill' },
      remind: false,
    })
    const from = '2030-03-05T09:00:00.000Z'
    expect(
      planMessages({ type: 'booking.rescheduled', payload: { from, status: 'confirmed' } }),
    ).toEqual({
      visitor: 'rescheduled',
      business: 'business-rescheduled',
      details: { previousStart: from },
      remind: true,
    })
    // A request moved is still a request: its reminder waits for the confirmation.
    expect(
      planMessages({ type: 'booking.rescheduled', payload: { from, status: 'requested' } }).remind,
    ).toBe(false)
  })
})

describe('when a reminder goes out', () => {
  const start = NOW + 3 * 24 * HOUR

  it('a day before by default, or the service’s own lead time', () => {
    expect(reminderSendAt(start, DEFAULT_REMINDER_MINUTES, NOW)).toBe(start - 24 * HOUR)
    expect(reminderSendAt(start, 90, NOW)).toBe(start - 90 * 60_000)
  })

  it('never for a service without reminders, nor when the time has passed', () => {
    expect(reminderSendAt(start, 0, NOW)).toBeUndefined()
    expect(reminderSendAt(NOW + 23 * HOUR, DEFAULT_REMINDER_MINUTES, NOW)).toBeUndefined()
    expect(reminderSendAt(NOW + 24 * HOUR, DEFAULT_REMINDER_MINUTES, NOW)).toBeUndefined()
    expect(reminderSendAt(NOW + 24 * HOUR + 1, DEFAULT_REMINDER_MINUTES, NOW)).toBe(NOW + 1)
  })

  it('is skipped at send time for a booking cancelled or moved since', () => {
    const planned = { start: '2030-03-07T06:00:00.000Z' }
    const worth = (status: string, startAt: string) =>
      stillWorthSending('reminder', planned, { status, start: startAt })
    expect(worth('confirmed', '2030-03-07T06:00:00Z')).toBe(true)
    expect(worth('cancelled', planned.start)).toBe(false)
    expect(worth('confirmed', '2030-03-08T06:00:00.000Z')).toBe(false)
    // Other messages report what happened, whatever came after.
    expect(stillWorthSending('confirmed', {}, { status: 'cancelled', start: planned.start })).toBe(
      true,
    )
  })
})

describe('when a held booking’s visitor is asked to pay', () => {
  it('after ten minutes, or halfway through a shorter hold', () => {
    expect(paymentPromptAt(NOW + HOUR, NOW)).toBe(NOW + 10 * 60_000)
    expect(paymentPromptAt(NOW + 15 * 60_000, NOW)).toBe(NOW + 7.5 * 60_000)
    expect(paymentPromptAt(NOW, NOW)).toBeUndefined()
  })

  it('only while the booking is still held', () => {
    const worth = (status: string) =>
      stillWorthSending('payment-due', {}, { status, start: '2030-03-07T06:00:00.000Z' })
    expect(worth('held')).toBe(true)
    for (const status of ['confirmed', 'cancelled', 'expired']) expect(worth(status)).toBe(false)
  })
})

describe('webhook event types', () => {
  it('names a request booking.requested and keeps every other type', () => {
    expect(webhookEventType({ type: 'booking.created', payload: { status: 'requested' } })).toBe(
      'booking.requested',
    )
    expect(webhookEventType({ type: 'booking.created', payload: { status: 'confirmed' } })).toBe(
      'booking.created',
    )
    expect(webhookEventType({ type: 'booking.expired', payload: {} })).toBe('booking.expired')
  })
})
