import { graphql, useStaticQuery } from 'gatsby'
import { useTranslation } from 'gatsby-plugin-react-i18next'
import type { ReactNode } from 'react'
import { localize } from '../../lib/content/localize'
import { pagePath } from '../../lib/content/site-paths'
import { DEFAULT_LOCALE, isLocale } from '../../lib/locale/locales'
import { CookieBanner } from '../cookie-banner/cookie-banner'
import { LanguageSwitcher } from '../language-switcher'
import { LocalizedLink } from '../localized-link'
import { usePageLocale } from '../use-page-locale'

interface SiteNavData {
  contentSite: {
    defaultLocale: string
    rootPagePath: string
    translations: { locale: string; siteName: string; cookieBannerText: string }[]
  } | null
  allContentPage: { nodes: { path: string; translations: { locale: string; title: string }[] }[] }
}

/** The site's frame: header with its pages and the booking call to action, footer, cookie banner. */
export function Layout({ children }: { children: ReactNode }) {
  const { t } = useTranslation()
  const locale = usePageLocale()
  const data = useStaticQuery<SiteNavData>(graphql`
    query SiteNav {
      contentSite {
        defaultLocale
        rootPagePath
        translations {
          locale
          siteName
          cookieBannerText
        }
      }
      allContentPage(sort: { path: ASC }) {
        nodes {
          path
          translations {
            locale
            title
          }
        }
      }
    }
  `)
  const site = data.contentSite
  const defaultLocale = site && isLocale(site.defaultLocale) ? site.defaultLocale : DEFAULT_LOCALE
  const settings = site?.translations.length
    ? localize(site.translations, locale, defaultLocale)
    : undefined
  const siteName = settings?.siteName || t('siteName')
  const navPages = data.allContentPage.nodes.filter((page) => page.path !== site?.rootPagePath)
  return (
    <>
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <header className="site-header">
        <LocalizedLink className="site-header__brand" to="/">
          {siteName}
        </LocalizedLink>
        {navPages.length ? (
          <nav className="site-nav" aria-label={t('siteNavigation')}>
            {navPages.map((page) => (
              <LocalizedLink key={page.path} to={pagePath(page.path)}>
                {localize(page.translations, locale, defaultLocale).title}
              </LocalizedLink>
            ))}
          </nav>
        ) : null}
        <LanguageSwitcher />
        <LocalizedLink className="button-link" to="/widget/appointment/harbor-physio/">
          {t('bookAppointment')}
        </LocalizedLink>
      </header>
      <main id="main" className="site-main">
        {children}
      </main>
      <footer className="site-footer">
        <span>© {siteName}</span>
      </footer>
      <CookieBanner text={settings?.cookieBannerText} />
    </>
  )
}
