import { I18nextContext } from 'gatsby-plugin-react-i18next'
import { useContext } from 'react'
import { DEFAULT_LOCALE, isLocale, type Locale } from '../lib/locale/locales'

/**
 * The locale the page was built for (gatsby-plugin-react-i18next's page context). Read from its
 * context rather than useI18next, which would bring the plugin's Link and navigation helpers
 * into every page for this one field.
 */
export function usePageLocale(): Locale {
  const { language } = useContext(I18nextContext)
  return isLocale(language) ? language : DEFAULT_LOCALE
}
