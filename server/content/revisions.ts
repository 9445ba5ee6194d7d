import type {
  ContentItemRevision,
  RevisionSummary,
  StudioItem,
} from '../../src/lib/admin/content-types'
import type { ContentImage, ContentItem, ContentKind } from '../../src/lib/content/types'
import type { Queryable } from '../db'
import { HttpError } from '../errors'
import { listItems } from './read'
import type { ImageInput } from './schemas'

/**
 * Content revisions (issue 31): each save leaves the item as it then stood, in the studio's shape
 * with each image's `url` holding its media name (so a restore can name it again), who saved it
 * and when.
 */

/**
 * The item as the studio sees it (its changes waiting to be published included), images by media
 * name, read inside the writing transaction.
 */
async function snapshot(db: Queryable, kind: ContentKind, id: string) {
  const [item] = await listItems(
    { db, publishedOnly: false, studio: true, pending: true, mediaUrl: (name) => name },
    kind,
    { ids: [id] },
  )
  return item as StudioItem | undefined
}

/** The item's content, with its version and who saved it, without what the studio adds to it. */
function contentOf(item: StudioItem) {
  const { publishAt: _publishAt, pendingChanges: _pending, ...content } = item
  return content
}

/** The item as it stands now in the studio, to save changes onto (pending.ts). */
export async function studioContent(
  db: Queryable,
  kind: ContentKind,
  id: string,
): Promise<ContentItem | undefined> {
  const found = await snapshot(db, kind, id)
  if (!found) return undefined
  const { version: _version, updatedBy: _updatedBy, ...item } = contentOf(found)
  return item
}

/**
 * Keeps the item as it stands now as the revision of its version, unless that one is kept
 * already: called before a save (so an item created, seeded or saved before revisions were kept
 * has its state before the save kept too) and after it.
 */
export async function keepRevision(db: Queryable, kind: ContentKind, id: string): Promise<void> {
  const { rows } = await db.query(
    `SELECT 1 FROM content_revisions r JOIN content_items i ON i.id = r.item_id
      WHERE r.item_id = $1 AND r.version = i.version`,
    [id],
  )
  if (rows.length > 0) return
  const item = await snapshot(db, kind, id)
  if (!item) return
  const { version, updatedBy, ...kept } = contentOf(item)
  await db.query(
    `INSERT INTO content_revisions (item_id, version, saved_at, saved_by, item)
     VALUES ($1, $2, $3, $4, $5)`,
    [id, version, new Date(item.updatedAt), updatedBy, JSON.stringify(kept)],
  )
}

/**
 * An item's revisions, newest first, without their content. The version it stands at now is
 * listed whether or not a save kept it yet (an item created and not saved since).
 */
export async function listRevisions(
  db: Queryable,
  kind: ContentKind,
  id: string,
): Promise<RevisionSummary[]> {
  const { rows } = await db.query<{
    version: number
    savedAt: Date
    savedBy: string | null
    status: string
  }>(
    `SELECT r.version, r.saved_at AS "savedAt", r.saved_by AS "savedBy", r.item->>'status' AS status
       FROM content_revisions r JOIN content_items i ON i.id = r.item_id
      WHERE r.item_id = $1 AND i.kind = $2
     UNION
     SELECT i.version, i.updated_at, i.updated_by, i.status
       FROM content_items i
      WHERE i.id = $1 AND i.kind = $2
        AND NOT EXISTS (SELECT 1 FROM content_revisions r
                         WHERE r.item_id = i.id AND r.version = i.version)
      ORDER BY version DESC`,
    [id, kind],
  )
  return rows.map((row) => ({
    version: row.version,
    savedAt: row.savedAt.toISOString(),
    savedBy: row.savedBy,
    status: row.status === 'published' ? 'published' : 'draft',
  }))
}

/** One revision with the item as it then stood; 404 when the item or the version is unknown. */
export async function findRevision(
  db: Queryable,
  kind: ContentKind,
  id: string,
  version: number,
): Promise<ContentItemRevision> {
  const { rows } = await db.query<{ savedAt: Date; savedBy: string | null; item: ContentItem }>(
    `SELECT r.saved_at AS "savedAt", r.saved_by AS "savedBy", r.item
       FROM content_revisions r JOIN content_items i ON i.id = r.item_id
      WHERE r.item_id = $1 AND i.kind = $2 AND r.version = $3`,
    [id, kind, version],
  )
  const row = rows[0] ?? (await current(db, kind, id, version))
  if (!row) throw new HttpError(404, 'Not Found', `No revision ${version} of this item.`)
  return {
    version,
    savedAt: row.savedAt.toISOString(),
    savedBy: row.savedBy,
    status: row.item.status,
    item: row.item,
  }
}

/** The item as it stands, when it stands at `version` (which no save kept yet). */
async function current(db: Queryable, kind: ContentKind, id: string, version: number) {
  const found = await snapshot(db, kind, id)
  if (found?.version !== version) return undefined
  const { version: _version, updatedBy, ...item } = contentOf(found)
  return { savedAt: new Date(found.updatedAt), savedBy: updatedBy, item }
}

const imageInput = (image: ContentImage | null): ImageInput | null =>
  image && { name: image.url, alt: image.alt }

/**
 * A revision's content as a save of every field the item has (not its status: a restore never
 * publishes), and the languages it was written in.
 */
export function restoredFields(item: ContentItem): Record<string, unknown> {
  const {
    id: _id,
    status: _status,
    createdAt: _createdAt,
    updatedAt: _updatedAt,
    publishedAt: _publishedAt,
    coverImage,
    avatar,
    images,
    ...fields
  } = item as ContentItem & {
    publishedAt?: unknown
    coverImage?: ContentImage | null
    avatar?: ContentImage | null
    images?: ContentImage[]
  }
  return {
    ...fields,
    // Kept before translations had a social image, a translation has none.
    translations: item.translations.map(({ socialImage, ...translation }) => ({
      ...translation,
      socialImage: imageInput(socialImage ?? null),
    })),
    ...(coverImage !== undefined && { coverImage: imageInput(coverImage) }),
    ...(avatar !== undefined && { avatar: imageInput(avatar) }),
    ...(images !== undefined && { images: images.map(imageInput) }),
  }
}
