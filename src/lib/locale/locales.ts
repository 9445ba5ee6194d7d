/** The eleven locale codes of the spec; `en` is US English, `pt-br` Brazilian Portuguese. */
export const LOCALES = [
  'da',
  'de',
  'en',
  'es',
  'fr',
  'hu',
  'it',
  'nl',
  'pl',
  'pt-br',
  'pt',
] as const

export type Locale = (typeof LOCALES)[number]

/** Each language's own name for itself, for the language switcher. */
export const LOCALE_NAMES: Record<Locale, string> = {
  da: 'Dansk',
  de: 'Deutsch',
  en: 'English (US)',
  es: 'Español',
  fr: 'Français',
  hu: 'Magyar',
  it: 'Italiano',
  nl: 'Nederlands',
  pl: 'Polski',
  'pt-br': 'Português (Brasil)',
  pt: 'Português (Portugal)',
}

export const DEFAULT_LOCALE: Locale = 'en'

export function isLocale(value: string): value is Locale {
  return (LOCALES as readonly string[]).includes(value)
}

/** The locale a path is prefixed with (`/de/blog/` is German), or undefined for unprefixed paths. */
export function localeOfPath(pathname: string): Locale | undefined {
  const first = pathname.split('/')[1] ?? ''
  return isLocale(first) ? first : undefined
}

/** The BCP 47 tag for `<html lang>` and `Intl`: the spec's en is US English, pt-br Brazil's. */
export function languageTagOf(locale: Locale): string {
  if (locale === 'en') return 'en-US'
  if (locale === 'pt-br') return 'pt-BR'
  return locale
}

/** Prefixes an app path with its locale: every site and widget path carries one (`/de/about/`). */
export function localizedPath(locale: Locale, path: string): string {
  const withoutLocale = localeOfPath(path) ? path.slice(path.indexOf('/', 1)) : path
  return `/${locale}${withoutLocale.startsWith('/') ? '' : '/'}${withoutLocale}`
}
