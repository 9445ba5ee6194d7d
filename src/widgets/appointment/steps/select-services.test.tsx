import { fireEvent, screen, within } from '@testing-library/react'
import { servicesPerPersonReadAtom, stepAtom } from '../state'
import { catalog, flowStore, renderWithStore, service } from '../test-support'
import { BookingSummary } from '../booking-summary'
import { SelectServices } from './select-services'

const services = [
  service({ id: 1, name: 'Consultation', maxSlotsPerBooking: 1 }),
  service({ id: 2, name: 'Massage', priceCents: 7000, durationMinutes: 45 }),
]

function setup() {
  const store = flowStore({ catalog: catalog(services) })
  renderWithStore(
    store,
    <>
      <SelectServices />
      <BookingSummary />
    </>,
  )
  return store
}

const person = (name: string) => within(screen.getByRole('group', { name }))

describe('SelectServices', () => {
  it('asks for at least one service', () => {
    setup()
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Please choose at least one option')
  })

  it('needs a service for every guest, then sums up each person’s services and the total', () => {
    const store = setup()
    fireEvent.click(person('You').getByLabelText(/Consultation/))
    fireEvent.click(screen.getByRole('button', { name: 'Add a guest' }))
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Please ensure you select services for all guests before proceeding',
    )
    fireEvent.click(person('Guest 2').getByLabelText(/Massage/))
    const summary = within(screen.getByRole('complementary', { name: 'Your booking' }))
    expect(summary.getByText(/You: Consultation \(30 minutes\)/)).toBeInTheDocument()
    expect(summary.getByText(/Guest 2: Massage \(45 minutes\)/)).toBeInTheDocument()
    expect(summary.getByText('€135.00')).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect(store.get(servicesPerPersonReadAtom)).toEqual([[1], [2]])
    expect(store.get(stepAtom)).toBe('staff')
  })

  it('applies the limit of slots per service before submit', () => {
    setup()
    fireEvent.click(person('You').getByLabelText(/Consultation/))
    fireEvent.click(screen.getByRole('button', { name: 'Add a guest' }))
    fireEvent.click(person('Guest 2').getByLabelText(/Consultation/))
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect(screen.getByRole('alert')).toHaveTextContent(
      'You can reserve up to 1 slots for this service. To book for additional guests, kindly select a different service for the same time slot.',
    )
  })
})
