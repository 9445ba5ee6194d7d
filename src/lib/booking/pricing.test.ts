import {
  depositPerSeat,
  MixedCurrencies,
  minorUnitDigits,
  partyPrice,
  priceOf,
  strictestPolicy,
  toMajorUnits,
} from './pricing'

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

describe('deposits, refunds and currency minor units', () => {
  it('takes a percentage deposit per seat, rounded half up to the minor unit', () => {
    expect(depositPerSeat({ priceCents: 9000, depositCents: 0, depositPercent: 25 })).toBe(2250)
    // 33 % of 19.99 is 6.5967: 6.60.
    expect(depositPerSeat({ priceCents: 1999, depositCents: 0, depositPercent: 33 })).toBe(660)
    // 50 % of 0.05 is 0.025: half a cent rounds up.
    expect(depositPerSeat({ priceCents: 5, depositCents: 0, depositPercent: 50 })).toBe(3)
    expect(depositPerSeat({ priceCents: 1000, depositCents: 0, depositPercent: 100 })).toBe(1000)
  })

  it('prices a party of three with a percentage deposit: three rounded deposits', () => {
    const rounded = depositPerSeat({ priceCents: 1999, depositCents: 0, depositPercent: 33 })
    const service = { id: 9, priceCents: 1999, depositCents: rounded, currency: 'EUR' }
    expect(partyPrice([[9]], [service], 3)).toEqual({
      totalCents: 5997,
      dueNowCents: 1980,
      dueLaterCents: 4017,
      currency: 'EUR',
    })
  })

  it('keeps a fixed deposit, never above the price', () => {
    expect(depositPerSeat({ priceCents: 9000, depositCents: 2000, depositPercent: null })).toBe(
      2000,
    )
    expect(depositPerSeat({ priceCents: 900, depositCents: 2000, depositPercent: null })).toBe(900)
  })

  it('knows each currency’s minor unit: yen have none, dinars three', () => {
    expect(minorUnitDigits('EUR')).toBe(2)
    expect(minorUnitDigits('JPY')).toBe(0)
    expect(minorUnitDigits('KWD')).toBe(3)
    expect(toMajorUnits(2050, 'EUR')).toBe(20.5)
    expect(toMajorUnits(2050, 'JPY')).toBe(2050)
    expect(toMajorUnits(2050, 'KWD')).toBe(2.05)
  })

  describe('a cancellation’s refund policy', () => {
    it('follows the strictest policy of the booking’s services', () => {
      expect(strictestPolicy(['full_before_cutoff', 'keep_deposit'])).toBe('keep_deposit')
      expect(strictestPolicy(['full_before_cutoff', 'none'])).toBe('none')
      expect(strictestPolicy([])).toBe('full_before_cutoff')
    })
  })
})
