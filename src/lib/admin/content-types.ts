import type { ContentItem, ContentKind, ContentStatus } from '../content/types'
import type { Locale } from '../locale/locales'

/**
 * An item as the content studio (`/api/admin/content`) answers it: with the version its next
 * save starts from (a save from an older one is refused, 409 `version_conflict`), who saved it
 * last (an account's e-mail, "token", or null for the demo's own content) and when it is
 * scheduled to be published.
 */
export type StudioItem<Item extends ContentItem = ContentItem> = Item & {
  version: number
  updatedBy: string | null
  /** A draft scheduled to be published then (an ISO instant); null when it is not. */
  publishAt: string | null
  /** When a draft the site showed before was taken off it (an ISO instant); null otherwise. */
  unpublishedAt: string | null
  /**
   * A published item's saves the site does not show yet: the item as given holds them, the site
   * what was last published, until it is published again (or they are discarded).
   */
  pendingChanges?: true
}

/**
 * The studio's list of a kind (`GET /api/admin/content/{kind}`): with `limit`, a page of it, newest
 * change first; without, every item of the kind in its order.
 */
export interface StudioPage<Item extends ContentItem = ContentItem> {
  items: StudioItem<Item>[]
  /** Pass as `cursor` for the next page; null on the last, and without `limit`. */
  nextCursor: string | null
}

/** One save of an item, as its history lists it (`/api/admin/content/{kind}/{id}/revisions`). */
export interface RevisionSummary {
  version: number
  savedAt: string
  /** An account's e-mail, "token", or null for the demo's own content. */
  savedBy: string | null
  /** The item's status once saved: publishing and unpublishing are saves too. */
  status: ContentStatus
}

/**
 * A revision with the item as it then stood; each image's `url` holds its media name, as a
 * restore names it again.
 */
export interface ContentItemRevision extends RevisionSummary {
  item: ContentItem
}

/**
 * The statuses the studio tells apart: a scheduled item is a draft with a time to be published,
 * an unpublished one a draft the site showed before and no longer does. The list's `status`
 * filter says the same in SQL (server/content/studio-list.ts).
 */
export const STUDIO_STATUSES = ['draft', 'scheduled', 'published', 'unpublished'] as const
export type StudioStatus = (typeof STUDIO_STATUSES)[number]

export function studioStatusOf(item: StudioItem): StudioStatus {
  if (item.status === 'published') return 'published'
  if (item.publishAt) return 'scheduled'
  return item.unpublishedAt ? 'unpublished' : 'draft'
}

/**
 * Where an image of the media library is shown: an item's cover, avatar, images or body, or the
 * site settings' logo (kind `site`, id and title `logo`).
 */
export interface MediaUse {
  kind: ContentKind | 'site'
  id: string
  /** The item's name as the studio lists it (an author's name, else its English title). */
  title: string
}

/** An image of the media library (`GET /api/admin/content/media`). */
export interface MediaItem {
  name: string
  /** Its address on this site (`/api/content/media/{name}`), as bodies refer to it. */
  path: string
  contentType: string
  width: number
  height: number
  /** Stored size in bytes, after processing on upload. */
  size: number
  updatedAt: string
  /** Its alt text in each language given. */
  alt: Partial<Record<Locale, string>>
  usedBy: MediaUse[]
}
