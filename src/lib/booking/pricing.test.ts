import { MixedCurrencies, partyPrice, priceOf } from './pricing'

const consult = { id: 1, priceCents: 5000, depositCents: 0, currency: 'EUR' }
const shockwave = { id: 2, priceCents: 8000, depositCents: 2000, currency: 'EUR' }
const prepaid = { id: 3, priceCents: 3000, depositCents: 3000, currency: 'EUR' }

describe('pricing', () => {
  it('charges per seat: a party of three in a class pays three prices and three deposits', () => {
    expect(partyPrice([[2]], [shockwave], 3)).toEqual({
      totalCents: 24_000,
      dueNowCents: 6_000,
      dueLaterCents: 18_000,
      currency: 'EUR',
    })
  })

  it('charges per person and service for named guests', () => {
    expect(partyPrice([[1, 2], [2], [3]], [consult, shockwave, prepaid])).toEqual({
      totalCents: 5000 + 8000 + 8000 + 3000,
      dueNowCents: 2000 + 2000 + 3000,
      dueLaterCents: 5000 + 6000 + 6000,
      currency: 'EUR',
    })
  })

  it('is free and owes nothing for an empty cart', () => {
    expect(priceOf([])).toEqual({
      totalCents: 0,
      dueNowCents: 0,
      dueLaterCents: 0,
      currency: 'EUR',
    })
  })

  it('never asks more now than the price', () => {
    const odd = { priceCents: 1000, depositCents: 1500, currency: 'EUR', seats: 2 }
    expect(priceOf([odd]).dueNowCents).toBe(2000)
  })

  it('refuses to add up two currencies', () => {
    expect(() =>
      priceOf([
        { priceCents: 1, depositCents: 0, currency: 'EUR', seats: 1 },
        { priceCents: 1, depositCents: 0, currency: 'USD', seats: 1 },
      ]),
    ).toThrow(MixedCurrencies)
  })
})
