import { DEFAULT_LOCALE, isLocale } from './locales'

/**
 * The languages whose messages a page in `language` needs: its own only. Every locale is complete
 * (the translations test holds it to that), so no page carries English messages it never shows;
 * an unknown language gets English.
 */
export function messageLanguagesOf(language: string): string[] {
  return [isLocale(language) ? language : DEFAULT_LOCALE]
}
