import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useState } from 'react'
import { readConsent, serializeConsent, type Consent } from '../../lib/consent/consent-cookie'
import { useHydrated } from '../use-hydrated'

/**
 * Asks for cookie consent until the visitor has chosen. It is in the built HTML, so it is painted
 * with the page rather than after the scripts (on a post it was the largest element, arriving
 * late); for a visitor who already chose, the head script of gatsby-ssr hides it before the
 * first paint, and once hydrated it is not rendered at all. Fixed to the bottom of the viewport,
 * it never moves the page.
 */
export function CookieBanner({ text }: { text?: string }) {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const [chosen, setChosen] = useState(false)
  // Before hydration the browser's render must equal the built HTML, which holds the banner.
  if (chosen || (hydrated && readConsent(document.cookie))) return null

  const choose = (consent: Consent) => {
    document.cookie = serializeConsent(consent)
    // Also hides the banner for this visit where the browser refuses the cookie.
    setChosen(true)
  }
  return (
    <section className="cookie-banner" aria-label={t('cookieBanner.label')}>
      <p className="cookie-banner__text">{text || t('cookieBanner.text')}</p>
      <div className="cookie-banner__actions">
        <button type="button" className="cookie-banner__button" onClick={() => choose('essential')}>
          {t('cookieBanner.acceptEssential')}
        </button>
        <button type="button" className="cookie-banner__button" onClick={() => choose('all')}>
          {t('cookieBanner.acceptAll')}
        </button>
      </div>
    </section>
  )
}
