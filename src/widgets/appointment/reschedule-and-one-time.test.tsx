import { fireEvent, render, screen, within } from '@testing-library/react'
import { inLanguage } from '../../components/test-language'
import { HttpError } from '../../lib/http'
import {
  fetchManagedBooking,
  fetchOneTimeLink,
  fetchService,
  fetchSlots,
  postBooking,
  postReschedule,
} from './api'
import { AppointmentWidget } from './appointment-widget'
import { choicesOf } from './state'
import { created, provider, service, slot, staffMember } from './test-support'

jest.mock('./api', () => ({
  fetchService: jest.fn(),
  fetchSlots: jest.fn(),
  prefetchSlots: jest.fn(),
  fetchNextSlot: jest.fn(),
  fetchManagedBooking: jest.fn(),
  fetchOneTimeLink: jest.fn(),
  postBooking: jest.fn(),
  postReschedule: jest.fn(),
}))

const booking = created('confirmed').booking
const newSlot = slot('2030-03-06T09:00:00.000Z')

beforeEach(() => {
  jest.useFakeTimers({ now: Date.parse('2030-03-01T08:00:00Z'), advanceTimers: true })
  jest.mocked(fetchService).mockResolvedValue({ ...service(), provider, staff: [staffMember()] })
  jest.mocked(fetchSlots).mockResolvedValue({
    serviceId: 1,
    month: '2030-03',
    timeZone: 'America/New_York',
    days: { '2030-03-06': [newSlot] },
    nextAvailable: null,
    bookableFrom: '2030-03-01T08:00:00.000Z',
    bookableUntil: '2030-06-30T08:00:00.000Z',
  })
})
afterEach(() => {
  jest.useRealTimers()
  jest.clearAllMocks()
})

function openReschedule() {
  render(
    <AppointmentWidget
      route={{ name: 'bookings', slug: 'consultation' }}
      location={{ pathname: '/widget/bookings/consultation', search: '?reschedule=tok' }}
    />,
  )
}

async function pickNewSlot() {
  fireEvent.click(await screen.findByRole('button', { name: /6, .*times available/ }))
  fireEvent.click(await screen.findByRole('button', { name: /AM|PM/ }))
}

