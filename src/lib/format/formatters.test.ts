import { dateTimeFormat, numberFormat, relativeTimeFormat } from './formatters'

describe('shared Intl formatters', () => {
  it('are made once per language and options, and kept apart otherwise', () => {
    const longDate = dateTimeFormat('de', { timeZone: 'UTC', dateStyle: 'long' })
    expect(dateTimeFormat('de', { timeZone: 'UTC', dateStyle: 'long' })).toBe(longDate)
    expect(dateTimeFormat('fr', { timeZone: 'UTC', dateStyle: 'long' })).not.toBe(longDate)
    expect(dateTimeFormat('de', { timeZone: 'UTC', dateStyle: 'short' })).not.toBe(longDate)
    expect(longDate.format(new Date('2030-03-05T12:00:00Z'))).toBe('5. März 2030')
    const euros = numberFormat('de', { style: 'currency', currency: 'EUR' })
    expect(numberFormat('de', { style: 'currency', currency: 'EUR' })).toBe(euros)
    expect(numberFormat('de', { style: 'currency', currency: 'USD' })).not.toBe(euros)
    const relative = relativeTimeFormat('en', { numeric: 'auto' })
    expect(relativeTimeFormat('en', { numeric: 'auto' })).toBe(relative)
  })

  it('throws for a zone that does not exist, every time, and keeps serving the others', () => {
    const options = { timeZone: 'Mars/Olympus_Mons', hour: 'numeric' } as const
    expect(() => dateTimeFormat('en', options)).toThrow(RangeError)
    expect(() => dateTimeFormat('en', options)).toThrow(RangeError)
    expect(dateTimeFormat('en', { timeZone: 'Europe/Berlin', hour: 'numeric' })).toBeInstanceOf(
      Intl.DateTimeFormat,
    )
  })
})
