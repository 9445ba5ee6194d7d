import { graphql, useStaticQuery } from 'gatsby'
import { useTranslation } from 'gatsby-plugin-react-i18next'
import type { ReactNode } from 'react'
import { localize } from '../../lib/content/localize'
import { offeredLocales, pickerLocales } from '../../lib/content/site-languages'
import { pagePath } from '../../lib/content/site-paths'
import { DEFAULT_LOCALE, isLocale } from '../../lib/locale/locales'
import type { PageMenu } from '../../lib/content/types'
import { ClinicContact } from '../clinic/clinic-contact'
import { OpeningHours } from '../clinic/opening-hours'
import { bookingPathOf, useClinic } from '../clinic/use-clinic'
import { ContentImageView } from '../content/content-image'
import type { SiteImage } from '../content/site-view'
import { CookieBanner } from '../cookie-banner/cookie-banner'
import { LanguageSwitcher } from '../language-switcher'
import { LocalizedLink } from '../localized-link'
import { StaticRegion } from '../static-region'
import { usePageLocale } from '../use-page-locale'

interface SiteNavData {
  contentSite: {
    defaultLocale: string
    languages: string[]
    rootPagePath: string
    logo: SiteImage | null
    translations: { locale: string; siteName: string; cookieBannerText: string }[]
  } | null
  allContentPage: {
    nodes: { path: string; menu: PageMenu; translations: { locale: string; title: string }[] }[]
  }
}

/**
 * The site's frame: header with its logo or name, its pages, the languages it is offered in and
 * the booking call to action; footer with the business's contact, hours and legal pages; cookie
 * banner.
 */
export function Layout({ children }: { children: ReactNode }) {
  const { t } = useTranslation()
  const locale = usePageLocale()
  const data = useStaticQuery<SiteNavData>(graphql`
    query SiteNav {
      contentSite {
        defaultLocale
        languages
        rootPagePath
        logo {
          url
          alt
          width
          height
          localFile {
            childImageSharp {
              gatsbyImageData(layout: FIXED, height: 48, placeholder: NONE)
            }
          }
        }
        translations {
          locale
          siteName
          cookieBannerText
        }
      }
      allContentPage(sort: { path: ASC }) {
        nodes {
          path
          menu
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
  const clinic = useClinic()
  const pagesIn = (menu: PageMenu) =>
    data.allContentPage.nodes.filter(
      (page) => page.menu === menu && page.path !== site?.rootPagePath,
    )
  const links = (pages: SiteNavData['allContentPage']['nodes']) =>
    pages.map((page) => (
      <LocalizedLink key={page.path} to={pagePath(page.path)}>
        {localize(page.translations, locale, defaultLocale).title}
      </LocalizedLink>
    ))
  const headerPages = pagesIn('header')
  const footerPages = pagesIn('footer')
  const languages = pickerLocales(offeredLocales(site?.languages), locale)
  return (
    <>
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <header className="site-header">
        <LocalizedLink className="site-header__brand" to="/">
          {/* The logo stands for the name, which is its text in the page's language. */}
          {site?.logo ? (
            <ContentImageView
              image={{ ...site.logo, alt: siteName }}
              className="site-header__logo"
            />
          ) : (
            siteName
          )}
        </LocalizedLink>
        {headerPages.length ? (
          <nav className="site-nav" aria-label={t('siteNavigation')}>
            {links(headerPages)}
          </nav>
        ) : null}
        {languages.length > 0 ? <LanguageSwitcher locales={languages} /> : null}
        {clinic ? (
          <LocalizedLink className="button-link" to={bookingPathOf(clinic)}>
            {t('bookAppointment')}
          </LocalizedLink>
        ) : null}
      </header>
      <main id="main" className="site-main">
        {children}
      </main>
      <StaticRegion as="footer" className="site-footer">
        {clinic ? (
          <>
            <ClinicContact clinic={clinic} />
            <OpeningHours hours={clinic.openingHours} />
          </>
        ) : null}
        {footerPages.length ? (
          <nav className="site-footer__legal" aria-label={t('footer.legal')}>
            {links(footerPages)}
          </nav>
        ) : null}
        <LocalizedLink to="/embed/">{t('footer.embed')}</LocalizedLink>
        <span>© {siteName}</span>
      </StaticRegion>
      <CookieBanner text={settings?.cookieBannerText} />
    </>
  )
}
