import { detectLocale, firstAccess, matchBrowserLanguages, parseAcceptLanguage } from './detect'

describe('matchBrowserLanguages', () => {
  it('matches each language by full tag, then by language part, in order of preference', () => {
    expect(matchBrowserLanguages(['pt-BR', 'pt'])).toBe('pt-br')
    expect(matchBrowserLanguages(['de-AT'])).toBe('de')
    expect(matchBrowserLanguages(['en-GB'])).toBe('en')
    expect(matchBrowserLanguages(['de-AT', 'en'])).toBe('de')
    expect(matchBrowserLanguages(['sv', 'pt-BR'])).toBe('pt-br')
    expect(matchBrowserLanguages(['ja', 'sv-SE'])).toBeUndefined()
  })

  it('matches only the languages offered, when told them', () => {
    expect(matchBrowserLanguages(['pt-BR', 'de-AT'], ['de', 'en'])).toBe('de')
    expect(matchBrowserLanguages(['pt-BR', 'de-AT'], ['de', 'pt'])).toBe('pt')
    expect(matchBrowserLanguages(['fr'], ['de', 'pt'])).toBeUndefined()
  })
})

describe('detectLocale', () => {
  it('prefers the stored cookie over the browser languages', () => {
    expect(detectLocale({ cookie: 'fr', languages: ['de-DE'] })).toBe('fr')
  })

  it('ignores a cookie naming no locale of the site', () => {
    expect(detectLocale({ cookie: 'xx', languages: ['de-DE'] })).toBe('de')
  })

  it('uses the fallback, then en, when nothing matches', () => {
    expect(detectLocale({ languages: ['ja'], fallback: 'nl' })).toBe('nl')
    expect(detectLocale({ languages: ['ja'] })).toBe('en')
  })

  it('keeps to the languages offered: a cookie, a browser language or a fallback of another is passed over', () => {
    const offered = ['de', 'fr'] as const
    expect(detectLocale({ cookie: 'it', languages: ['it', 'fr'], offered })).toBe('fr')
    expect(detectLocale({ cookie: 'de', languages: ['fr'], offered })).toBe('de')
    expect(detectLocale({ languages: ['ja'], fallback: 'nl', offered })).toBe('de')
    expect(detectLocale({ languages: ['ja'], fallback: 'fr', offered })).toBe('fr')
    expect(detectLocale({ languages: ['ja'], offered: ['de', 'en'] })).toBe('en')
  })
})

describe('parseAcceptLanguage', () => {
  it('orders by quality, keeping header order among equals', () => {
    expect(parseAcceptLanguage('fr;q=0.5, de-DE, en;q=0.8, *;q=0.1, it;q=0')).toEqual([
      'de-DE',
      'en',
      'fr',
    ])
    expect(parseAcceptLanguage(undefined)).toEqual([])
  })
})

describe('firstAccess', () => {
  it('sends an unprefixed page to the detected locale and remembers it', () => {
    expect(
      firstAccess({ pathname: '/widget/booking/1', cookie: undefined, languages: ['de-AT'] }),
    ).toEqual({
      redirectTo: 'de',
      remember: 'de',
    })
    expect(firstAccess({ pathname: '/', cookie: 'fr', languages: ['de-DE'] })).toEqual({
      redirectTo: 'fr',
    })
  })

  it('remembers the locale of a prefixed page only when nothing is stored yet', () => {
    expect(firstAccess({ pathname: '/pt-br/home/', cookie: undefined, languages: [] })).toEqual({
      remember: 'pt-br',
    })
    expect(firstAccess({ pathname: '/pt-br/home/', cookie: 'de', languages: [] })).toEqual({})
  })

  it('leaves files and the API alone', () => {
    expect(firstAccess({ pathname: '/sitemap.xml', cookie: undefined, languages: ['de'] })).toEqual(
      {},
    )
    expect(firstAccess({ pathname: '/api/health', cookie: undefined, languages: ['de'] })).toEqual(
      {},
    )
  })
})
