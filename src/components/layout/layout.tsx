import { useTranslation } from 'gatsby-plugin-react-i18next'
import type { ReactNode } from 'react'
import { CookieBanner } from '../cookie-banner/cookie-banner'
import { LocalizedLink } from '../localized-link'

/** The site's frame: header with the booking call to action, content, footer, cookie banner. */
export function Layout({ children }: { children: ReactNode }) {
  const { t } = useTranslation()
  return (
    <>
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <header className="site-header">
        <LocalizedLink className="site-header__brand" to="/">
          {t('siteName')}
        </LocalizedLink>
        <LocalizedLink className="button-link" to="/widget/appointment/harbor-physio/">
          {t('bookAppointment')}
        </LocalizedLink>
      </header>
      <main id="main" className="site-main">
        {children}
      </main>
      <footer className="site-footer">
        <span>© {t('siteName')}</span>
      </footer>
      <CookieBanner />
    </>
  )
}
