export const CONSENT_COOKIE = 'cookie_consent'
export const CONSENT_MAX_AGE_DAYS = 365

export type Consent = 'essential' | 'all'

function isConsent(value: string): value is Consent {
  return value === 'essential' || value === 'all'
}

/** The visitor's stored choice, from a `document.cookie` or `Cookie` header string. */
export function readConsent(cookies: string): Consent | undefined {
  for (const pair of cookies.split(';')) {
    const separator = pair.indexOf('=')
    if (separator < 0 || pair.slice(0, separator).trim() !== CONSENT_COOKIE) continue
    const value = pair.slice(separator + 1).trim()
    if (isConsent(value)) return value
  }
  return undefined
}

/** A `document.cookie` assignment that remembers the choice site-wide for a year. */
export function serializeConsent(consent: Consent): string {
  const maxAgeSeconds = CONSENT_MAX_AGE_DAYS * 24 * 60 * 60
  return `${CONSENT_COOKIE}=${consent}; Path=/; Max-Age=${maxAgeSeconds}; SameSite=Lax`
}

/** The class the head script puts on <html> when a choice is stored (the banner is hidden). */
export const CONSENT_GIVEN_CLASS = 'cookie-consent-given'

/**
 * A script for the <head> of every built page: it runs before the first paint, so a visitor who
 * already chose never sees the banner of the built HTML flash. Kept tiny and free of imports.
 */
export const consentHeadScript = `/(?:^|;\\s*)${CONSENT_COOKIE}=(?:essential|all)(?:;|$)/.test(document.cookie)&&document.documentElement.classList.add('${CONSENT_GIVEN_CLASS}')`
