import type { Locale } from '../locale/locales'

/**
 * The content API's JSON, shared by the server that answers it, the build that sources it into
 * Gatsby's GraphQL layer, and the preview pages that fetch drafts at run time.
 *
 * Per-locale fields live in `translations`, one entry per locale that has a translation; the
 * default locale (`en`) always has one. `localize()` picks the visitor's locale and falls back.
 */
export type ContentStatus = 'draft' | 'published'

export type ContentKind =
  'pages' | 'posts' | 'categories' | 'authors' | 'tags' | 'products' | 'collections'

export const CONTENT_KINDS: readonly ContentKind[] = [
  'pages',
  'posts',
  'categories',
  'authors',
  'tags',
  'products',
  'collections',
]

/** Per-locale fields. `body` is sanitised HTML; the others are plain text ('' when unused). */
export interface Translation {
  locale: Locale
  title: string
  body: string
  excerpt: string
  seoTitle: string
  seoDescription: string
  /** Where the text is published first ('' for the item's own URL): see lib/content/canonical. */
  canonicalPath: string
  /** The image a link to this language's page shows when shared; null for the item's usual one. */
  socialImage: ContentImage | null
}

export interface ContentImage {
  /** Absolute URL the build downloads it from (`{API}/content/media/{name}`). */
  url: string
  alt: string
  width: number
  height: number
}

export interface ContentItem {
  /** Stable id: never changes, unlike the slug. */
  id: string
  slug: string
  status: ContentStatus
  createdAt: string
  updatedAt: string
  translations: Translation[]
}

export interface Page extends ContentItem {
  /** The `:path` segment of the site's routes (`about`, `journal`, `shop`). */
  path: string
  hostsBlog: boolean
  hostsStore: boolean
  /** Where the site links to the page: the header's navigation, the footer, or neither. */
  menu: PageMenu
}

export const PAGE_MENUS = ['header', 'footer', 'none'] as const
export type PageMenu = (typeof PAGE_MENUS)[number]

export interface Post extends ContentItem {
  authorId: string
  categoryIds: string[]
  tagIds: string[]
  coverImage: ContentImage | null
  /** ISO instant; null for a draft never published. */
  publishedAt: string | null
}

/** Categories and tags: `title` is the name, `body` an optional description. */
export type Category = ContentItem
export type Tag = ContentItem

/** An author's name is not translated; `title` is the role, `body` the biography. */
export interface Author extends ContentItem {
  name: string
  avatar: ContentImage | null
}

export interface Money {
  /** In minor units (cents). */
  amount: number
  /** ISO 4217. */
  currency: string
}

/** A product's per-locale fields: its text, and its own words on how to get it. */
export interface ProductTranslation extends Translation {
  /**
   * Plain text its page shows under "how to get it" in place of the site's usual sentence about
   * reserving and collecting at the clinic; '' for that sentence.
   */
  pickUpText: string
}

/** The longest pick-up text, in characters (the API's limit and the studio's field's). */
export const MAX_PICK_UP_TEXT_LENGTH = 500

export interface Product extends ContentItem {
  translations: ProductTranslation[]
  price: Money
  images: ContentImage[]
}

export interface Collection extends ContentItem {
  /** In display order. */
  productIds: string[]
}

export interface SiteTranslation {
  locale: Locale
  siteName: string
  cookieBannerText: string
}

export interface SiteSettings {
  defaultLocale: Locale
  /**
   * The languages the site is offered in, in the order of LOCALES, the default one among them:
   * its pages, language picker, alternates and sitemap have these only (the widget and the
   * dashboard, the product's own, speak all eleven).
   */
  languages: Locale[]
  /** The page `/` redirects to, by its `path`. */
  rootPagePath: string
  /** The booking provider's slug the site books for (header button, team, prices); '' for none. */
  bookingProvider: string
  /** Shown in the header in place of the site's name, which is its text for screen readers. */
  logo: ContentImage | null
  translations: SiteTranslation[]
}

/** `PUT /api/admin/content/site`: the settings, the logo named as the media library names it. */
export type SiteSettingsBody = Omit<SiteSettings, 'logo'> & {
  logo: { name: string; alt: string } | null
}

export interface ContentItems {
  pages: Page
  posts: Post
  categories: Category
  authors: Author
  tags: Tag
  products: Product
  collections: Collection
}

/** `GET /api/content/{kind}`: every published item of a kind. */
export interface ContentList<K extends ContentKind> {
  items: ContentItems[K][]
}

/**
 * `GET /api/content/preview/{kind}/{idOrSlug}?token=…`: the item whatever its status, with
 * everything its template shows (drafts included): a post's author, categories and tags; a
 * listing's posts with their authors; a collection's products; the store page's collections
 * and products. Each list holds the previewed item too when it is of that kind.
 */
export interface PreviewBundle<K extends ContentKind> {
  kind: K
  item: ContentItems[K]
  site: SiteSettings
  pages: Page[]
  posts: Post[]
  authors: Author[]
  categories: Category[]
  tags: Tag[]
  collections: Collection[]
  products: Product[]
}
