import { screen } from '@testing-library/react'
import type { CreatedBooking } from '../../../lib/booking/api-types'
import { bookedAtom } from '../state'
import { flowStore, renderWithStore } from '../test-support'
import { Confirmation } from './confirmation'

const created = (status: 'scheduled' | 'requested'): CreatedBooking => ({
  manageToken: 'token',
  booking: {
    id: 7,
    status,
    start: '2030-03-05T08:00:00.000Z',
    end: '2030-03-05T08:30:00.000Z',
    timeZone: 'America/New_York',
    durationMinutes: 30,
    location: 'Hafenstraße 12, Hamburg',
    provider: { slug: 'harbor-physio', name: 'Harbor Physio' },
    contact: { firstName: 'Ana', lastName: 'Silva', email: 'ana@example.com' },
    guests: [{ name: 'Bo Berg', email: 'bo@example.com' }],
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
      {
        guestIndex: 1,
        guestName: 'Bo Berg',
        serviceId: 1,
        serviceName: 'Consultation',
        staffId: 11,
        staffName: 'Marco Rossi',
        staffChosen: false,
        occurrence: 0,
        start: '2030-03-05T08:00:00.000Z',
        end: '2030-03-05T08:30:00.000Z',
      },
    ],
    occurrences: [{ start: '2030-03-05T08:00:00.000Z', end: '2030-03-05T08:30:00.000Z' }],
    totalCents: 13000,
    depositCents: 0,
    currency: 'EUR',
    cancellationReason: null,
    rescheduleHistory: [],
    links: {
      reschedule: 'http://site/widget/bookings/consultation?reschedule=token',
      cancel: 'http://site/widget/cancel-booking?token=token',
      ics: '/api/bookings/manage/token/calendar.ics',
      google: 'https://calendar.google.com/calendar/render?action=TEMPLATE',
      outlook: 'https://outlook.live.com/calendar/0/deeplink/compose',
    },
  },
})

function setup(status: 'scheduled' | 'requested') {
  const store = flowStore()
  store.set(bookedAtom, created(status))
  renderWithStore(store, <Confirmation />)
}

describe('Confirmation', () => {
  it('thanks the visitor and shows the booking in their own zone', () => {
    setup('scheduled')
    expect(screen.getByRole('heading', { name: 'Thank you' })).toBeInTheDocument()
    expect(screen.getByText('Your appointment is scheduled.')).toBeInTheDocument()
    // 08:00 UTC is 3:00 AM in New York.
    expect(screen.getByText('3:00 AM – 3:30 AM')).toBeInTheDocument()
    expect(screen.getByText('Tuesday, March 5, 2030')).toBeInTheDocument()
    expect(screen.getByText('America/New_York')).toBeInTheDocument()
    expect(screen.getByText('30 minutes')).toBeInTheDocument()
    expect(screen.getByText('Dr. Lena Vogel, Marco Rossi')).toBeInTheDocument()
    expect(screen.getByText('Bo Berg: Consultation')).toBeInTheDocument()
  })

  it('offers Google, Outlook, iCal and iCloud, and the manage links', () => {
    setup('scheduled')
    expect(screen.getByRole('link', { name: 'Google' })).toHaveAttribute(
      'href',
      expect.stringContaining('calendar.google.com'),
    )
    expect(screen.getByRole('link', { name: 'Outlook / iCal (.ics)' })).toHaveAttribute(
      'href',
      '/api/bookings/manage/token/calendar.ics',
    )
    expect(screen.getByRole('link', { name: 'iCloud (.ics)' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Reschedule' })).toHaveAttribute(
      'href',
      expect.stringContaining('reschedule=token'),
    )
  })

  it('says the business will confirm a requested appointment', () => {
    setup('requested')
    expect(screen.getByRole('heading', { name: 'Appointment requested' })).toBeInTheDocument()
    expect(
      screen.getByText('The business will contact you to confirm your appointment.'),
    ).toBeInTheDocument()
  })
})
