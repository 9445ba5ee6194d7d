import { screen, within } from '@testing-library/react'
import { BookingSummary } from './booking-summary'
import { catalog, flowStore, renderWithStore, service, slot, staffMember } from './test-support'

const summary = () => screen.getByRole('complementary', { name: 'Your booking' })
const rows = () =>
  Object.fromEntries(
    within(summary())
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
  )

describe('BookingSummary', () => {
  it('shows the service, duration, location and price before anything else is chosen', () => {
    renderWithStore(flowStore(), <BookingSummary />)
    expect(rows()).toEqual({
      Services: 'You: Physiotherapy consultation (30 minutes) — €65.00',
      Duration: '30 minutes',
      Location: 'Hafenstraße 12, Hamburg',
      Total: '€65.00',
    })
  })

  it('adds the staff member with their photo, then the date and time once picked', () => {
    const lena = staffMember({ photoUrl: '/images/staff/lena-vogel.svg' })
    const store = flowStore({
      catalog: catalog([service()], [lena]),
      staff: 10,
      party: { kind: 'people', guests: 1 },
      slot: slot('2030-03-05T08:00:00.000Z'),
    })
    const { container } = renderWithStore(store, <BookingSummary />)
    expect(rows()).toMatchObject({
      Services:
        'You: Physiotherapy consultation (30 minutes) — €65.00Guest 2: Physiotherapy consultation (30 minutes) — €65.00',
      Staff: 'Dr. Lena Vogel',
      'Date and time': 'Tuesday, March 5, 2030, 9:00 AM (Europe/Berlin)',
      Total: '€130.00',
    })
    expect(container.querySelector('img')).toHaveAttribute('src', '/images/staff/lena-vogel.svg')
  })

  it('says "any available staff" when the visitor leaves the choice to the team', () => {
    renderWithStore(flowStore({ staff: 'any' }), <BookingSummary />)
    expect(rows().Staff).toBe('Any available staff')
  })

  it('prices a head count by the one pricing rule: the price per seat times the people', () => {
    const store = flowStore({ staff: 'any', party: { kind: 'count', count: 3 } })
    renderWithStore(store, <BookingSummary />)
    expect(rows()).toMatchObject({
      Services: 'Physiotherapy consultation (30 minutes) — €65.00',
      'Number of people': '3',
      Total: '€195.00',
    })
  })
})
