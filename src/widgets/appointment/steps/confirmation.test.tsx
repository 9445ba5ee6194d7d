import { screen } from '@testing-library/react'
import { bookedAtom } from '../state'
import { created, flowStore, renderWithStore } from '../test-support'
import { Confirmation } from './confirmation'

function setup(status: 'confirmed' | 'requested') {
  const store = flowStore()
  store.set(bookedAtom, created(status))
  renderWithStore(store, <Confirmation />)
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
