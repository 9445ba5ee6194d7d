import { isCrossOriginFrame, serializeLocaleCookie } from './cookie'
import type { Locale } from './locales'

/** Stores the visitor's locale in the browser, in a cookie that also works inside an iframe. */
export function rememberLocale(locale: Locale): void {
  document.cookie = serializeLocaleCookie(locale, { crossOriginFrame: isCrossOriginFrame(window) })
}
