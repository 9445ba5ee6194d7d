import { canonicalUrl } from '../../lib/content/canonical'
import { localize, type Localized } from '../../lib/content/localize'
import { offeredLocales } from '../../lib/content/site-languages'
import { languageTagOf, localizedPath } from '../../lib/locale/locales'
import {
  siteViewOf,
  type SiteChrome,
  type SiteImage,
  type SiteView,
  type TextFields,
} from '../content/site-view'
import { headTranslator, type LocalesData } from './head-translations'
import { Seo } from './seo'

export function absoluteImageUrl(siteUrl: string, image: SiteImage): string {
  const processed = image.localFile?.childImageSharp?.gatsbyImageData
  // Read directly: gatsby-plugin-image's getSrc would bring its whole runtime into every page.
  const src = processed?.images.fallback?.src
  return src ? `${siteUrl}${src}` : image.url
}

/** What a template's JSON-LD is made from. */
export interface JsonLdContext {
  text: Localized<TextFields>
  site: SiteView
  siteUrl: string
  description: string
  /** The canonical URL of the page in its locale. */
  url: string
}

/**
 * A content page's head: title and description (the editor's SEO fields, else the title and
 * excerpt), one canonical URL shared by all of the item's paths (or the language's own canonical
 * address, where its text is published first), hreflang alternates for every language the site
 * is offered in whose text is not published first elsewhere (x-default its default one, where a
 * visitor none of whose languages it speaks lands), Open Graph with the language's image for sharing (else the item's own `image`), and
 * JSON-LD when given.
 */
export function ContentHead({
  data,
  pageContext,
  translations,
  name,
  image,
  type = 'website',
  jsonLd,
}: {
  data: SiteChrome & LocalesData
  pageContext: { language: string; canonicalPath: string }
  translations: readonly TextFields[]
  /** A name that is not translated (an author's), in place of the title. */
  name?: string
  image?: SiteImage | null
  type?: 'website' | 'article' | 'product'
  jsonLd?: (context: JsonLdContext) => Record<string, unknown>
}) {
  const site = siteViewOf(data, pageContext.language)
  const text = localize(translations, site.locale, site.defaultLocale)
  const title = text.seoTitle || name || text.title
  const description = text.seoDescription || text.excerpt || name || text.title
  const siteUrl = data.site?.siteMetadata.siteUrl ?? ''
  const siteName = data.contentSite?.translations.length
    ? localize(data.contentSite.translations, site.locale, site.defaultLocale).siteName
    : headTranslator(data, pageContext.language)('siteName')
  // A language's canonical address is its own: a page showing another language's text in its
  // place (a fallback) stays the canonical page of its language, as hreflang has it.
  const url =
    text.canonicalPath && !text.fallback
      ? canonicalUrl(siteUrl, text.canonicalPath)
      : `${siteUrl}${localizedPath(site.locale, pageContext.canonicalPath)}`
  const shared = text.socialImage ?? image
  const imageUrl = shared ? absoluteImageUrl(siteUrl, shared) : undefined
  const structured = jsonLd?.({ text, site, siteUrl, description, url })
  // hreflang names canonical pages only, as the sitemap does: a language whose text is published
  // first at another address is no alternate of this page.
  const elsewhere = new Set(
    translations.filter((each) => each.canonicalPath).map((each) => each.locale),
  )
  const alternates = offeredLocales(data.contentSite?.languages).filter(
    (locale) => !elsewhere.has(locale),
  )
  return (
    <Seo title={`${title} | ${siteName}`} description={description}>
      <link rel="canonical" href={url} />
      {alternates.map((locale) => (
        <link
          key={locale}
          rel="alternate"
          hrefLang={languageTagOf(locale)}
          href={`${siteUrl}${localizedPath(locale, pageContext.canonicalPath)}`}
        />
      ))}
      {alternates.includes(site.defaultLocale) ? (
        <link
          rel="alternate"
          hrefLang="x-default"
          href={`${siteUrl}${localizedPath(site.defaultLocale, pageContext.canonicalPath)}`}
        />
      ) : null}
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      <meta property="og:type" content={type} />
      <meta property="og:site_name" content={siteName} />
      <meta property="og:locale" content={languageTagOf(site.locale).replace('-', '_')} />
      {imageUrl ? <meta property="og:image" content={imageUrl} /> : null}
      {imageUrl && shared?.alt ? <meta property="og:image:alt" content={shared.alt} /> : null}
      {structured ? (
        <script
          type="application/ld+json"
          // JSON-LD must not close the script element early: escape `<`.
          dangerouslySetInnerHTML={{ __html: JSON.stringify(structured).replace(/</g, '\\u003c') }}
        />
      ) : null}
    </Seo>
  )
}
