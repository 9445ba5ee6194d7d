import { act, fireEvent, render, screen } from '@testing-library/react'
import { inLanguage } from '../../components/test-language'
import { paymentView } from '../../lib/booking/test-payment'
import type { BookingView, PaymentView } from '../../lib/booking/api-types'
import { fetchPaymentState, postCheckout } from '../../components/booking/payment-api'
import { VerifyPayment } from './verify-payment'

jest.mock('../../components/booking/payment-api', () => ({
  fetchPaymentState: jest.fn(),
  postCheckout: jest.fn(),
}))

const fetchState = jest.mocked(fetchPaymentState)
const checkout = jest.mocked(postCheckout)

const payment = paymentView

// Flows do not import each other: this flow's booking is written out here.
const booking = (status: BookingView['status'], paid: Partial<PaymentView>): BookingView => ({
  id: 7,
  status,
  start: '2030-03-05T08:00:00.000Z',
  end: '2030-03-05T08:30:00.000Z',
  timeZone: 'Europe/Berlin',
  durationMinutes: 30,
  location: 'Hafenstraße 12, Hamburg',
  provider: { slug: 'harbor-physio', name: 'Harbor Physio', email: null, phone: null },
  contact: { firstName: 'Ana', lastName: 'Silva', email: 'ana@example.com' },
  guests: [],
  guestCount: null,
  lines: [
    {
      guestIndex: 0,
      guestName: 'Ana Silva',
      serviceId: 3,
      serviceName: 'Shockwave therapy',
      serviceTranslations: {},
      staffId: 10,
      staffName: 'Dr. Lena Vogel',
      staffChosen: false,
      occurrence: 0,
      start: '2030-03-05T08:00:00.000Z',
      end: '2030-03-05T08:30:00.000Z',
      seats: 1,
      priceCents: 9000,
      depositCents: 2000,
      currency: 'EUR',
    },
  ],
  occurrences: [{ start: '2030-03-05T08:00:00.000Z', end: '2030-03-05T08:30:00.000Z' }],
  totalCents: 9000,
  depositCents: 2000,
  currency: 'EUR',
  holdExpiresAt: status === 'held' ? '2030-03-01T08:30:00.000Z' : null,
  policy: {
    rescheduleUntil: null,
    cancelUntil: null,
    canReschedule: false,
    canCancel: true,
    refund: { policy: 'full_before_cutoff', until: '2030-03-04T08:00:00.000Z' },
  },
  cancellationReason: null,
  rescheduleHistory: [],
  payment: payment(paid),
})

beforeEach(() => jest.useFakeTimers({ now: Date.parse('2030-03-01T08:05:00Z') }))
afterEach(() => {
  jest.useRealTimers()
  jest.clearAllMocks()
})

describe('VerifyPayment', () => {
  it('says "verifying" until the server has confirmed, then shows the paid amount', async () => {
    fetchState.mockResolvedValueOnce({ booking: booking('held', {}) }).mockResolvedValueOnce({
      booking: booking('confirmed', { status: 'paid', paidAmount: 2000 }),
    })
    render(<VerifyPayment search="?token=abc&session_id=lcs_1" />)
    expect(await screen.findByText('Verifying your payment…')).toBeInTheDocument()
    await act(() => jest.advanceTimersByTimeAsync(2000))
    expect(await screen.findByRole('heading', { name: 'Thank you' })).toBeInTheDocument()
    expect(screen.getByText('Paid').nextElementSibling).toHaveTextContent('€20.00')
    expect(screen.getByText('To pay at the appointment').nextElementSibling).toHaveTextContent(
      '€70.00',
    )
    expect(fetchState).toHaveBeenCalledWith('abc', 'en')
  })

  it('says a declined payment was declined and offers "Pay now" again', async () => {
    fetchState.mockResolvedValue({ booking: booking('held', { status: 'failed' }) })
    // A hash URL: jsdom navigates only within the page, which is enough to see where it went.
    checkout.mockResolvedValue({ url: '#checkout-x', payment: payment(), holdExpiresAt: null })
    render(<VerifyPayment search="?token=abc&session_id=lcs_1" />)
    expect(await screen.findByRole('alert')).toHaveTextContent('Your payment was declined.')
    fireEvent.click(screen.getByRole('button', { name: 'Pay now' }))
    await act(() => jest.advanceTimersByTimeAsync(0))
    expect(checkout).toHaveBeenCalledWith('abc', { locale: 'en' })
    expect(window.location.hash).toBe('#checkout-x')
  })

  it('tells the visitor when the time to pay ran out', async () => {
    fetchState.mockResolvedValue({ booking: booking('expired', { status: 'expired' }) })
    render(<VerifyPayment search="?token=abc&cancelled=1" />)
    expect(await screen.findByRole('alert')).toHaveTextContent('The time to pay has run out')
    expect(screen.queryByRole('button', { name: 'Pay now' })).not.toBeInTheDocument()
  })

  it('passes a preview’s page on, so the provider brings the visitor back to it', async () => {
    fetchState.mockResolvedValue({ booking: booking('held', {}) })
    checkout.mockResolvedValue({ url: '#checkout-y', payment: payment(), holdExpiresAt: null })
    render(<VerifyPayment search="?token=abc&cancelled=1" previewId="home" />)
    expect(await screen.findByText(/payment was cancelled/)).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Pay now' }))
    await act(() => jest.advanceTimersByTimeAsync(0))
    expect(checkout).toHaveBeenCalledWith('abc', { locale: 'en', previewId: 'home' })
  })
})

