import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { inLanguage } from '../../components/test-language'
import type { BookingPolicy, BookingView } from '../../lib/booking/api-types'
import { HttpError, type ErrorCode } from '../../lib/http'
import { fetchManagedBooking, postCancel } from './api'
import { CancelBookingWidget } from './cancel-booking-widget'

jest.mock('./api', () => ({ fetchManagedBooking: jest.fn(), postCancel: jest.fn() }))
// The visitor opens the link in Tokyo; the booking was made in New York.
jest.mock('../../lib/time', () => ({
  ...jest.requireActual<object>('../../lib/time'),
  browserTimeZone: () => 'Asia/Tokyo',
}))

const fetchBooking = jest.mocked(fetchManagedBooking)
const cancel = jest.mocked(postCancel)

const booking = (overrides: Partial<BookingView> = {}): BookingView => ({
  id: 7,
  status: 'confirmed',
  start: '2030-03-05T08:00:00.000Z',
  end: '2030-03-05T08:30:00.000Z',
  timeZone: 'America/New_York',
  durationMinutes: 30,
  location: 'Hafenstraße 12, Hamburg',
  provider: {
    slug: 'harbor-physio',
    name: 'Harbor Physio',
    email: 'hello@harbor-physio.example',
    phone: '+49 40 123456',
  },
  contact: { firstName: 'Ana', lastName: 'Silva', email: 'ana@example.com' },
  guests: [],
  guestCount: null,
  lines: [
    {
      guestIndex: 0,
      guestName: 'Ana Silva',
      serviceId: 1,
      serviceName: 'Consultation',
      serviceTranslations: {},
      staffId: 10,
      staffName: 'Dr. Lena Vogel',
      staffChosen: false,
      occurrence: 0,
      start: '2030-03-05T08:00:00.000Z',
      end: '2030-03-05T08:30:00.000Z',
      seats: 1,
      priceCents: 6500,
      depositCents: 0,
      currency: 'EUR',
    },
  ],
  occurrences: [{ start: '2030-03-05T08:00:00.000Z', end: '2030-03-05T08:30:00.000Z' }],
  totalCents: 6500,
  depositCents: 0,
  currency: 'EUR',
  holdExpiresAt: null,
  policy: {
    rescheduleUntil: '2030-03-04T20:00:00.000Z',
    cancelUntil: '2030-03-04T08:00:00.000Z',
    canReschedule: true,
    canCancel: true,
    refund: { policy: 'full_before_cutoff', until: '2030-03-04T08:00:00.000Z' },
  },
  cancellationReason: null,
  rescheduleHistory: [],
  payment: null,
  ...overrides,
})

/**
 * Booked with a deposit of €20 of the €65 price, paid (less `refunded`); refunds follow `refund`.
 */
const paidBooking = (
  refund: BookingPolicy['refund'],
  payment: { paid?: number; refunded?: number } = {},
): BookingView => {
  const base = booking()
  return booking({
    lines: base.lines.map((line) => ({ ...line, depositCents: 2000 })),
    depositCents: 2000,
    policy: { ...base.policy, refund },
    payment: {
      id: 1,
      provider: 'local',
      status: 'paid',
      currency: 'EUR',
      totalAmount: 6500,
      dueNowAmount: 2000,
      paidAmount: payment.paid ?? 2000,
      refundedAmount: payment.refunded ?? 0,
      termsVersion: '1',
      termsAcceptedAt: '2030-02-28T08:00:00.000Z',
    },
  })
}

const httpError = (
  statusCode: number,
  statusMessage: string,
  message = statusMessage,
  code?: ErrorCode,
) => new HttpError({ statusCode, statusMessage, message, ...(code ? { code } : {}) })

const open = (search = '?token=tok') => render(<CancelBookingWidget search={search} />)

async function openReady() {
  fetchBooking.mockResolvedValue({ booking: booking() })
  open()
  await screen.findByRole('heading', { name: 'Cancel your appointment' })
}

const reasonField = () => screen.getByRole('textbox', { name: /^Reason for cancelling/ })
const typeReason = (value: string) => fireEvent.change(reasonField(), { target: { value } })
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Cancel appointment' }))

