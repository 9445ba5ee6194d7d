import { screen } from '@testing-library/react'
import { inLanguage } from '../../../components/test-language'
import type { BookingLinks, CreatedBooking } from '../../../lib/booking/api-types'
import { bookedAtom } from '../state'
import { created, flowStore, renderWithStore } from '../test-support'
import { Confirmation } from './confirmation'

function setup(
  status: 'confirmed' | 'requested',
  change: (result: CreatedBooking) => void = () => {},
) {
  const store = flowStore()
  const result = created(status)
  change(result)
  store.set(bookedAtom, result)
  renderWithStore(store, <Confirmation />)
}

/** Booked at 04:48 for 10:00 the same day: both 48-hour deadlines had already passed. */
function insideDeadlines(result: CreatedBooking, open: { reschedule?: boolean } = {}) {
  const { booking } = result
  booking.policy = {
    rescheduleUntil: '2030-03-03T08:00:00.000Z',
    cancelUntil: '2030-03-03T08:00:00.000Z',
    canReschedule: open.reschedule ?? false,
    canCancel: false,
    refund: booking.policy.refund,
  }
  booking.links = {
    ...(booking.links as BookingLinks),
    ...(open.reschedule ? {} : { reschedule: null }),
    cancel: null,
  }
}

describe('Confirmation', () => {
  it('thanks the visitor and shows the booking in their own zone', () => {
    setup('confirmed')
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
    setup('confirmed')
    expect(screen.getByRole('link', { name: 'Google' })).toHaveAttribute(
      'href',
      expect.stringContaining('calendar.google.com'),
    )
    // The file in the widget's language (here the default, English).
    expect(screen.getByRole('link', { name: 'Outlook / iCal (.ics)' })).toHaveAttribute(
      'href',
      '/api/bookings/manage/token/calendar.ics?locale=en',
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

  it('a same-day booking shows no unusable links, and says whom to contact instead', () => {
    setup('confirmed', (result) => insideDeadlines(result))
    expect(screen.queryByRole('link', { name: 'Reschedule' })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Cancel appointment' })).not.toBeInTheDocument()
    expect(
      screen.getByText(
        'This appointment can no longer be changed or cancelled online. To change it, please ' +
          'contact Harbor Physio directly.',
      ),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'hello@harbor-physio.example' })).toHaveAttribute(
      'href',
      'mailto:hello@harbor-physio.example',
    )
    // Adding it to a calendar is still possible.
    expect(screen.getByRole('link', { name: 'Google' })).toBeInTheDocument()
  })

  it('offers only the change still possible, and says the other is closed', () => {
    setup('confirmed', (result) => insideDeadlines(result, { reschedule: true }))
    expect(screen.getByRole('link', { name: 'Reschedule' })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Cancel appointment' })).not.toBeInTheDocument()
    expect(
      screen.getByText(
        'It can no longer be cancelled online; to cancel it, please contact Harbor Physio directly.',
      ),
    ).toBeInTheDocument()
  })
})

describe('Confirmation in German', () => {
  const { wrapper: German } = inLanguage('de')

  it('names the service in German, as the e-mail does', () => {
    const store = flowStore()
    const result = created('confirmed')
    for (const line of result.booking.lines) {
      line.serviceTranslations = { de: { name: 'Physiotherapie-Beratung', description: '' } }
    }
    store.set(bookedAtom, result)
    renderWithStore(
      store,
      <German>
        <Confirmation />
      </German>,
    )
    expect(screen.getByText('Ana Silva: Physiotherapie-Beratung')).toBeInTheDocument()
    expect(screen.queryByText(/: Consultation$/)).not.toBeInTheDocument()
    // …and so does the calendar file it downloads.
    expect(screen.getByRole('link', { name: 'iCloud (.ics)' })).toHaveAttribute(
      'href',
      '/api/bookings/manage/token/calendar.ics?locale=de',
    )
  })
})
