import { languageTagOf } from '../../lib/locale/locales'
import { usePageLocale } from '../use-page-locale'

/** The page's language as a BCP 47 tag for Intl (en is en-US, pt-br is pt-BR). */
export function useLanguageTag(): string {
  return languageTagOf(usePageLocale())
}