beforeEach(() => {
  jest.useFakeTimers({ now: Date.parse('2030-03-01T08:00:00Z'), advanceTimers: true })
})
afterEach(() => {
  jest.useRealTimers()
  jest.clearAllMocks()
})

describe('CancelBookingWidget', () => {
  it("loads the booking and shows it in the visitor's own time zone", async () => {
    fetchBooking.mockResolvedValue({ booking: booking() })
    open()
    expect(screen.getByRole('status')).toHaveTextContent('Loading the booking flow…')
    expect(await screen.findByRole('heading', { name: 'Cancel your appointment' })).toHaveFocus()
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Harbor Physio')
    // 08:00 UTC is 5:00 PM in Tokyo (and 3:00 AM in New York, where it was booked).
    expect(screen.getByText('Tuesday, March 5, 2030')).toBeInTheDocument()
    expect(screen.getByText('5:00 PM – 5:30 PM')).toBeInTheDocument()
    expect(screen.getByText('Asia/Tokyo')).toBeInTheDocument()
    expect(screen.getByText('Ana Silva: Consultation')).toBeInTheDocument()
    expect(reasonField()).toHaveAttribute('aria-required', 'true')
    expect(fetchBooking).toHaveBeenCalledWith('tok')
  })

  it('takes the token from ?cancel= too', async () => {
    fetchBooking.mockResolvedValue({ booking: booking() })
    open('?cancel=other')
    await screen.findByRole('heading', { name: 'Cancel your appointment' })
    expect(fetchBooking).toHaveBeenCalledWith('other')
  })

  it.each(['', '?token='])('answers a link without a token (%j) with a 404', (search) => {
    open(search)
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('404')
    expect(screen.getByText('No calendar event found')).toBeInTheDocument()
    expect(fetchBooking).not.toHaveBeenCalled()
  })

  it('answers an unknown token with the 404 the server gives', async () => {
    fetchBooking.mockRejectedValue(httpError(404, 'No calendar event found'))
    open()
    expect(await screen.findByText('No calendar event found')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('404')
  })

  it('shows the expired-link view for a booking already cancelled', async () => {
    fetchBooking.mockResolvedValue({
      booking: booking({ status: 'cancelled', cancellationReason: 'I feel better' }),
    })
    const { container } = open()
    expect(
      await screen.findByText(
        'This booking is already cancelled; cancellation is not possible again.',
      ),
    ).toBeInTheDocument()
    expect(container.querySelector('.expired-link')).not.toBeNull()
    expect(screen.queryByRole('button', { name: 'Cancel appointment' })).toBeNull()
  })

  it.each(['', '   '])('requires a reason (%j), beside the field', async (reason) => {
    await openReady()
    typeReason(reason)
    submit()
    expect(await screen.findByRole('alert')).toHaveTextContent('This field is required.')
    expect(reasonField()).toHaveAttribute('aria-invalid', 'true')
    expect(reasonField()).toHaveAccessibleDescription('This field is required.')
    expect(cancel).not.toHaveBeenCalled()
  })

  it('cancels, saying so while it does, then echoes the reason', async () => {
    let answer!: (value: { booking: BookingView }) => void
    cancel.mockReturnValue(new Promise((resolve) => (answer = resolve)))
    await openReady()
    typeReason('  I feel better  ')
    submit()
    expect(await screen.findByText('Cancelling…')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Cancel appointment' })).toBeDisabled()
    expect(cancel).toHaveBeenCalledWith('tok', { reason: 'I feel better' })

    answer({ booking: booking({ status: 'cancelled', cancellationReason: 'I feel better' }) })
    expect(await screen.findByRole('heading', { name: 'Appointment cancelled' })).toHaveFocus()
    expect(screen.getByText('Your appointment has been cancelled.')).toBeInTheDocument()
    expect(screen.getByText('I feel better')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Cancel appointment' })).toBeNull()
  })

  it('says up front, in days, until when the booking can be cancelled', async () => {
    await openReady()
    // Now is 2030-03-01 08:00 UTC; cancelling closes on 2030-03-04 08:00 UTC (5:00 PM in Tokyo).
    expect(
      screen.getByText(
        'You can cancel this appointment online until Monday, March 4, 2030, 5:00 PM (in 3 days).',
      ),
    ).toBeInTheDocument()
  })

  it('says it in hours on the last day', async () => {
    jest.setSystemTime(Date.parse('2030-03-03T19:30:00Z'))
    await openReady()
    expect(screen.getByText(/\(in 12 hours\)\.$/)).toBeInTheDocument()
  })

  it('shows the cut-off at once, with the business to contact, before any reason', async () => {
    jest.setSystemTime(Date.parse('2030-03-04T09:00:00Z'))
    fetchBooking.mockResolvedValue({
      booking: booking({ policy: { ...booking().policy, canCancel: false } }),
    })
    open()
    expect(
      await screen.findByRole('heading', {
        name: 'This appointment can no longer be cancelled online',
      }),
    ).toBeInTheDocument()
    expect(screen.queryByText('This link is no longer valid')).toBeNull()
    expect(screen.queryByRole('textbox', { name: /^Reason for cancelling/ })).toBeNull()
    expect(
      screen.getByText('Cancelling online was possible until Monday, March 4, 2030, 5:00 PM.'),
    ).toBeInTheDocument()
    expect(
      screen.getByText('To change it now, please contact Harbor Physio directly.'),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'hello@harbor-physio.example' })).toHaveAttribute(
      'href',
      'mailto:hello@harbor-physio.example',
    )
    expect(screen.getByRole('link', { name: '+49 40 123456' })).toHaveAttribute(
      'href',
      'tel:+4940123456',
    )
    expect(screen.getByRole('link', { name: 'Back to Harbor Physio' })).toBeInTheDocument()
  })

  it('shows the cut-off screen when the window closed while the reason was typed', async () => {
    cancel.mockRejectedValue(
      httpError(
        409,
        'The cancellation window for this booking has closed.',
        'Cancellation was possible until 2030-03-04T08:00:00.000Z.',
        'cancellation_closed',
      ),
    )
    await openReady()
    typeReason('I feel better')
    submit()
    expect(
      await screen.findByRole('heading', {
        name: 'This appointment can no longer be cancelled online',
      }),
    ).toBeInTheDocument()
    expect(document.querySelector('.expired-link')).toBeNull()
  })

  it('shows the expired-link view when it was cancelled elsewhere meanwhile', async () => {
    const refusal = httpError(
      409,
      'This booking is already cancelled; cancellation is not possible again.',
      'This booking is already cancelled; cancellation is not possible again.',
      'not_active',
    )
    cancel.mockRejectedValue(refusal)
    await openReady()
    typeReason('I feel better')
    submit()
    expect(await screen.findByText(refusal.message)).toBeInTheDocument()
    expect(document.querySelector('.expired-link')).not.toBeNull()
  })

  it('keeps the form with what was typed when the server fails', async () => {
    cancel.mockRejectedValueOnce(
      httpError(500, 'Internal Server Error', 'Something went wrong.', 'invalid_request'),
    )
    await openReady()
    typeReason('I feel better')
    submit()
    expect(await screen.findByRole('alert')).toHaveTextContent('Internal Server Error')
    expect(reasonField()).toHaveValue('I feel better')
  })

  it.each([
    // What the HTTP client makes of a network failure, and what a proxy says for a stopped API.
    httpError(503, 'Service Unavailable', 'The server could not be reached.'),
    httpError(502, 'Bad Gateway', '<html>'),
  ])(
    'says the cancellation could not be made when the API cannot be reached ($statusMessage)',
    async (failure) => {
      cancel.mockRejectedValueOnce(failure)
      await openReady()
      typeReason('I feel better')
      submit()
      expect(await screen.findByRole('alert')).toHaveTextContent(
        /^We were unable to cancel your appointment\. Please try again\.$/,
      )
      expect(screen.queryByText(failure.statusMessage)).toBeNull()
      expect(reasonField()).toHaveValue('I feel better')
      expect(screen.getByRole('heading', { name: 'Cancel your appointment' })).toBeInTheDocument()

      // The next try goes through.
      cancel.mockResolvedValueOnce({ booking: booking({ status: 'cancelled' }) })
      submit()
      expect(await screen.findByRole('heading', { name: 'Appointment cancelled' })).toBeVisible()
    },
  )

  it('says the booking could not be loaded when the API cannot be reached, and retries', async () => {
    fetchBooking
      .mockRejectedValueOnce(httpError(503, 'Service Unavailable', 'x'))
      .mockResolvedValueOnce({ booking: booking() })
    open()
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We were unable to load your appointment. Please try again.',
    )
    expect(screen.queryByText('503')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(
      await screen.findByRole('heading', { name: 'Cancel your appointment' }),
    ).toBeInTheDocument()
  })

  describe('says what cancelling does to what was paid, before it is confirmed', () => {
    // Now is 2030-03-01 08:00 UTC; the visitor reads the times in Tokyo.
    const openWith = async (view: BookingView) => {
      fetchBooking.mockResolvedValue({ booking: view })
      open()
      await screen.findByRole('heading', { name: 'Cancel your appointment' })
    }

    it('refunds everything until the deadline', async () => {
      await openWith(
        paidBooking({ policy: 'full_before_cutoff', until: '2030-03-04T08:00:00.000Z' }),
      )
      expect(
        screen.getByText(
          'If you cancel by Monday, March 4, 2030, 5:00 PM, the €20.00 you paid is refunded in full.',
        ),
      ).toBeInTheDocument()
    })

    it('keeps it once the refund deadline has passed, saying until when it was possible', async () => {
      await openWith(
        paidBooking({ policy: 'full_before_cutoff', until: '2030-02-28T08:00:00.000Z' }),
      )
      expect(
        screen.getByText(
          'If you cancel now, the €20.00 you paid is not refunded: a refund was possible only ' +
            'until Thursday, February 28, 2030, 5:00 PM.',
        ),
      ).toBeInTheDocument()
    })

    it('keeps the deposit, and refunds what was paid beyond it', async () => {
      const keep = { policy: 'keep_deposit', until: '2030-03-04T08:00:00.000Z' } as const
      await openWith(paidBooking(keep))
      expect(
        screen.getByText('If you cancel, the deposit of €20.00 you paid is kept.'),
      ).toBeInTheDocument()
      cleanup()
      await openWith(paidBooking(keep, { paid: 6500 }))
      expect(
        screen.getByText(
          'If you cancel, €45.00 of the €65.00 you paid is refunded; the deposit of €20.00 is kept.',
        ),
      ).toBeInTheDocument()
    })

    it('refunds nothing under a no-refund policy, and counts only what is not refunded yet', async () => {
      await openWith(
        paidBooking(
          { policy: 'none', until: '2030-03-04T08:00:00.000Z' },
          { paid: 6500, refunded: 1500 },
        ),
      )
      expect(
        screen.getByText('If you cancel, the €50.00 you paid is not refunded.'),
      ).toBeInTheDocument()
    })

    it('says nothing of refunds when nothing was paid', async () => {
      await openReady()
      expect(screen.queryByText(/you paid/)).toBeNull()
    })
  })
})

describe('CancelBookingWidget in German', () => {
  const { wrapper } = inLanguage('de')

  it('names the service in German, as the e-mail does', async () => {
    const [line] = booking().lines
    fetchBooking.mockResolvedValue({
      booking: booking({
        lines: [
          {
            ...line!,
            serviceTranslations: { de: { name: 'Erstberatung', description: '' } },
          },
        ],
      }),
    })
    render(<CancelBookingWidget search="?token=tok" />, { wrapper })
    expect(await screen.findByText('Ana Silva: Erstberatung')).toBeInTheDocument()
    expect(screen.queryByText('Ana Silva: Consultation')).not.toBeInTheDocument()
  })

  it('says in German, in the visitor’s zone, what cancelling does to the payment', async () => {
    fetchBooking.mockResolvedValue({
      booking: paidBooking({ policy: 'full_before_cutoff', until: '2030-03-04T08:00:00.000Z' }),
    })
    render(<CancelBookingWidget search="?token=tok" />, { wrapper })
    expect(
      await screen.findByText(
        'Wenn Sie bis Montag, 4. März 2030, 17:00 stornieren, werden die von Ihnen gezahlten ' +
          '20,00 € vollständig erstattet.',
      ),
    ).toBeInTheDocument()
  })
})
