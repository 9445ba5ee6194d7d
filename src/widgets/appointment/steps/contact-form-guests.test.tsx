import { screen } from '@testing-library/react'
import { catalog, flowStore, renderWithStore, slot } from '../test-support'
import ContactForm from './contact-form'

jest.mock('../api', () => ({ postBooking: jest.fn() }))

const at = slot('2030-03-05T08:00:00.000Z')

describe('the details step’s guests', () => {
  it('shows no empty "Guests" box when the party has no guests', () => {
    renderWithStore(flowStore({ catalog: catalog(), staff: 'any', slot: at }), <ContactForm />)
    expect(screen.getByRole('heading', { name: 'Your details' })).toBeInTheDocument()
    expect(screen.queryByRole('group', { name: 'Guests' })).not.toBeInTheDocument()
  })

  it('shows the box with a row per guest when there are guests', () => {
    const store = flowStore({
      catalog: catalog(),
      staff: 'any',
      party: { kind: 'people', guests: 1 },
      slot: at,
    })
    renderWithStore(store, <ContactForm />)
    expect(screen.getByRole('group', { name: 'Guests' })).toBeInTheDocument()
    expect(screen.getByLabelText(/^Guest 2: name/)).toBeInTheDocument()
  })
})
