import { act, fireEvent, screen } from '@testing-library/react'
import { paymentView } from '../../../lib/booking/test-payment'
import type { BookingView, CreatedBooking } from '../../../lib/booking/api-types'
import { fetchPaymentState, postCheckout } from '../../../components/booking/payment-api'
import { bookedAtom, stepAtom } from '../state'
import { catalog, created, flowStore, renderWithStore, service } from '../test-support'
import { PaymentStep } from './payment'

jest.mock('../../../components/booking/payment-api', () => ({
  fetchPaymentState: jest.fn(),
  postCheckout: jest.fn(),
}))

const fetchState = jest.mocked(fetchPaymentState)
const checkout = jest.mocked(postCheckout)

const payment = paymentView

function held(): CreatedBooking {
  const result = created('held')
  return {
    ...result,
    booking: { ...result.booking, holdExpiresAt: '2030-03-01T08:30:00.000Z', payment: payment() },
  }
}

function setup(services = [service()]) {
  const store = flowStore({ catalog: catalog(services) })
  store.set(bookedAtom, held())
  renderWithStore(store, <PaymentStep />)
  return store
}

beforeEach(() => jest.useFakeTimers({ now: Date.parse('2030-03-01T08:05:00Z') }))
afterEach(() => {
  jest.useRealTimers()
  jest.clearAllMocks()
})

describe('PaymentStep', () => {
  it('says what is held until when and what is due, and opens the checkout on "Pay now"', async () => {
    fetchState.mockResolvedValue({ booking: held().booking })
    checkout.mockResolvedValue({ url: '#checkout-1', payment: payment(), holdExpiresAt: null })
    const store = setup()
    expect(store.get(stepAtom)).toBe('payment')
    expect(screen.getByRole('heading', { name: 'Secure payment' })).toBeInTheDocument()
    // 08:30 UTC is 9:30 AM in Berlin.
    expect(
      screen.getByText('Your time is held for you until 9:30 AM. Pay €20.00 now to confirm it.'),
    ).toBeInTheDocument()
    expect(screen.getByText('To pay at the appointment').nextElementSibling).toHaveTextContent(
      '€70.00',
    )
    fireEvent.click(screen.getByRole('button', { name: 'Pay now' }))
    await act(() => jest.advanceTimersByTimeAsync(0))
    expect(checkout).toHaveBeenCalledWith('token', { locale: 'en' })
    expect(window.location.hash).toBe('#checkout-1')
  })

  it('moves on to the confirmation once the server says the booking is paid', async () => {
    const paid: BookingView = {
      ...held().booking,
      status: 'confirmed',
      holdExpiresAt: null,
      payment: payment({ status: 'paid', paidAmount: 2000 }),
    }
    fetchState.mockResolvedValue({ booking: paid })
    const store = setup()
    await act(() => jest.advanceTimersByTimeAsync(0))
    expect(store.get(stepAtom)).toBe('confirmation')
  })

  it('states the deadlines and what a cancellation does to the deposit before paying', async () => {
    fetchState.mockResolvedValue({ booking: held().booking })
    setup([
      service({
        rescheduleCutoffMinutes: 2880,
        cancellationCutoffMinutes: 1440,
        refundPolicy: 'full_before_cutoff',
        refundCutoffMinutes: 1440,
      }),
    ])
    await act(() => jest.advanceTimersByTimeAsync(0))
    // The appointment is on March 5 at 9:00 AM in Berlin.
    expect(
      screen.getByText(
        'You can reschedule online up to 48 hours before the appointment: until Sunday, March 3, 2030, 9:00 AM (Europe/Berlin).',
      ),
    ).toBeInTheDocument()
    expect(
      screen.getByText(
        'You can cancel online up to 24 hours before the appointment: until Monday, March 4, 2030, 9:00 AM (Europe/Berlin).',
      ),
    ).toBeInTheDocument()
    expect(
      screen.getByText(
        'If you cancel by Monday, March 4, 2030, 9:00 AM (Europe/Berlin), the €20.00 you pay now is refunded in full; after that it is kept.',
      ),
    ).toBeInTheDocument()
  })
})
