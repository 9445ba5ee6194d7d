import type { Locale } from './locales'

/** The cookie that remembers a visitor's locale (spec §9); `GATSBY_LOCALE_COOKIE` renames it. */
export const LOCALE_COOKIE = process.env.GATSBY_LOCALE_COOKIE || 'i18n_redirected'

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60

/** A cookie's value from a Cookie header or `document.cookie`. */
export function readCookie(cookies: string | undefined, name: string): string | undefined {
  for (const part of cookies?.split(';') ?? []) {
    const [key, ...value] = part.trim().split('=')
    if (key === name) {
      try {
        return decodeURIComponent(value.join('='))
      } catch {
        return undefined
      }
    }
  }
  return undefined
}

/**
 * The locale cookie: a year, the whole site, SameSite=Lax; inside a cross-origin iframe only
 * SameSite=None (which browsers accept only with Secure) lets the choice survive.
 */
export function serializeLocaleCookie(
  locale: Locale,
  { crossOriginFrame = false, name = LOCALE_COOKIE }: { crossOriginFrame?: boolean; name?: string },
): string {
  const sameSite = crossOriginFrame ? 'SameSite=None; Secure' : 'SameSite=Lax'
  return `${name}=${encodeURIComponent(locale)}; Max-Age=${ONE_YEAR_SECONDS}; Path=/; ${sameSite}`
}

/** Whether this window is a frame inside a page of another origin (an embedded widget). */
interface FrameWindow {
  top: { location: { origin: string } } | null
  self: unknown
  location: { origin: string }
}

export function isCrossOriginFrame(win: FrameWindow): boolean {
  if (!win.top || win.top === win.self) return false
  try {
    return win.top.location.origin !== win.location.origin
  } catch {
    // Reading another origin's location throws: that is the cross-origin case.
    return true
  }
}
