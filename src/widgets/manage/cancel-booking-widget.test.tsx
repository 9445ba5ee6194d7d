import { fireEvent, render, screen } from '@testing-library/react'
import type { BookingView } from '../../lib/booking/api-types'
import { HttpError } from '../../lib/http'
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
  status: 'scheduled',
  start: '2030-03-05T08:00:00.000Z',
  end: '2030-03-05T08:30:00.000Z',
  timeZone: 'America/New_York',
  durationMinutes: 30,
  location: 'Hafenstraße 12, Hamburg',
  provider: { slug: 'harbor-physio', name: 'Harbor Physio' },
  contact: { firstName: 'Ana', lastName: 'Silva', email: 'ana@example.com' },
  guests: [],
  guestCount: null,
  lines: [
    {
      guestIndex: 0,
      guestName: 'Ana Silva',
      serviceId: 1,
      serviceName: 'Consultation',
      staffId: 10,
      staffName: 'Dr. Lena Vogel',
      staffChosen: false,
      occurrence: 0,
      start: '2030-03-05T08:00:00.000Z',
      end: '2030-03-05T08:30:00.000Z',
    },
  ],
  occurrences: [{ start: '2030-03-05T08:00:00.000Z', end: '2030-03-05T08:30:00.000Z' }],
  totalCents: 6500,
  depositCents: 0,
  currency: 'EUR',
  cancellationReason: null,
  rescheduleHistory: [],
  ...overrides,
})

const httpError = (statusCode: number, statusMessage: string, message = statusMessage) =>
  new HttpError({ statusCode, statusMessage, message })

const open = (search = '?token=tok') => render(<CancelBookingWidget search={search} />)

async function openReady() {
  fetchBooking.mockResolvedValue({ booking: booking() })
  open()
  await screen.findByRole('heading', { name: 'Cancel your appointment' })
}

const reasonField = () => screen.getByRole('textbox', { name: /^Reason for cancelling/ })
const typeReason = (value: string) => fireEvent.change(reasonField(), { target: { value } })
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Cancel appointment' }))

afterEach(() => jest.clearAllMocks())

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

  it.each([
    [
      'the cut-off has passed',
      httpError(
        409,
        'The cancellation window for this booking has closed.',
        'Cancellation is possible until 1440 minutes before the appointment.',
      ),
    ],
    [
      'it was cancelled elsewhere meanwhile',
      httpError(409, 'This booking is already cancelled; cancellation is not possible again.'),
    ],
  ])('shows the expired-link view when %s', async (_situation, refusal) => {
    cancel.mockRejectedValue(refusal)
    await openReady()
    typeReason('I feel better')
    submit()
    expect(await screen.findByText(refusal.message)).toBeInTheDocument()
    expect(document.querySelector('.expired-link')).not.toBeNull()
  })

  it.each([
    httpError(500, 'We were unable to schedule your appointment. Please try again.'),
    // What the HTTP client makes of a network failure.
    httpError(503, 'Service Unavailable', 'The server could not be reached.'),
  ])(
    'keeps the form with what was typed when the server fails ($statusMessage)',
    async (failure) => {
      cancel.mockRejectedValueOnce(failure)
      await openReady()
      typeReason('I feel better')
      submit()
      expect(await screen.findByRole('alert')).toHaveTextContent(failure.statusMessage)
      expect(document.querySelector('.widget-alert')).not.toBeNull()
      expect(reasonField()).toHaveValue('I feel better')
      expect(screen.getByRole('heading', { name: 'Cancel your appointment' })).toBeInTheDocument()

      // The next try goes through.
      cancel.mockResolvedValueOnce({ booking: booking({ status: 'cancelled' }) })
      submit()
      expect(await screen.findByRole('heading', { name: 'Appointment cancelled' })).toBeVisible()
    },
  )
})
