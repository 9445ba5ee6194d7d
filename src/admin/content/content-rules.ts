import {
  authorPath,
  categoryPaths,
  collectionPaths,
  pagePath,
  postPaths,
  productPaths,
  tagPath,
  type SiteHosts,
} from '../../lib/content/site-paths'
import type { ContentItem, ContentKind, Page } from '../../lib/content/types'
import { LOCALES, localizedPath, type Locale } from '../../lib/locale/locales'

/** The pages that host the blog and the store, as the site's routes hang under them. */
export function hostsOf(pages: Page[]): SiteHosts {
  return {
    blogPath: pages.find((page) => page.hostsBlog)?.path ?? 'blog',
    storePath: pages.find((page) => page.hostsStore)?.path ?? 'store',
  }
}

/** Where the site shows an item (its canonical path, without a locale). */
export function sitePathOf(kind: ContentKind, item: ContentItem, hosts: SiteHosts): string {
  switch (kind) {
    case 'pages':
      return pagePath((item as Page).path)
    case 'posts':
      return postPaths(hosts, item.slug, [])[0]!
    case 'categories':
      return categoryPaths(hosts, item.slug)[0]!
    case 'authors':
      return authorPath(hosts, item.slug)
    case 'tags':
      return tagPath(hosts, item.slug)
    case 'products':
      return productPaths(hosts, item.id)[0]!
    case 'collections':
      return collectionPaths(hosts, item.slug)[0]!
  }
}

/** The site's preview of that path in `locale`: drafts as the site will show them. */
export const previewUrl = (locale: Locale, path: string, token: string) =>
  `${localizedPath(locale, `/v2/preview${path}`)}?token=${encodeURIComponent(token)}`

/** The languages an item has no translation in (the site shows its fallback there). */
export const missingLocales = (item: ContentItem): Locale[] =>
  LOCALES.filter((locale) => !item.translations.some((each) => each.locale === locale))

/** Its title in `locale`, else in English, else its slug: what a list names it by. */
export function titleOf(item: ContentItem, locale: string): string {
  // An author's name is not translated (their translations' title is their role).
  if ('name' in item && typeof item.name === 'string') return item.name
  const translation =
    item.translations.find((each) => each.locale === locale) ??
    item.translations.find((each) => each.locale === 'en')
  return translation?.title || item.slug
}
