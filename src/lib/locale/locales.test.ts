import { isLocale, languageTagOf, localeOfPath, localizedPath, LOCALES } from './locales'

describe('locales', () => {
  it('lists the eleven codes of the spec', () => {
    expect([...LOCALES].sort()).toEqual(
      ['da', 'de', 'en', 'es', 'fr', 'hu', 'it', 'nl', 'pl', 'pt', 'pt-br'].sort(),
    )
  })

  it('reads the locale prefix of a path', () => {
    expect(localeOfPath('/de/widget/booking/1')).toBe('de')
    expect(localeOfPath('/pt-br/')).toBe('pt-br')
    expect(localeOfPath('/widget/booking/1')).toBeUndefined()
    expect(localeOfPath('/')).toBeUndefined()
    expect(isLocale('pt-BR')).toBe(false)
  })
})

describe('languageTagOf', () => {
  it('gives region tags where the spec names a region', () => {
    expect(languageTagOf('en')).toBe('en-US')
    expect(languageTagOf('pt-br')).toBe('pt-BR')
    expect(languageTagOf('pt')).toBe('pt')
    expect(languageTagOf('de')).toBe('de')
  })
})

describe('localizedPath', () => {
  it('prefixes a path with the locale, replacing any prefix it had', () => {
    expect(localizedPath('de', '/widget/booking/1')).toBe('/de/widget/booking/1')
    expect(localizedPath('pt-br', '/')).toBe('/pt-br/')
    expect(localizedPath('fr', '/de/about/')).toBe('/fr/about/')
    expect(localizedPath('en', 'about/')).toBe('/en/about/')
  })
})
