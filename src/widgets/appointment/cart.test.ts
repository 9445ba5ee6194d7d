import type { PublicService } from '../../lib/booking/api-types'
import { cartProblem, cartTotal } from './cart'

const service = (id: number, overrides: Partial<PublicService> = {}): PublicService => ({
  id,
  slug: `s${id}`,
  name: `Service ${id}`,
  description: '',
  durationMinutes: 30,
  seatsPerSlot: 1,
  maxSlotsPerBooking: 2,
  priceCents: 5000,
  depositCents: 1000,
  currency: 'EUR',
  requiresConfirmation: false,
  requiredFields: [],
  location: '',
  recurrenceCount: null,
  ...overrides,
})

describe('cart', () => {
  const services = [service(1), service(2)]

  it('needs at least one service', () => {
    expect(cartProblem([[]], services)).toBe('Please choose at least one option')
  })

  it('needs a service for every guest', () => {
    expect(cartProblem([[1], []], services)).toBe(
      'Please ensure you select services for all guests before proceeding',
    )
    expect(cartProblem([[1], [2]], services)).toBeUndefined()
  })

  it('applies the slots-per-booking limit of each service', () => {
    expect(cartProblem([[1], [1], [1]], services)).toBe(
      'You can reserve up to 2 slots for this service. To book for additional guests, kindly select a different service for the same time slot.',
    )
  })

  it('adds up prices and deposits', () => {
    expect(cartTotal([[1, 2], [2]], services)).toEqual({
      totalCents: 15000,
      depositCents: 3000,
      currency: 'EUR',
    })
  })
})
