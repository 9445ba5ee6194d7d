import { fireEvent, render, screen, within } from '@testing-library/react'
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
import { created, service, slot, staffMember } from './test-support'

jest.mock('./api', () => ({
  fetchService: jest.fn(),
  fetchSlots: jest.fn(),
  fetchNextSlot: jest.fn(),
  fetchTimeZones: jest.fn(() => new Promise(() => undefined)),
  fetchManagedBooking: jest.fn(),
  fetchOneTimeLink: jest.fn(),
  postBooking: jest.fn(),
  postReschedule: jest.fn(),
}))

const provider = { id: 1, slug: 'harbor-physio', name: 'Harbor Physio', timeZone: 'Europe/Berlin' }
const booking = created('scheduled').booking
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
  } as never)
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
    expect(choicesOf(booking)).toEqual({ perPerson: [[1], [1]], staffChoice: 'any' })
    const chosen = {
      ...booking,
      lines: booking.lines.map((line) => ({ ...line, staffChosen: line.guestIndex === 0 })),
    }
    expect(choicesOf(chosen).staffChoice).toBe(10)
  })

  it('shows the current time, then moves the booking and says so', async () => {
    jest.mocked(fetchManagedBooking).mockResolvedValue({ booking })
    jest
      .mocked(postReschedule)
      .mockResolvedValue({ booking: { ...booking, status: 'rescheduled', start: newSlot.start } })
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
    expect(postReschedule).toHaveBeenCalledWith('tok', {
      start: newSlot.start,
      timeZone: expect.any(String),
    })
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

  it('shows the expired-link view when the reschedule window has closed meanwhile', async () => {
    jest.mocked(fetchManagedBooking).mockResolvedValue({ booking })
    jest.mocked(postReschedule).mockRejectedValue(
      new HttpError({
        statusCode: 409,
        statusMessage: 'The reschedule window for this booking has closed.',
        message: 'Rescheduling is possible until 1440 minutes before the appointment.',
      }),
    )
    openReschedule()
    await pickNewSlot()
    fireEvent.click(await screen.findByRole('button', { name: 'Reschedule' }))
    expect(
      await screen.findByText(
        'Rescheduling is possible until 1440 minutes before the appointment.',
      ),
    ).toBeInTheDocument()
    expect(document.querySelector('.expired-link')).not.toBeNull()
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
    jest.mocked(postBooking).mockResolvedValue(created('scheduled'))
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
    expect(jest.mocked(postBooking).mock.calls[0]?.[0]).toMatchObject({ oneTimeSlug: 'once' })
  })
})
