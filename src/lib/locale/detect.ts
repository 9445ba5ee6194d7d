import { DEFAULT_LOCALE, isLocale, localeOfPath, type Locale } from './locales'

/**
 * The first of the visitor's languages the site speaks, in their order of preference: each is
 * matched by full tag first (`pt-BR` is pt-br), then by language part alone (`de-AT` is de,
 * `en-GB` en), so a visitor who prefers Austrian German gets German before their second choice.
 */
export function matchBrowserLanguages(languages: readonly string[]): Locale | undefined {
  for (const language of languages) {
    const tag = language.trim().toLowerCase()
    if (isLocale(tag)) return tag
    const base = tag.split('-')[0] ?? ''
    if (isLocale(base)) return base
  }
  return undefined
}

/** Detection order of spec §4: stored cookie, browser languages, fallback, the default en-US. */
export function detectLocale({
  cookie,
  languages,
  fallback,
}: {
  cookie?: string
  languages: readonly string[]
  fallback?: string
}): Locale {
  if (cookie && isLocale(cookie)) return cookie
  return (
    matchBrowserLanguages(languages) ?? (fallback && isLocale(fallback) ? fallback : DEFAULT_LOCALE)
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
