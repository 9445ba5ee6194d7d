import { isCrossOriginFrame, readCookie, serializeLocaleCookie } from './cookie'

describe('the locale cookie', () => {
  it('lasts a year on the whole site, SameSite=Lax', () => {
    expect(serializeLocaleCookie('pt-br', {})).toBe(
      'i18n_redirected=pt-br; Max-Age=31536000; Path=/; SameSite=Lax',
    )
  })

  it('uses SameSite=None with Secure inside a cross-origin iframe, and may be renamed', () => {
    expect(serializeLocaleCookie('de', { crossOriginFrame: true, name: 'lang' })).toBe(
      'lang=de; Max-Age=31536000; Path=/; SameSite=None; Secure',
    )
  })

  it('is read from a Cookie header', () => {
    expect(readCookie('a=1; i18n_redirected=fr; b=2', 'i18n_redirected')).toBe('fr')
    expect(readCookie('a=1', 'i18n_redirected')).toBeUndefined()
    expect(readCookie(undefined, 'i18n_redirected')).toBeUndefined()
  })
})

describe('isCrossOriginFrame', () => {
  const location = { origin: 'https://clinic.example' }
  it('is false for a top-level page and a same-origin frame', () => {
    const top = { location }
    expect(isCrossOriginFrame({ top, self: top, location })).toBe(false)
    expect(isCrossOriginFrame({ top: { location }, self: {}, location })).toBe(false)
  })

  it("is true when the parent's location cannot be read or has another origin", () => {
    const guarded = {
      get location(): { origin: string } {
        throw new Error('SecurityError: Blocked a frame from accessing a cross-origin frame.')
      },
    }
    expect(isCrossOriginFrame({ top: guarded, self: {}, location })).toBe(true)
    const other = { location: { origin: 'https://partner.example' } }
    expect(isCrossOriginFrame({ top: other, self: {}, location })).toBe(true)
  })
})
