import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useState } from 'react'
import { readConsent, serializeConsent, type Consent } from '../../lib/consent/consent-cookie'
import { useHydrated } from '../use-hydrated'

/**
 * Asks for cookie consent until the visitor has chosen. The built HTML cannot know the cookie,
 * so the banner appears only once hydrated rather than flashing for visitors who already chose;
 * being fixed to the bottom of the viewport, its arrival does not move the page.
 */
export function CookieBanner({ text }: { text?: string }) {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const [chosen, setChosen] = useState(false)
  if (!hydrated || chosen || readConsent(document.cookie)) return null

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