describe('rescheduling', () => {
  it("keeps the booking's services, guests and staff rule", () => {
    expect(choicesOf(booking)).toEqual({
      perPerson: [[1], [1]],
      staffChoice: 'any',
      party: { kind: 'people', guests: 1 },
    })
    const chosen = {
      ...booking,
      lines: booking.lines.map((line) => ({ ...line, staffChosen: line.guestIndex === 0 })),
    }
    expect(choicesOf(chosen).staffChoice).toBe(10)
  })

  it('shows the current time, then moves the booking and says so', async () => {
    jest.mocked(fetchManagedBooking).mockResolvedValue({ booking })
    jest.mocked(postReschedule).mockResolvedValue({
      booking: {
        ...booking,
        start: newSlot.start,
        rescheduleHistory: [
          { from: booking.start, to: newSlot.start, at: '2030-03-01T08:00:00.000Z' },
        ],
      },
    })
    openReschedule()
    expect(
      await screen.findByRole('heading', { name: 'Choose a new date and time' }),
    ).toBeInTheDocument()
    expect(
      screen.getByText(
        /^Your appointment is currently on \w+, March \d, 2030, \d{1,2}:00 (AM|PM)\.$/,
      ),
    ).toBeInTheDocument()
    await pickNewSlot()
    const step = await screen.findByRole('region', { name: 'Confirm the new time' })
    expect(within(step).getByText('Current time')).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Reschedule' }))
    expect(screen.getByText('Rescheduling…')).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'Rescheduled' })).toBeInTheDocument()
    expect(postReschedule).toHaveBeenCalledWith(
      'tok',
      { start: newSlot.start, timeZone: expect.any(String) },
      'en',
    )
  })

  it('answers an unknown token with "No calendar event found"', async () => {
    jest
      .mocked(fetchManagedBooking)
      .mockRejectedValue(
        new HttpError({ statusCode: 404, statusMessage: 'No calendar event found', message: 'x' }),
      )
    openReschedule()
    expect(await screen.findByText('No calendar event found')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('404')
  })

  it('shows the expired-link view for a cancelled booking', async () => {
    jest.mocked(fetchManagedBooking).mockResolvedValue({
      booking: { ...booking, status: 'cancelled' },
    })
    openReschedule()
    expect(
      await screen.findByText('This booking was cancelled and can no longer be rescheduled.'),
    ).toBeInTheDocument()
    expect(document.querySelector('.expired-link')).not.toBeNull()
  })

  it('says up front, in days, until when the booking can be moved', async () => {
    jest.mocked(fetchManagedBooking).mockResolvedValue({ booking })
    openReschedule()
    // Now is 2030-03-01 08:00 UTC; rescheduling closes on 2030-03-04 at 20:00 UTC.
    expect(
      await screen.findByText(
        /^You can reschedule this appointment online until Monday, March 4, 2030, \d{1,2}:00 (AM|PM) \(in 3 days\)\.$/,
      ),
    ).toBeInTheDocument()
  })

  it('says it in hours on the last day', async () => {
    jest.setSystemTime(Date.parse('2030-03-04T14:30:00Z'))
    jest.mocked(fetchManagedBooking).mockResolvedValue({ booking })
    openReschedule()
    expect(await screen.findByText(/\(in 5 hours\)\.$/)).toBeInTheDocument()
  })

  it('shows the cut-off at once, with the business to contact, when it has passed', async () => {
    jest.setSystemTime(Date.parse('2030-03-04T21:00:00Z'))
    jest.mocked(fetchManagedBooking).mockResolvedValue({
      booking: { ...booking, policy: { ...booking.policy, canReschedule: false } },
    })
    openReschedule()
    expect(
      await screen.findByRole('heading', {
        name: 'This appointment can no longer be rescheduled online',
      }),
    ).toBeInTheDocument()
    expect(screen.queryByText('This link is no longer valid')).toBeNull()
    expect(screen.queryByRole('heading', { name: 'Choose a new date and time' })).toBeNull()
    expect(screen.queryByRole('grid')).toBeNull()
    expect(fetchSlots).not.toHaveBeenCalled()
    expect(
      screen.getByText(/^Rescheduling online was possible until Monday, March 4, 2030, /),
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
    expect(screen.getByRole('link', { name: 'Back to Harbor Physio' })).toHaveAttribute(
      'href',
      '/en/widget/appointment/harbor-physio',
    )
  })

  it('shows the cut-off screen when the window closed while the visitor chose', async () => {
    jest.mocked(fetchManagedBooking).mockResolvedValue({ booking })
    jest.mocked(postReschedule).mockRejectedValue(
      new HttpError({
        statusCode: 409,
        statusMessage: 'The reschedule window for this booking has closed.',
        message: 'Rescheduling was possible until 2030-03-04T20:00:00.000Z.',
        code: 'reschedule_closed',
      }),
    )
    openReschedule()
    await pickNewSlot()
    fireEvent.click(await screen.findByRole('button', { name: 'Reschedule' }))
    expect(
      await screen.findByRole('heading', {
        name: 'This appointment can no longer be rescheduled online',
      }),
    ).toBeInTheDocument()
    expect(document.querySelector('.expired-link')).toBeNull()
    expect(screen.getByRole('link', { name: 'Back to Harbor Physio' })).toBeInTheDocument()
  })

  it('keeps the new time when the API cannot be reached, and says so', async () => {
    jest.mocked(fetchManagedBooking).mockResolvedValue({ booking })
    jest
      .mocked(postReschedule)
      .mockRejectedValue(
        new HttpError({ statusCode: 504, statusMessage: 'Gateway Timeout', message: 'x' }),
      )
    openReschedule()
    await pickNewSlot()
    fireEvent.click(await screen.findByRole('button', { name: 'Reschedule' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We were unable to reschedule your appointment. Please try again.',
    )
    expect(screen.getByRole('region', { name: 'Confirm the new time' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Reschedule' })).toBeEnabled()
  })

  it('says the booking could not be loaded when the API cannot be reached', async () => {
    jest
      .mocked(fetchManagedBooking)
      .mockRejectedValueOnce(
        new HttpError({ statusCode: 503, statusMessage: 'Service Unavailable', message: 'x' }),
      )
      .mockResolvedValueOnce({ booking })
    openReschedule()
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We were unable to load this booking page. Please try again.',
    )
    expect(screen.queryByText('Service Unavailable')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(
      await screen.findByRole('heading', { name: 'Choose a new date and time' }),
    ).toBeInTheDocument()
  })

  it('goes back to the times when the new time was taken meanwhile', async () => {
    jest.mocked(fetchManagedBooking).mockResolvedValue({ booking })
    jest
      .mocked(postReschedule)
      .mockRejectedValue(
        new HttpError({ statusCode: 409, statusMessage: 'Not booked: Staff busy', message: 'x' }),
      )
    openReschedule()
    await pickNewSlot()
    fireEvent.click(await screen.findByRole('button', { name: 'Reschedule' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Not booked: Staff busy')
    expect(screen.getByRole('heading', { name: 'Choose a new date and time' })).toBeInTheDocument()
  })
})

describe('rescheduling on a German page', () => {
  const { wrapper } = inLanguage('de')

  it('asks for the moved booking in German and shows the calendar links the server made in it', async () => {
    const links = {
      reschedule: 'http://site/de/widget/bookings/consultation?reschedule=tok',
      cancel: 'http://site/de/widget/cancel-booking?token=tok',
      ics: '/api/bookings/manage/tok/calendar.ics',
      google: 'https://calendar.google.com/calendar/render?action=TEMPLATE&text=Beratung',
      outlook: 'https://outlook.live.com/calendar/0/deeplink/compose?subject=Beratung',
    }
    jest.mocked(fetchManagedBooking).mockResolvedValue({ booking })
    jest.mocked(postReschedule).mockResolvedValue({
      booking: { ...booking, start: newSlot.start, links },
    })
    render(
      <AppointmentWidget
        route={{ name: 'bookings', slug: 'consultation' }}
        location={{ pathname: '/de/widget/bookings/consultation', search: '?reschedule=tok' }}
      />,
      { wrapper },
    )
    fireEvent.click(await screen.findByRole('button', { name: /6\..*Termine verfügbar/ }))
    fireEvent.click(await screen.findByRole('button', { name: /^\d{1,2}:\d{2}/ }))
    fireEvent.click(await screen.findByRole('button', { name: 'Verschieben' }))
    expect(await screen.findByRole('heading', { name: 'Termin verschoben' })).toBeInTheDocument()
    expect(postReschedule).toHaveBeenCalledWith('tok', expect.anything(), 'de')
    expect(screen.getByRole('link', { name: 'Google' })).toHaveAttribute('href', links.google)
    expect(screen.getByRole('link', { name: 'Outlook' })).toHaveAttribute('href', links.outlook)
  })
})

describe('one-time links', () => {
  const openLink = (search = '') =>
    render(
      <AppointmentWidget
        route={{ name: 'one-time-link', oneTimeSlug: search ? undefined : 'once' }}
        location={{ pathname: search ? '/widget/otl' : '/widget/otl/once', search }}
      />,
    )

  it("opens the bound service's flow, from the path or the query", async () => {
    jest.mocked(fetchOneTimeLink).mockResolvedValue({ slug: 'once', service: service() })
    openLink('?slug=once')
    expect(await screen.findByRole('heading', { name: 'Who would you like to see?' })).toBeVisible()
    expect(fetchOneTimeLink).toHaveBeenCalledWith('once')
  })

  it('shows the expired-link view for a used link', async () => {
    jest.mocked(fetchOneTimeLink).mockRejectedValue(
      new HttpError({
        statusCode: 410,
        statusMessage: 'slug expired',
        message: 'This link has already been used or has expired.',
      }),
    )
    openLink()
    expect(
      await screen.findByText('This link has already been used or has expired.'),
    ).toBeInTheDocument()
    expect(document.querySelector('.expired-link')).not.toBeNull()
  })

  it('sends the slug with the booking', async () => {
    jest.mocked(fetchOneTimeLink).mockResolvedValue({ slug: 'once', service: service() })
    jest.mocked(postBooking).mockResolvedValue(created('confirmed'))
    openLink()
    fireEvent.click(await screen.findByRole('button', { name: 'Any available staff' }))
    await pickNewSlot()
    const type = (label: string, value: string) =>
      fireEvent.change(screen.getByRole('textbox', { name: new RegExp(`^${label}`) }), {
        target: { value },
      })
    await screen.findByRole('heading', { name: 'Your details' })
    type('First name', 'Ana')
    type('Last name', 'Silva')
    type('Email', 'ana@example.com')
    fireEvent.change(screen.getByRole('textbox', { name: /^Phone/ }), {
      target: { value: '+49 30 901820' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Book now' }))
    expect(await screen.findByRole('heading', { name: 'Thank you' })).toBeInTheDocument()
    expect(jest.mocked(postBooking).mock.calls[0]?.[0]).toMatchObject({
      oneTimeSlug: 'once',
      locale: 'en',
    })
  })
})