describe('VerifyPayment in German', () => {
  const { wrapper } = inLanguage('de')

  it('names the paid service in German, as the e-mail does', async () => {
    const paid = booking('confirmed', { status: 'paid', paidAmount: 2000 })
    paid.lines = paid.lines.map((line) => ({
      ...line,
      serviceTranslations: { de: { name: 'Stoßwellentherapie', description: '' } },
    }))
    fetchState.mockResolvedValue({ booking: paid })
    render(<VerifyPayment search="?token=abc&session_id=lcs_1" />, { wrapper })
    expect(await screen.findByText('Ana Silva: Stoßwellentherapie')).toBeInTheDocument()
    expect(screen.queryByText('Ana Silva: Shockwave therapy')).not.toBeInTheDocument()
    // Its calendar and manage links in the page's language too: the server makes them.
    expect(fetchState).toHaveBeenCalledWith('abc', 'de')
  })
})

describe('VerifyPayment once paid', () => {
  it('shows the same confirmation as every other booking: add to calendar and the manage links', async () => {
    const paid: BookingView = {
      ...booking('confirmed', { status: 'paid', paidAmount: 2000 }),
      policy: {
        rescheduleUntil: '2030-03-03T08:00:00.000Z',
        cancelUntil: '2030-03-03T08:00:00.000Z',
        canReschedule: true,
        canCancel: true,
        refund: { policy: 'full_before_cutoff', until: '2030-03-04T08:00:00.000Z' },
      },
      links: {
        reschedule: 'http://site/widget/bookings/shockwave-therapy?reschedule=abc',
        cancel: 'http://site/widget/cancel-booking?token=abc',
        ics: '/api/bookings/manage/abc/calendar.ics',
        google: 'https://calendar.google.com/calendar/render?action=TEMPLATE',
        outlook: 'https://outlook.live.com/calendar/0/deeplink/compose',
      },
    }
    fetchState.mockResolvedValue({ booking: paid })
    render(<VerifyPayment search="?token=abc&session_id=lcs_1" />)
    expect(await screen.findByRole('heading', { name: 'Thank you' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Add to calendar' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Google' })).toHaveAttribute('href', paid.links?.google)
    expect(screen.getByRole('link', { name: 'iCloud (.ics)' })).toHaveAttribute(
      'href',
      '/api/bookings/manage/abc/calendar.ics?locale=en',
    )
    expect(screen.getByRole('link', { name: 'Reschedule' })).toHaveAttribute(
      'href',
      paid.links?.reschedule,
    )
    expect(screen.getByRole('link', { name: 'Cancel appointment' })).toHaveAttribute(
      'href',
      paid.links?.cancel,
    )
    expect(screen.getByText('Paid').nextElementSibling).toHaveTextContent('€20.00')
  })
})
