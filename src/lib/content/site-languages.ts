import { LOCALES, type Locale } from '../locale/locales'

/**
 * The languages the site is offered in, from its settings as the build or a preview got them, in
 * the order of LOCALES: those its pages are built in and its language picker, alternates and
 * sitemap name. All eleven when the settings name none (a site built before it could choose).
 */
export function offeredLocales(languages: readonly string[] | null | undefined): Locale[] {
  const offered = LOCALES.filter((locale) => languages?.includes(locale))
  return offered.length > 0 ? offered : [...LOCALES]
}

/**
 * The site's language picker's choices on a page in `current`: the offered languages, and the
 * page's own when it is not one of them (a 404 page or the embedding guide, which are built in all
 * eleven), so the picker says which language the page is in. None when that leaves one language:
 * there is nothing to pick.
 */
export function pickerLocales(offered: readonly Locale[], current: Locale): Locale[] {
  const choices = LOCALES.filter((locale) => offered.includes(locale) || locale === current)
  return choices.length > 1 ? choices : []
}
