import { navigate } from 'gatsby'
import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useId, useSyncExternalStore } from 'react'
import { rememberLocale } from '../lib/locale/browser-locale'
import {
  isLocale,
  languageTagOf,
  LOCALE_NAMES,
  LOCALES,
  localizedPath,
  type Locale,
} from '../lib/locale/locales'
import { usePageLocale } from './use-page-locale'

const neverChanges = () => () => undefined
const isClient = () => true
const isServer = () => false

/**
 * Switches the page to another language and stays on the same page (its twin under the other
 * locale prefix, with the same query); the choice is remembered in the locale cookie. The site
 * lists the languages it is offered in; the widget and the dashboard all eleven.
 */
export function LanguageSwitcher({
  className,
  locales = LOCALES,
}: {
  className?: string
  locales?: readonly Locale[]
}) {
  const { t } = useTranslation()
  const id = useId()
  // Until React has hydrated the page, changing the select would do nothing: it is disabled in
  // the server's HTML (the server snapshot) and enabled once React owns the page.
  const ready = useSyncExternalStore(neverChanges, isClient, isServer)
  const current = usePageLocale()
  const switchTo = (locale: string) => {
    if (!isLocale(locale) || locale === current) return
    rememberLocale(locale)
    const { pathname, search, hash } = window.location
    void navigate(`${localizedPath(locale, pathname)}${search}${hash}`)
  }
  return (
    <div className={['language-switcher', className].filter(Boolean).join(' ')}>
      <label htmlFor={id}>{t('language')}</label>
      <select
        id={id}
        value={current}
        disabled={!ready}
        onChange={(event) => switchTo(event.target.value)}
      >
        {locales.map((locale) => (
          <option key={locale} value={locale} lang={languageTagOf(locale)}>
            {LOCALE_NAMES[locale]}
          </option>
        ))}
      </select>
    </div>
  )
}
