import { DEFAULT_LOCALE, isLocale } from './locales'

/**
 * The spec lets some Hungarian and Polish wording fall back to English (§1). These keys, and only
 * these, may be missing from hu and pl; i18next then shows the English text (fallbackLng 'en').
 */
export const ALLOWED_ENGLISH_FALLBACKS: Record<'hu' | 'pl', string[]> = {
  hu: ['messages.maxSlots', 'messages.seatsLeft', 'widget.consent'],
  pl: ['messages.maxSlots', 'messages.seatsLeft', 'widget.consent'],
}

/**
 * The languages whose messages a page in `language` needs: its own, and English only where a key
 * may fall back to it. Every other locale is complete (the translations test holds it to that), so
 * its pages do not carry the 12 KB of English messages they would never show.
 */
export function messageLanguagesOf(language: string): string[] {
  if (!isLocale(language) || language === DEFAULT_LOCALE) return [DEFAULT_LOCALE]
  return language in ALLOWED_ENGLISH_FALLBACKS ? [language, DEFAULT_LOCALE] : [language]
}
