import type { ContentItem } from '../content/types'

/**
 * An item as the content studio (`/api/admin/content`) answers it: with the version its next
 * save starts from (a save from an older one is refused, 409 `version_conflict`) and who saved
 * it last (an account's e-mail, "token", or null for the demo's own content).
 */
export type StudioItem<Item extends ContentItem = ContentItem> = Item & {
  version: number
  updatedBy: string | null
}
