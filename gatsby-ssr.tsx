import type { GatsbySSR } from 'gatsby'
import { consentHeadScript } from './src/lib/consent/consent-cookie'
import { DEFAULT_LOCALE, languageTagOf, localeOfPath } from './src/lib/locale/locales'

export const onRenderBody: GatsbySSR['onRenderBody'] = ({
  pathname,
  setHtmlAttributes,
  setHeadComponents,
}) => {
  setHtmlAttributes({ lang: languageTagOf(localeOfPath(pathname) ?? DEFAULT_LOCALE) })
  setHeadComponents([
    <script key="cookie-consent" dangerouslySetInnerHTML={{ __html: consentHeadScript }} />,
  ])
}
