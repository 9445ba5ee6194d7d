import type { GatsbySSR } from 'gatsby'
import { DEFAULT_LOCALE, languageTagOf, localeOfPath } from './src/lib/locale/locales'

export const onRenderBody: GatsbySSR['onRenderBody'] = ({ pathname, setHtmlAttributes }) => {
  setHtmlAttributes({ lang: languageTagOf(localeOfPath(pathname) ?? DEFAULT_LOCALE) })
}
