import { localeOfPath } from '../locale/locales'
import type { ContentKind } from './types'

/**
 * The content site's route shapes (spec §2 "Site pages", "Preview variants"), the same shapes
 * site-paths.ts builds: the server and the 404 page tell an unknown slug under a known shape
 * ("Page Not Found: {fullPath}") from a path no shape matches ("Page not found: {path}"), and
 * the preview reads its target from the path.
 */

const P = '[^/]+'
const PAGED = '(?:/page/\\d+)?'
// `:path` is any one segment that is not itself a route keyword.
const SITE_SHAPES = [
  `${P}${PAGED}`,
  `${P}/b/${P}`,
  `b/${P}`,
  `post/${P}`,
  `${P}/c/${P}${PAGED}`,
  `c/${P}${PAGED}`,
  `${P}/c/${P}/b/${P}`,
  `c/${P}/b/${P}`,
  `${P}/category/${P}${PAGED}`,
  `${P}/author/${P}${PAGED}`,
  `${P}/tag/${P}${PAGED}`,
  `${P}/product/${P}`,
  `product/${P}`,
  `${P}/collections/${P}`,
  `collections/${P}`,
].map((shape) => new RegExp(`^/${shape}/?$`))

/**
 * The spec's payment verification routes (§2) stand at the site's root and under a preview, not
 * under `/widget`; their screens are the widget's, at the same path under `/widget`.
 */
const WIDGET_SHAPES_AT_ROOT = [
  /^\/verifyPayment\/?$/,
  /^\/verify-payment-callback\/?$/,
  /^\/v2\/preview\/[^/]+\/verify-payment-callback\/?$/,
]

/**
 * The widget path (no locale prefix) of a path (locale prefix allowed) that has one of the
 * widget's shapes at the root; undefined for any other path.
 */
export function widgetPathAtRoot(pathname: string): string | undefined {
  const path = withoutLocale(pathname)
  return WIDGET_SHAPES_AT_ROOT.some((shape) => shape.test(path)) ? `/widget${path}` : undefined
}

/** Whether a path (with or without its locale prefix) is the booking widget's, not the site's. */
export function isWidgetPath(pathname: string): boolean {
  const path = withoutLocale(pathname)
  return path === '/widget' || path.startsWith('/widget/')
}

/** Whether a path (with or without its locale prefix) has the shape of a site page. */
export function isSiteShape(pathname: string): boolean {
  const path = withoutLocale(pathname)
  if (path === '/' || isWidgetPath(path)) return false
  return SITE_SHAPES.some((shape) => shape.test(path)) || parsePreviewPath(path) !== undefined
}

function withoutLocale(pathname: string): string {
  const locale = localeOfPath(pathname)
  return locale ? pathname.slice(locale.length + 1) || '/' : pathname
}

/** What `/v2/preview/:id[/variant]` shows: the host page `:id`, or an item under it. */
export interface PreviewTarget {
  pageId: string
  kind: ContentKind
  /** The page's id, a product's id, or the slug of anything else. */
  key: string
}

/** Parses a preview path (locale prefix allowed); undefined when it has no preview shape. */
export function parsePreviewPath(pathname: string): PreviewTarget | undefined {
  const segments = withoutLocale(pathname).split('/').filter(Boolean)
  if (segments[0] !== 'v2' || segments[1] !== 'preview' || !segments[2]) return undefined
  const [pageId, ...rest] = segments.slice(2)
  const at = (kind: ContentKind, key: string | undefined) =>
    pageId && key ? { pageId, kind, key } : undefined
  const [first, second, third, fourth] = rest
  switch (rest.length) {
    case 0:
      return at('pages', pageId)
    case 2:
      switch (first) {
        case 'b':
        case 'post':
          return at('posts', second)
        case 'c':
        case 'category':
          return at('categories', second)
        case 'author':
          return at('authors', second)
        case 'tag':
          return at('tags', second)
        case 'product':
          return at('products', second)
        case 'collections':
          return at('collections', second)
      }
      return undefined
    case 4:
      return first === 'c' && third === 'b' ? at('posts', fourth) : undefined
    default:
      return undefined
  }
}

/**
 * A query string without its `token` parameters, each other parameter as it came: a preview's
 * token is a secret the page it opens must never show.
 */
function withoutToken(search: string): string {
  const kept = search
    .replace(/^\?/, '')
    .split('&')
    .filter((part) => part && !new URLSearchParams(part).has('token'))
  return kept.length ? `?${kept.join('&')}` : ''
}

/**
 * The 404 statusMessage for a site path (spec §8), `fullPath` with its query string less any
 * preview token.
 */
export function notFoundMessage(pathname: string, search = ''): string {
  return isSiteShape(pathname)
    ? `Page Not Found: ${pathname}${withoutToken(search)}`
    : `Page not found: ${pathname}`
}
