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
    // The icons and manifest are files of static/ (the business replaces them with its own).
    <link key="icon-svg" rel="icon" href="/favicon.svg" type="image/svg+xml" />,
    <link key="icon-png" rel="icon" href="/favicon-32.png" sizes="32x32" type="image/png" />,
    <link key="apple-touch-icon" rel="apple-touch-icon" href="/apple-touch-icon.png" />,
    <link key="manifest" rel="manifest" href="/site.webmanifest" />,
    <meta key="theme-color" name="theme-color" content="#0f6b6e" />,
  ])
}
