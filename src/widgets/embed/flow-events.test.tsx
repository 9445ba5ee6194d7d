import type { PaymentView } from '../../lib/booking/api-types'
import { bookedAtom, endWithErrorAtom, paymentUpdatedAtom, startAtom } from '../appointment/state'
import { catalog, created, flowStore } from '../appointment/test-support'
import { resetEmbedHost } from './host-messages'

const postMessage = jest.fn()

beforeEach(() => {
  postMessage.mockReset()
  resetEmbedHost()
  window.history.replaceState(
    null,
    '',
    '/en/widget/appointment/clinic?embedHost=https%3A%2F%2Fclinic.example',
  )
  Object.defineProperty(window, 'parent', { value: { postMessage }, configurable: true })
  Object.defineProperty(document, 'referrer', {
    value: 'https://clinic.example/',
    configurable: true,
  })
})

afterEach(() => {
  Object.defineProperty(window, 'parent', { value: window, configurable: true })
})

const HOLD_END = '2030-03-01T08:30:00.000Z'
const paid: PaymentView = {
  id: 3,
  provider: 'local',
  status: 'paid',
  currency: 'EUR',
  totalAmount: 13000,
  dueNowAmount: 13000,
  paidAmount: 13000,
  refundedAmount: 0,
  termsVersion: '1',
  termsAcceptedAt: '2030-03-01T08:00:00.000Z',
}

const sent = () => postMessage.mock.calls.map(([message]) => message as Record<string, unknown>)

describe('the booking flow, embedded', () => {
  it('tells the host of a booking: ids, times and services, no personal data', () => {
    const store = flowStore()
    store.set(bookedAtom, created())
    expect(sent()).toEqual([
      {
        protocol: 'harbor-embed',
        version: 1,
        id: '',
        type: 'booking-succeeded',
        bookingId: 7,
        start: '2030-03-05T08:00:00.000Z',
        end: '2030-03-05T08:30:00.000Z',
        status: 'confirmed',
        serviceIds: [1],
      },
    ])
    expect(postMessage.mock.calls[0][1]).toBe('https://clinic.example')
    expect(JSON.stringify(sent())).not.toMatch(/Ana|Silva|ana@example.com|Bo Berg/)
  })

  it('tells of an unpaid hold as held, and of its success only once it is paid', () => {
    const store = flowStore()
    const held = created('held').booking
    store.set(bookedAtom, { manageToken: 'token', booking: { ...held, holdExpiresAt: HOLD_END } })
    expect(sent().map(({ type }) => type)).toEqual(['booking-held'])
    expect(sent()[0]).toMatchObject({ status: 'held', holdExpiresAt: HOLD_END, bookingId: 7 })
    store.set(paymentUpdatedAtom, { ...held, status: 'confirmed', payment: paid })
    store.set(paymentUpdatedAtom, { ...held, status: 'confirmed', payment: paid })
    expect(sent().map(({ type }) => type)).toEqual([
      'booking-held',
      'payment-succeeded',
      'booking-succeeded',
    ])
    expect(sent()[2]).toMatchObject({ status: 'confirmed', bookingId: 7 })
  })

  it('tells the host when an unpaid hold runs out, and never that it succeeded', () => {
    const store = flowStore()
    const held = created('held').booking
    store.set(bookedAtom, { manageToken: 'token', booking: held })
    store.set(paymentUpdatedAtom, { ...held, status: 'expired' })
    expect(sent().map(({ type }) => type)).toEqual(['booking-held', 'hold-expired'])
    expect(sent()[1]).toMatchObject({ bookingId: 7 })
  })

  it('tells of a reschedule, a payment once it is decided, and a link that failed', () => {
    const booking = created().booking
    const store = flowStore()
    store.set(startAtom, catalog(), { kind: 'reschedule', token: 't', booking })
    store.set(bookedAtom, created('held'))
    const payment: PaymentView = {
      id: 3,
      provider: 'local',
      status: 'paid',
      currency: 'EUR',
      totalAmount: 13000,
      dueNowAmount: 13000,
      paidAmount: 13000,
      refundedAmount: 0,
      termsVersion: '1',
      termsAcceptedAt: '2030-03-01T08:00:00.000Z',
    }
    // Told once, when the status changes, however often the widget polls.
    store.set(paymentUpdatedAtom, { ...booking, payment })
    store.set(paymentUpdatedAtom, { ...booking, payment })
    store.set(endWithErrorAtom, { statusCode: 410, statusMessage: 'Gone', message: 'Used' })
    expect(sent().map(({ type }) => type)).toEqual([
      'rescheduled',
      'payment-succeeded',
      'link-failed',
    ])
    expect(sent()[2]).toMatchObject({ statusCode: 410 })
  })
})
