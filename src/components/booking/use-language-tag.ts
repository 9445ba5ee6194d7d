import { useI18next } from 'gatsby-plugin-react-i18next'
import { DEFAULT_LOCALE, isLocale, languageTagOf } from '../../lib/locale/locales'

/** The page's language as a BCP 47 tag for Intl (en is en-US, pt-br is pt-BR). */
export function useLanguageTag(): string {
  const { language } = useI18next()
  return languageTagOf(isLocale(language) ? language : DEFAULT_LOCALE)
}
