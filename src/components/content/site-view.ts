import type { IGatsbyImageData } from 'gatsby-plugin-image'
import type { SiteHosts } from '../../lib/content/site-paths'
import type {
  ContentImage,
  ProductTranslation,
  SiteSettings,
  Translation,
} from '../../lib/content/types'
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../lib/locale/locales'

/**
 * What the content views are given, whether the build's GraphQL layer or the preview API
 * supplied it: the items in the API's own shape, images optionally processed by the build.
 */
export interface SiteView {
  locale: Locale
  defaultLocale: Locale
  hosts: SiteHosts
}

export type SiteImage = ContentImage & {
  localFile?: { childImageSharp?: { gatsbyImageData: IGatsbyImageData } | null } | null
}

/** A listing's cards query only the title and excerpt; an item's own page queries all fields. */
export type TextFields = Pick<Translation, 'locale' | 'title'> & Partial<Translation>

export interface Translated {
  id: string
  slug: string
  translations: readonly TextFields[]
}

export interface PostSummary extends Translated {
  authorId: string
  publishedAt: string | null
  coverImage: SiteImage | null
}

export interface AuthorSummary extends Translated {
  name: string
  avatar: SiteImage | null
}

/**
 * A product's page queries its pick-up text too: nullable in the site's schema, whose translation
 * type every kind shares.
 */
export type ProductText = TextFields & { pickUpText?: ProductTranslation['pickUpText'] | null }

export interface ProductSummary extends Translated {
  translations: readonly ProductText[]
  price: { amount: number; currency: string }
  images: readonly SiteImage[]
}

/**
 * The level of a card's heading in a list: one below the heading the list sits under, so a screen
 * reader's outline never skips a level (the h1 of a listing, the h2 of a page's section).
 */
export type CardHeadingLevel = 2 | 3

export interface Pagination {
  pageNumber: number
  pageTotal: number
  /** The listing's first page, without locale. */
  listingPath: string
}

/** The site-wide data every content page queries (`...SiteChrome`), or a preview's bundle gives. */
export interface SiteChrome {
  site: { siteMetadata: { siteUrl: string } } | null
  contentSite: Pick<
    SiteSettings,
    'defaultLocale' | 'languages' | 'rootPagePath' | 'translations'
  > | null
  blogHost: { path: string } | null
  storeHost: { path: string } | null
}

export function siteViewOf(chrome: SiteChrome, language: string): SiteView {
  const defaultLocale = chrome.contentSite?.defaultLocale
  return {
    locale: isLocale(language) ? language : DEFAULT_LOCALE,
    defaultLocale: defaultLocale && isLocale(defaultLocale) ? defaultLocale : DEFAULT_LOCALE,
    hosts: {
      blogPath: chrome.blogHost?.path ?? 'blog',
      storePath: chrome.storeHost?.path ?? 'store',
    },
  }
}
