import { isCrossOriginFrame, serializeLocaleCookie } from './cookie'
import type { Locale } from './locales'

/**
 * `document.cookie`, or nothing where the browser refuses it (a sandboxed frame throws): the
 * locale then comes from the URL alone, which every widget URL carries.
 */
export function documentCookies(): string {
  try {
    return document.cookie
  } catch {
    return ''
  }
}

/** Stores the visitor's locale in the browser, in a cookie that also works inside an iframe. */
export function rememberLocale(locale: Locale): void {
  try {
    document.cookie = serializeLocaleCookie(locale, {
      crossOriginFrame: isCrossOriginFrame(window),
    })
  } catch {
    // A frame that may not keep cookies forgets the choice; the URL still holds the locale.
  }
}
