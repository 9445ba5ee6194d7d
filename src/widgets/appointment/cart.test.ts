import type { PublicService } from '../../lib/booking/api-types'
import { cartProblem, partyProblem } from './cart'

const service = (id: number, overrides: Partial<PublicService> = {}): PublicService => ({
  id,
  slug: `s${id}`,
  name: `Service ${id}`,
  description: '',
  translations: {},
  intakeFormId: null,
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
  rescheduleCutoffMinutes: 0,
  cancellationCutoffMinutes: 0,
  refundPolicy: 'full_before_cutoff',
  refundCutoffMinutes: 0,
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
})

describe('partyProblem', () => {
  const services = [service(1, { seatsPerSlot: 2, maxSlotsPerBooking: 4 })]
  const lines = (count: number) =>
    Array.from({ length: count }, () => ({ serviceId: 1, staffId: null }))

  it('lets a party that fits through', () => {
    expect(partyProblem({ lines: lines(1), seats: 2 }, services)).toBeUndefined()
    expect(partyProblem({ lines: lines(4), seats: 1 }, services)).toBeUndefined()
  })

  it("refuses a guest count above the class's seats with the spec's message", () => {
    expect(partyProblem({ lines: lines(1), seats: 3 }, services)).toBe(
      'Total available seats for this slot is only 2',
    )
  })

  it('refuses more lines of a service than it allows per booking', () => {
    expect(partyProblem({ lines: lines(5), seats: 1 }, services)).toBe(
      'You can reserve up to 4 slots for this service. To book for additional guests, kindly select a different service for the same time slot.',
    )
  })

  it('refuses a guest count outside 1 to 100', () => {
    for (const seats of [0, 101, Number.NaN]) {
      expect(partyProblem({ lines: lines(1), seats }, services)).toBe(
        'Guest count should be between 1 and 100',
      )
    }
  })
})

describe('a cart in two currencies', () => {
  it('is refused with the message the server gives, before any slot is searched', () => {
    const eur = { ...service(1), currency: 'EUR' }
    const usd = { ...service(2), currency: 'USD' }
    expect(cartProblem([[1, 2]], [eur, usd])).toBe(
      'All services of one booking must be priced in one currency.',
    )
    expect(cartProblem([[1]], [eur, usd])).toBeUndefined()
  })
})
