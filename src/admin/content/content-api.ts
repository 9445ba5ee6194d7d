import type {
  ContentItemRevision,
  MediaItem,
  RevisionSummary,
  StudioItem,
  StudioPage,
  StudioStatus,
} from '../../lib/admin/content-types'
import type {
  ContentItem,
  ContentKind,
  SiteSettings,
  SiteSettingsBody,
} from '../../lib/content/types'
import type { Locale } from '../../lib/locale/locales'
import type { ItemBody } from './item-form'
import type { AdminTransport } from '../session/session-api'

/** The items a page of the content screen's list holds. */
export const CONTENT_PAGE_SIZE = 50

/** The content studio's calls (`/api/admin/content`), for owners, admins and editors. */
export const contentApi = ({ http, guarded }: AdminTransport) => ({
  /** Every item of `kind`, drafts too, in the kind's order: what the editor chooses among. */
  contentItems: <Item extends ContentItem = ContentItem>(kind: ContentKind) =>
    http.get<StudioPage<Item>>(`/admin/content/${kind}`).then((answer) => answer.items),
  /**
   * The content screen's list: a page of `kind`'s items, newest change first (the next after
   * `cursor`), of those the search and the status leave.
   */
  contentPage: (
    kind: ContentKind,
    { q, status, cursor }: { q: string; status?: StudioStatus; cursor?: string },
  ) =>
    http.get<StudioPage>(`/admin/content/${kind}`, {
      params: { limit: CONTENT_PAGE_SIZE, cursor, q: q.trim() || undefined, status },
    }),
  /** A new item (a draft, so the live site does not change). */
  createContent: (kind: ContentKind, item: ItemBody) =>
    http.post<StudioItem>(`/admin/content/${kind}`, item, guarded()),
  /** Changes to an item, with the version they started from. */
  updateContent: (kind: ContentKind, id: string, changes: ItemBody) =>
    http.patch<StudioItem>(`/admin/content/${kind}/${id}`, changes, guarded()),
  /** The site's settings as published: its booking provider, for the body's booking links. */
  contentSite: () => http.get<SiteSettings>('/content/site'),
  /** The site's settings as stored, for the settings screen. */
  siteSettings: () => http.get<SiteSettings>('/admin/content/site'),
  saveSiteSettings: (site: SiteSettingsBody) =>
    http.put<SiteSettings>('/admin/content/site', site, guarded()),
  publishContent: (kind: ContentKind, id: string) =>
    http.post<StudioItem>(`/admin/content/${kind}/${id}/publish`, {}, guarded()),
  unpublishContent: (kind: ContentKind, id: string) =>
    http.post<StudioItem>(`/admin/content/${kind}/${id}/unpublish`, {}, guarded()),
  /** An item's saves, newest first. */
  contentRevisions: (kind: ContentKind, id: string) =>
    http
      .get<{ revisions: RevisionSummary[] }>(`/admin/content/${kind}/${id}/revisions`)
      .then((answer) => answer.revisions),
  /** One save, with the item as it then stood. */
  contentRevision: (kind: ContentKind, id: string, version: number) =>
    http.get<ContentItemRevision>(`/admin/content/${kind}/${id}/revisions/${version}`),
  /** Saves `revision`'s content again, from the item's `version` now. */
  restoreRevision: (kind: ContentKind, id: string, revision: number, version: number) =>
    http.post<StudioItem>(
      `/admin/content/${kind}/${id}/revisions/${revision}/restore`,
      { version },
      guarded(),
    ),
  /** Drops a published item's saved changes: it is shown as the site shows it again. */
  discardContent: (kind: ContentKind, id: string) =>
    http.post<StudioItem>(`/admin/content/${kind}/${id}/discard`, {}, guarded()),
  /** Publishes a draft at `at` (an ISO instant), by the server's job runner. */
  scheduleContent: (kind: ContentKind, id: string, at: string) =>
    http.post<StudioItem>(`/admin/content/${kind}/${id}/schedule`, { at }, guarded()),
  unscheduleContent: (kind: ContentKind, id: string) =>
    http.post<StudioItem>(`/admin/content/${kind}/${id}/unschedule`, {}, guarded()),
  /** The media library: every image, its alt texts and where it is shown. */
  mediaLibrary: () =>
    http.get<{ media: MediaItem[] }>('/admin/content/media').then((answer) => answer.media),
  /** Uploads `file` as `name`, replacing an image of that name. */
  uploadMedia: (name: string, file: Blob) =>
    http.put<{ name: string; width: number; height: number }>(
      `/admin/content/media/${encodeURIComponent(name)}`,
      file,
      guarded({ 'content-type': file.type }),
    ),
  setMediaAlt: (name: string, alt: Partial<Record<Locale, string>>) =>
    http.patch<MediaItem>(`/admin/content/media/${encodeURIComponent(name)}`, { alt }, guarded()),
  /** Refused (409, `media_in_use`) while a page, post or product shows the image, or the site's logo is it. */
  deleteMedia: (name: string) =>
    http.delete<void>(`/admin/content/media/${encodeURIComponent(name)}`, guarded()),
  /** A token that opens drafts in the site's preview pages for `ttlMinutes`. */
  previewToken: (ttlMinutes: number) =>
    http
      .post<{ token: string }>('/admin/content/preview-tokens', { ttlMinutes }, guarded())
      .then((answer) => answer.token),
})
