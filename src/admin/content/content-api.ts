import type { StudioItem } from '../../lib/admin/content-types'
import type { ContentItem, ContentKind } from '../../lib/content/types'
import type { AdminTransport } from '../session/session-api'

/** The content studio's calls (`/api/admin/content`), for owners, admins and editors. */
export const contentApi = ({ http, guarded }: AdminTransport) => ({
  /** Every item of `kind`, drafts too. */
  contentItems: <Item extends ContentItem = ContentItem>(kind: ContentKind) =>
    http
      .get<{ items: StudioItem<Item>[] }>(`/admin/content/${kind}`)
      .then((answer) => answer.items),
  publishContent: (kind: ContentKind, id: string) =>
    http.post<StudioItem>(`/admin/content/${kind}/${id}/publish`, {}, guarded()),
  unpublishContent: (kind: ContentKind, id: string) =>
    http.post<StudioItem>(`/admin/content/${kind}/${id}/unpublish`, {}, guarded()),
  /** A token that opens drafts in the site's preview pages for `ttlMinutes`. */
  previewToken: (ttlMinutes: number) =>
    http
      .post<{ token: string }>('/admin/content/preview-tokens', { ttlMinutes }, guarded())
      .then((answer) => answer.token),
})
