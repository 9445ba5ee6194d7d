import type { StudioStatus } from '../../src/lib/admin/content-types'
import type { ContentItems, ContentKind } from '../../src/lib/content/types'
import type { Queryable } from '../db'
import { encodeCursor, type Cursor } from '../page-cursor'
import { listItems, type ReadScope } from './read'

/** What the studio's list is asked for (schemas.ts `studioListSchema`, its cursor read). */
export interface StudioListQuery {
  /** A page of this many, newest change first; without it, every item in the kind's order. */
  limit?: number
  cursor?: Cursor<string>
  q?: string
  status?: StudioStatus
}

/**
 * The statuses the list tells apart, as `studioStatusOf` (which the dashboard shows them by) says:
 * a scheduled item is a draft with a time to be published, an unpublished one a draft taken off
 * the site; one with changes waiting is published.
 */
const STATUS_SQL: Record<StudioStatus, string> = {
  draft: `i.status = 'draft' AND i.publish_at IS NULL AND i.unpublished_at IS NULL`,
  scheduled: `i.status = 'draft' AND i.publish_at IS NOT NULL`,
  published: `i.status = 'published'`,
  unpublished: `i.status = 'draft' AND i.publish_at IS NULL AND i.unpublished_at IS NOT NULL`,
}

// What the list names an item by, as the studio shows it: a published item's waiting changes
// where it has them. Its slug, its title in every language, and an author's name.
const SHOWN_TEXTS = `
  SELECT COALESCE(p.item->>'slug', i.slug)
  UNION ALL SELECT COALESCE(p.item->>'name', a.name)
  UNION ALL SELECT t.title FROM content_translations t WHERE t.item_id = i.id AND p.item IS NULL
  UNION ALL SELECT e->>'title' FROM jsonb_array_elements(p.item->'translations') e`

/**
 * The ids the list shows: the items of `kind` its search and status leave, a page of them (after
 * the cursor, newest change first, ties by id in byte order) or all. The cursor holds the change
 * to the microsecond, as the rows are ordered by it.
 */
async function studioIds(
  db: Queryable,
  kind: ContentKind,
  { limit, cursor, q, status }: StudioListQuery,
): Promise<{ ids: string[]; next: Cursor<string> | null }> {
  const params: unknown[] = []
  const param = (value: unknown) => `$${params.push(value)}`
  const where = [`i.kind = ${param(kind)}`]
  if (status) where.push(STATUS_SQL[status])
  if (q) {
    // position(), not LIKE: what the editor types is text, never a pattern.
    where.push(
      `EXISTS (SELECT 1 FROM (${SHOWN_TEXTS}) shown (text)
                WHERE position(lower(${param(q)}) IN lower(shown.text)) > 0)`,
    )
  }
  if (cursor) {
    const at = `${param(cursor.at)}::timestamptz`
    where.push(
      `(i.updated_at < ${at} OR (i.updated_at = ${at} AND i.id COLLATE "C" < ${param(cursor.id)}))`,
    )
  }
  const { rows } = await db.query<{ id: string; at: string }>(
    `SELECT i.id, to_char(i.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at
       FROM content_items i
       LEFT JOIN content_pending p ON p.item_id = i.id
       LEFT JOIN authors a ON a.id = i.id
      WHERE ${where.join(' AND ')}
      ${limit === undefined ? '' : `ORDER BY i.updated_at DESC, i.id COLLATE "C" DESC LIMIT ${param(limit + 1)}`}`,
    params,
  )
  const shown = limit === undefined ? rows : rows.slice(0, limit)
  const last = shown.at(-1)
  return {
    ids: shown.map((row) => row.id),
    next: limit !== undefined && rows.length > limit && last ? last : null,
  }
}

/**
 * The studio's list of a kind (`GET /api/admin/content/{kind}`): a page of it, newest change
 * first, with the cursor of the next (null on the last); or, without `limit`, every item in the
 * kind's order, as the editor's choices and scripts read it.
 */
export async function studioList<K extends ContentKind>(
  scope: ReadScope,
  kind: K,
  query: StudioListQuery,
): Promise<{ items: ContentItems[K][]; nextCursor: string | null }> {
  const { ids, next } = await studioIds(scope.db, kind, query)
  const items = await listItems(scope, kind, { ids })
  if (query.limit !== undefined) {
    const order = new Map(ids.map((id, at) => [id, at]))
    items.sort((a, b) => order.get(a.id)! - order.get(b.id)!)
  }
  return { items, nextCursor: next && encodeCursor(next) }
}
