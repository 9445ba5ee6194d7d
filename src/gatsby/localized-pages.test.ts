import { correctedMatchPath, missingMessageLanguages } from './localized-pages'

describe('correctedMatchPath', () => {
  it('removes the doubled locale prefix of the i18n plugin', () => {
    expect(correctedMatchPath('/de/widget/', '/de/de/widget/*')).toBe('/de/widget/*')
    expect(correctedMatchPath('/pt-br/x/', '/pt-br/pt-br/*')).toBe('/pt-br/*')
  })

  it('takes the catch-all off every 404 page, so the match-paths table lists only client-only routes', () => {
    expect(correctedMatchPath('/de/404/', '/de/de/*')).toBeNull()
    expect(correctedMatchPath('/de/404.html', '/de/de/*')).toBeNull()
    expect(correctedMatchPath('/404/', '/*')).toBeNull()
  })

  it('leaves correct match paths alone', () => {
    expect(correctedMatchPath('/widget/', '/widget/*')).toBeUndefined()
    expect(correctedMatchPath('/de/widget/', '/de/widget/*')).toBeUndefined()
    expect(correctedMatchPath('/de/de-tips/', '/de/de-tips/*')).toBeUndefined()
    expect(correctedMatchPath('/de/about/', undefined)).toBeUndefined()
  })
})

describe('missingMessageLanguages', () => {
  it('gives a localized page the languages its messages come from', () => {
    expect(missingMessageLanguages({ language: 'de' })).toEqual(['de'])
    expect(missingMessageLanguages({ language: 'pl' })).toEqual(['pl'])
    expect(missingMessageLanguages({ language: 'en' })).toEqual(['en'])
  })

  it('leaves pages that have them, or have no language, alone', () => {
    expect(missingMessageLanguages({ language: 'de', messageLanguages: ['de'] })).toBeUndefined()
    expect(missingMessageLanguages({})).toBeUndefined()
  })
})
