import { useTranslation } from 'gatsby-plugin-react-i18next'
import type { ReactNode } from 'react'
import { renderResponsiveImages } from '../../lib/content/responsive-images'
import { languageTagOf } from '../../lib/locale/locales'
import { renderBackgroundImages } from '../../lib/visibility/background-images'
import type { SiteView } from './site-view'

/**
 * Wraps an item's text. When the visitor's locale has no translation the text is the default
 * locale's: its language is marked for screen readers and a note says so, in the page's language.
 */
export function LocalizedArticle({
  site,
  fallback,
  className,
  children,
}: {
  site: SiteView
  fallback: boolean
  className?: string
  children: ReactNode
}) {
  const { t } = useTranslation()
  return (
    <article className={className} lang={fallback ? languageTagOf(site.defaultLocale) : undefined}>
      {fallback ? (
        <p className="content-fallback" lang={languageTagOf(site.locale)}>
          {t('content.untranslated')}
        </p>
      ) : null}
      {children}
    </article>
  )
}

/**
 * Sanitised HTML from the content API (cleaned on write and on read by the server), with its
 * background images in the HTML, so they paint with the page, and its library images offered in
 * their narrower copies.
 */
export function RichText({ html }: { html: string }) {
  return (
    <div
      className="rich-text"
      dangerouslySetInnerHTML={{ __html: renderResponsiveImages(renderBackgroundImages(html)) }}
    />
  )
}
