import type { GatsbyNode } from 'gatsby'
import { LOCALES } from '../lib/locale/locales'

/**
 * gatsby-plugin-react-i18next 3.0.1 prefixes a localized page's matchPath twice
 * (`/de/de/widget/*`), so Gatsby's router would not find `/de/widget/...`. Returns the corrected
 * matchPath, or undefined when it is already right.
 */
export function correctedMatchPath(matchPath: string | undefined): string | undefined {
  if (!matchPath) return undefined
  const doubled = LOCALES.find((locale) => matchPath.startsWith(`/${locale}/${locale}/`))
  return doubled ? matchPath.slice(doubled.length + 1) : undefined
}

export const fixLocaleMatchPaths: GatsbyNode['onCreatePage'] = ({ page, actions }) => {
  const matchPath = correctedMatchPath(page.matchPath)
  if (!matchPath) return
  actions.deletePage(page)
  actions.createPage({ ...page, matchPath })
}
