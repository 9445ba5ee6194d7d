import {
  CONSENT_GIVEN_CLASS,
  consentHeadScript,
  readConsent,
  serializeConsent,
} from './consent-cookie'

describe('readConsent', () => {
  it.each([
    ['', undefined],
    ['cookie_consent=all', 'all'],
    ['cookie_consent=essential', 'essential'],
    ['i18n_redirected=de; cookie_consent=essential; other=1', 'essential'],
    ['cookie_consent=everything', undefined],
    ['cookie_consent=', undefined],
    ['my_cookie_consent=all', undefined],
    ['cookie_consent_v2=all', undefined],
    ['cookie_consent=bad; cookie_consent=all', 'all'],
    ['broken; cookie_consent = all ', 'all'],
  ])('%j -> %s', (cookies, expected) => {
    expect(readConsent(cookies)).toBe(expected)
  })
})

describe('serializeConsent', () => {
  it('stores the choice for 365 days on every path, SameSite Lax', () => {
    expect(serializeConsent('all')).toBe(
      'cookie_consent=all; Path=/; Max-Age=31536000; SameSite=Lax',
    )
    expect(serializeConsent('essential')).toBe(
      'cookie_consent=essential; Path=/; Max-Age=31536000; SameSite=Lax',
    )
  })

  it('reads back what it writes', () => {
    const [pair = ''] = serializeConsent('essential').split(';')
    expect(readConsent(pair)).toBe('essential')
  })
})

describe('the head script', () => {
  // As browsers write document.cookie: "name=value" pairs joined by "; ".
  it.each([
    '',
    'cookie_consent=all',
    'cookie_consent=essential',
    'i18n_redirected=de; cookie_consent=essential; other=1',
    'cookie_consent=everything',
    'cookie_consent=',
    'my_cookie_consent=all',
    'cookie_consent_v2=all',
    'cookie_consent=bad; cookie_consent=all',
  ])('hides the banner for %j exactly when a choice is stored', (cookie) => {
    const classes = new Set<string>()
    const document = {
      cookie,
      documentElement: { classList: { add: (c: string) => classes.add(c) } },
    }
    new Function('document', consentHeadScript)(document)
    expect(classes.has(CONSENT_GIVEN_CLASS)).toBe(readConsent(cookie) !== undefined)
  })
})
