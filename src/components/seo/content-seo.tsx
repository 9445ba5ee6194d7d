import { getSrc } from 'gatsby-plugin-image'
import { localize } from '../../lib/content/localize'
import { DEFAULT_LOCALE, languageTagOf, LOCALES, localizedPath } from '../../lib/locale/locales'
import type { SiteChrome, SiteImage, SiteView } from '../content/site-view'
import { Seo } from './seo'

export function absoluteImageUrl(siteUrl: string, image: SiteImage): string {
  const processed = image.localFile?.childImageSharp?.gatsbyImageData
  const src = processed ? getSrc(processed) : undefined
  return src ? `${siteUrl}${src}` : image.url
}

/**
 * A content page's head: title and description, one canonical URL shared by all of the item's
 * paths, hreflang alternates for every locale, Open Graph, and JSON-LD when given.
 */
export function ContentSeo({
  chrome,
  site,
  canonicalPath,
  title,
  description,
  image,
  type = 'website',
  jsonLd,
  fallbackSiteName,
}: {
  chrome: SiteChrome
  site: SiteView
  canonicalPath: string
  title: string
  description: string
  image?: SiteImage | null
  type?: 'website' | 'article' | 'product'
  jsonLd?: Record<string, unknown>
  fallbackSiteName: string
}) {
  const siteUrl = chrome.site?.siteMetadata.siteUrl ?? ''
  const siteName = chrome.contentSite?.translations.length
    ? localize(chrome.contentSite.translations, site.locale, site.defaultLocale).siteName
    : fallbackSiteName
  const url = `${siteUrl}${localizedPath(site.locale, canonicalPath)}`
  const imageUrl = image ? absoluteImageUrl(siteUrl, image) : undefined
  return (
    <Seo title={`${title} | ${siteName}`} description={description}>
      <link rel="canonical" href={url} />
      {LOCALES.map((locale) => (
        <link
          key={locale}
          rel="alternate"
          hrefLang={languageTagOf(locale)}
          href={`${siteUrl}${localizedPath(locale, canonicalPath)}`}
        />
      ))}
      <link
        rel="alternate"
        hrefLang="x-default"
        href={`${siteUrl}${localizedPath(DEFAULT_LOCALE, canonicalPath)}`}
      />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      <meta property="og:type" content={type === 'product' ? 'product' : type} />
      <meta property="og:site_name" content={siteName} />
      <meta property="og:locale" content={languageTagOf(site.locale).replace('-', '_')} />
      {imageUrl ? <meta property="og:image" content={imageUrl} /> : null}
      {jsonLd ? (
        <script
          type="application/ld+json"
          // JSON-LD must not close the script element early: escape `<`.
          dangerouslySetInnerHTML={{ __html: JSON.stringify(jsonLd).replace(/</g, '\\u003c') }}
        />
      ) : null}
    </Seo>
  )
}
