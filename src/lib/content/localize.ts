import { DEFAULT_LOCALE, type Locale } from '../locale/locales'

export type Localized<T> = T & {
  /** True when the visitor's locale had no translation and another locale's is shown instead. */
  fallback: boolean
}

/**
 * The translation for `locale`, else the default locale's (which the API always sends), else the
 * first there is, so a half-translated site still shows every item.
 */
export function localize<T extends { locale: string }>(
  translations: readonly T[],
  locale: Locale,
  defaultLocale: Locale = DEFAULT_LOCALE,
): Localized<T> {
  const chosen =
    translations.find((t) => t.locale === locale) ??
    translations.find((t) => t.locale === defaultLocale) ??
    translations[0]
  if (!chosen) throw new Error('An item without any translation cannot be shown.')
  return { ...chosen, fallback: chosen.locale !== locale }
}

/**
 * Just the translations `localize` can choose for `locale`: a page in one language need not carry
 * every language's title and body in its data (on the demo's home page, 15 of its 18 KB).
 */
export function translationsFor<T extends { locale: string }>(
  translations: readonly T[],
  locale: string,
  defaultLocale: string = DEFAULT_LOCALE,
): T[] {
  const kept = translations.filter((t) => t.locale === locale || t.locale === defaultLocale)
  return kept.length > 0 || translations.length === 0 ? kept : [translations[0]!]
}
