import type { GatsbyNode } from 'gatsby'
import { messageLanguagesOf } from '../lib/locale/fallbacks'
import { LOCALES } from '../lib/locale/locales'

const NOT_FOUND_PAGE = /\/404(\.html|\/)?$/

/**
 * The matchPath a page should have, or undefined when its own is already right; null when it
 * should have none.
 *
 * - gatsby-plugin-react-i18next 3.0.1 prefixes a localized page's matchPath twice
 *   (`/de/de/widget/*`), so Gatsby's router would not find `/de/widget/...`.
 * - It also gives each locale's 404 page the catch-all `/{lng}/*`, which makes Gatsby list every
 *   static page of the locale ahead of it in the match-paths table inlined into app.js (67,000
 *   entries, 378 KB gzip, on a site of 1,000 posts). The server answers unknown paths with the
 *   404 page itself, so the catch-all buys nothing.
 */
export function correctedMatchPath(
  pagePath: string,
  matchPath: string | undefined,
): string | null | undefined {
  if (!matchPath) return undefined
  if (NOT_FOUND_PAGE.test(pagePath)) return null
  const doubled = LOCALES.find((locale) => matchPath.startsWith(`/${locale}/${locale}/`))
  return doubled ? matchPath.slice(doubled.length + 1) : undefined
}

/**
 * The languages of messages the page's query loads (`$messageLanguages`), for a page the i18n
 * plugin localized; undefined when it has them already or is not localized.
 */
export function missingMessageLanguages(
  context: Record<string, unknown> = {},
): string[] | undefined {
  if (typeof context.language !== 'string' || context.messageLanguages) return undefined
  return messageLanguagesOf(context.language)
}

export const fixLocalizedPages: GatsbyNode['onCreatePage'] = ({ page, actions }) => {
  const matchPath = correctedMatchPath(page.path, page.matchPath)
  const messageLanguages = missingMessageLanguages(page.context)
  if (matchPath === undefined && !messageLanguages) return
  actions.deletePage(page)
  const { matchPath: _dropped, ...rest } = page
  const context = messageLanguages ? { ...page.context, messageLanguages } : page.context
  const corrected = matchPath === undefined ? page.matchPath : matchPath
  actions.createPage(corrected ? { ...rest, context, matchPath: corrected } : { ...rest, context })
}
