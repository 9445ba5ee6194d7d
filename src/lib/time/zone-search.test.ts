import { listTimeZones } from './index'
import { countryOfZone } from './zone-countries'
import {
  isTwentyFourHour,
  normalizeSearch,
  offersClockChoice,
  searchZones,
  withHourCycle,
  zoneChoices,
  zoneClock,
} from './zone-search'

const NOW = Date.UTC(2030, 2, 1, 6, 45)
const english = zoneChoices(listTimeZones(), 'en-US', NOW)
const german = zoneChoices(listTimeZones(), 'de', NOW)
const found = (choices: typeof english, text: string) =>
  searchZones(choices, text).map((choice) => choice.zone)

describe('searchZones', () => {
  it.each([
    ['Tokyo', 'Asia/Tokyo'],
    ['japan', 'Asia/Tokyo'],
    ['JST', 'Asia/Tokyo'],
    ['Asia/Tokyo', 'Asia/Tokyo'],
    ['zurich', 'Europe/Zurich'],
    ['Kolkata', 'Asia/Kolkata'],
  ])('finds %s first as %s', (text, zone) => {
    expect(found(english, text)[0]).toBe(zone)
  })

  it('lists every zone an ambiguous abbreviation stands for', () => {
    expect(found(english, 'IST')).toEqual(expect.arrayContaining(['Asia/Kolkata', 'Asia/Colombo']))
  })

  it("searches in the visitor's language", () => {
    expect(found(german, 'Tokio')).toEqual(['Asia/Tokyo'])
    expect(found(german, 'Moskau')[0]).toBe('Europe/Moscow')
    expect(found(german, 'MEZ')).toContain('Europe/Berlin')
    expect(found(german, 'Vereinigte Staaten')).toContain('America/New_York')
  })

  it('finds nothing for a place that is no zone, and nothing for empty text', () => {
    expect(found(english, 'Mars/Olympus')).toEqual([])
    expect(found(english, '  ')).toEqual([])
  })

  it("names each zone's city and country in the visitor's language", () => {
    const tokyo = german.find((choice) => choice.zone === 'Asia/Tokyo')
    expect(tokyo).toMatchObject({ city: 'Tokyo', country: 'Japan' })
    const ny = german.find((choice) => choice.zone === 'America/New_York')
    expect(ny).toMatchObject({ city: 'New York', country: 'Vereinigte Staaten' })
  })

  it('knows the country of every listed zone but UTC', () => {
    const without = listTimeZones().filter((zone) => !countryOfZone(zone))
    expect(without).toEqual(['UTC'])
  })
})

describe('clocks', () => {
  it("shows a zone's time now, on the language's clock or the chosen one", () => {
    expect(zoneClock('Asia/Tokyo', NOW, 'en-US', undefined)).toBe('3:45 PM')
    expect(zoneClock('Asia/Tokyo', NOW, 'en-US', 'h23')).toBe('15:45')
    expect(zoneClock('Asia/Tokyo', NOW, 'de', undefined)).toBe('15:45')
  })

  it('offers the switch only where the region uses both clocks', () => {
    const offered = ['da', 'de', 'en-US', 'es', 'fr', 'hu', 'it', 'nl', 'pl', 'pt-BR', 'pt']
    expect(offered.filter(offersClockChoice)).toEqual(['en-US', 'es', 'hu', 'it', 'pl'])
  })

  it('reads the clock in use and carries a choice in the language tag for any formatter', () => {
    expect(isTwentyFourHour('en-US', undefined)).toBe(false)
    expect(isTwentyFourHour('en-US', 'h23')).toBe(true)
    expect(isTwentyFourHour('de', undefined)).toBe(true)
    expect(withHourCycle('de', 'h12')).toBe('de-u-hc-h12')
    expect(withHourCycle('de', undefined)).toBe('de')
  })

  it('ignores case and accents', () => {
    expect(normalizeSearch(' Zürich ')).toBe('zurich')
  })
})
