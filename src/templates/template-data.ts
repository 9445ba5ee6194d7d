import type { Pagination } from '../components/content/site-view'
import type { LocalesData } from '../components/seo/head-translations'
import type { SiteChrome } from '../components/content/site-view'

/** Every content template's data: the site chrome and the page's messages. */
export type TemplateData<Own> = Own & SiteChrome & LocalesData

export interface TemplateContext {
  language: string
  canonicalPath: string
  pageNumber?: number
  pageTotal?: number
  listingPath?: string
}

export function paginationOf(context: TemplateContext): Pagination | undefined {
  const { pageNumber, pageTotal, listingPath } = context
  return pageNumber && pageTotal && listingPath ? { pageNumber, pageTotal, listingPath } : undefined
}
