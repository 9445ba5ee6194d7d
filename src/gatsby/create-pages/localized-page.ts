import { messageLanguagesOf } from '../../lib/locale/fallbacks'
import { DEFAULT_LOCALE, LOCALES, localizedPath, type Locale } from '../../lib/locale/locales'

/** What every content page's context holds besides its ids. */
export interface ContentPageContext {
  /** The path of this item every alternative path declares as canonical, without locale. */
  canonicalPath: string
  [key: string]: unknown
}

/**
 * A page in one locale, with the context gatsby-plugin-react-i18next would have given it: the
 * plugin skips pages that carry `i18n`, so it neither copies nor re-prefixes ours.
 */
export function localizedPage<Context extends Record<string, unknown>>(
  locale: Locale,
  originalPath: string,
  component: string,
  context: Context,
) {
  const path = localizedPath(locale, originalPath)
  return {
    path,
    component,
    context: {
      ...context,
      language: locale,
      messageLanguages: messageLanguagesOf(locale),
      i18n: {
        language: locale,
        languages: [...LOCALES],
        defaultLanguage: DEFAULT_LOCALE,
        generateDefaultLanguagePage: true,
        routed: true,
        originalPath,
        path,
      },
    },
  }
}
