import { DEFAULT_LOCALE, isLocale, localeOfPath, LOCALES, type Locale } from './locales'

/**
 * The first of the visitor's languages the site speaks (`offered`, else all eleven), in their
 * order of preference: each is matched by full tag first (`pt-BR` is pt-br), then by language
 * part alone (`de-AT` is de, `en-GB` en), so a visitor who prefers Austrian German gets German
 * before their second choice.
 */
export function matchBrowserLanguages(
  languages: readonly string[],
  offered: readonly Locale[] = LOCALES,
): Locale | undefined {
  const speaks = (tag: string): tag is Locale => isLocale(tag) && offered.includes(tag)
  for (const language of languages) {
    const tag = language.trim().toLowerCase()
    if (speaks(tag)) return tag
    const base = tag.split('-')[0] ?? ''
    if (speaks(base)) return base
  }
  return undefined
}

/**
 * Detection order of spec §4: stored cookie, browser languages, fallback, the default en-US;
 * each only if it is one of the `offered` languages (the site's own pages are built in those
 * only), the first offered one when none is.
 */
export function detectLocale({
  cookie,
  languages,
  fallback,
  offered = LOCALES,
}: {
  cookie?: string
  languages: readonly string[]
  fallback?: string
  offered?: readonly Locale[]
}): Locale {
  const speaks = (tag: string | undefined): tag is Locale =>
    tag !== undefined && isLocale(tag) && offered.includes(tag)
  if (speaks(cookie)) return cookie
  return (
    matchBrowserLanguages(languages, offered) ??
    [fallback, DEFAULT_LOCALE].find(speaks) ??
    offered[0] ??
    DEFAULT_LOCALE
  )
}

/** The languages of an Accept-Language header, most preferred first. */
export function parseAcceptLanguage(header: string | undefined): string[] {
  if (!header) return []
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';')
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
      const quality = q ? Number(q.slice(2)) : 1
      return { tag: tag.trim(), quality: Number.isFinite(quality) ? quality : 0, index }
    })
    .filter((entry) => entry.tag && entry.tag !== '*' && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map((entry) => entry.tag)
}

/** A path that names a file (`/app-123.js`, `/sitemap.xml`) rather than a page. */
const FILE_PATH = /\/[^/]+\.[a-z0-9]+$/i

/**
 * What the first access to a page decides: an unprefixed page path goes to the detected locale's
 * twin; without a stored choice, the locale the visitor ends up in is remembered.
 */
export function firstAccess({
  pathname,
  cookie,
  languages,
  fallback,
}: {
  pathname: string
  cookie: string | undefined
  languages: readonly string[]
  fallback?: string
}): { redirectTo?: Locale; remember?: Locale } {
  const stored = cookie && isLocale(cookie) ? cookie : undefined
  const prefix = localeOfPath(pathname)
  if (prefix) return stored ? {} : { remember: prefix }
  if (FILE_PATH.test(pathname) || pathname.startsWith('/api/')) return {}
  const locale = detectLocale({ cookie, languages, fallback })
  return stored ? { redirectTo: locale } : { redirectTo: locale, remember: locale }
}
