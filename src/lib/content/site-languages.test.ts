import { LOCALES } from '../locale/locales'
import { offeredLocales, pickerLocales } from './site-languages'

describe('offeredLocales', () => {
  it('keeps the languages the settings name, in the order of LOCALES, and no others', () => {
    expect(offeredLocales(['pt', 'de', 'en', 'xx'])).toEqual(['de', 'en', 'pt'])
  })

  it('is all eleven when the settings name none', () => {
    expect(offeredLocales(undefined)).toEqual(LOCALES)
    expect(offeredLocales(null)).toEqual(LOCALES)
    expect(offeredLocales([])).toEqual(LOCALES)
  })
})

describe('pickerLocales', () => {
  it('lists the offered languages on a page in one of them', () => {
    expect(pickerLocales(['de', 'en', 'fr'], 'de')).toEqual(['de', 'en', 'fr'])
  })

  it('adds the language of a page built in another one, where it belongs in the list', () => {
    expect(pickerLocales(['de', 'fr'], 'en')).toEqual(['de', 'en', 'fr'])
  })

  it('offers nothing to pick when the site speaks only the language of the page', () => {
    expect(pickerLocales(['en'], 'en')).toEqual([])
    expect(pickerLocales(['en'], 'de')).toEqual(['de', 'en'])
  })
})
