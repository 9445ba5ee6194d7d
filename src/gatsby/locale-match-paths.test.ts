import { correctedMatchPath } from './locale-match-paths'

describe('correctedMatchPath', () => {
  it('removes the doubled locale prefix of the i18n plugin', () => {
    expect(correctedMatchPath('/de/de/widget/*')).toBe('/de/widget/*')
    expect(correctedMatchPath('/pt-br/pt-br/*')).toBe('/pt-br/*')
  })

  it('leaves correct match paths alone', () => {
    expect(correctedMatchPath('/widget/*')).toBeUndefined()
    expect(correctedMatchPath('/de/widget/*')).toBeUndefined()
    expect(correctedMatchPath('/de/de-tips/*')).toBeUndefined()
    expect(correctedMatchPath(undefined)).toBeUndefined()
  })
})
