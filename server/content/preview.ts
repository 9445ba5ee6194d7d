import crypto from 'node:crypto'
import type { PreviewTarget } from '../../src/lib/content/site-routes'
import type { ContentKind, PreviewBundle } from '../../src/lib/content/types'
import type { Queryable } from '../db'
import { findItemId, listItems, loadSite, type ReadScope } from './read'
import { ID_PATTERN } from './schemas'

/** A preview shows a listing's newest posts only; enough to judge a draft by. */
export const PREVIEW_POST_LIMIT = 20

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest()

/** 256 random bits; only their hash is stored. Expired tokens are swept on the way. */
export async function createPreviewToken(
  db: Queryable,
  ttlMinutes: number,
  now: number,
): Promise<{ token: string; expiresAt: string }> {
  const token = crypto.randomBytes(32).toString('base64url')
  const expiresAt = new Date(now + ttlMinutes * 60_000)
  await db.query('DELETE FROM preview_tokens WHERE expires_at <= $1', [new Date(now)])
  await db.query('INSERT INTO preview_tokens (token_hash, expires_at) VALUES ($1, $2)', [
    hashToken(token),
    expiresAt,
  ])
  return { token, expiresAt: expiresAt.toISOString() }
}

export async function isPreviewTokenValid(
  db: Queryable,
  token: string,
  now: number,
): Promise<boolean> {
  if (!TOKEN_SHAPE.test(token)) return false
  const { rows } = await db.query(
    'SELECT 1 FROM preview_tokens WHERE token_hash = $1 AND expires_at > $2',
    [hashToken(token), new Date(now)],
  )
  return rows.length > 0
}

/**
 * Whether a preview page has something to show: a valid token and an item the path names (any
 * status). Checked before the page is served, so an unknown draft is a 404 like a wrong token.
 */
export async function canPreview(
  db: Queryable,
  { kind, key }: PreviewTarget,
  token: string,
  now: number,
): Promise<boolean> {
  return (
    (await isPreviewTokenValid(db, token, now)) &&
    // Anything else names nothing and never reaches a query, which NUL would break.
    ID_PATTERN.test(key) &&
    (await findItemId(db, kind, key)) !== undefined
  )
}

async function ids(db: Queryable, sql: string, id?: string): Promise<string[]> {
  return (await db.query<{ id: string }>(sql, id === undefined ? [] : [id])).rows.map(
    (row) => row.id,
  )
}

interface Shown {
  /** 'newest': the blog's newest posts. */
  posts: string[] | 'newest'
  collections: string[]
  products: string[]
}

/** Which posts, collections and products the previewed item's template shows. */
async function shownBy(db: Queryable, kind: ContentKind, id: string): Promise<Shown> {
  const nothing: Shown = { posts: [], collections: [], products: [] }
  switch (kind) {
    case 'posts':
      return { ...nothing, posts: [id] }
    case 'categories':
      return {
        ...nothing,
        posts: await ids(
          db,
          'SELECT post_id AS id FROM post_categories WHERE category_id = $1',
          id,
        ),
      }
    case 'tags':
      return {
        ...nothing,
        posts: await ids(db, 'SELECT post_id AS id FROM post_tags WHERE tag_id = $1', id),
      }
    case 'authors':
      return { ...nothing, posts: await ids(db, 'SELECT id FROM posts WHERE author_id = $1', id) }
    case 'products':
      return { ...nothing, products: [id] }
    case 'collections':
      return {
        ...nothing,
        collections: [id],
        products: await ids(
          db,
          'SELECT product_id AS id FROM collection_products WHERE collection_id = $1',
          id,
        ),
      }
    case 'pages': {
      const { rows } = await db.query<{ hostsBlog: boolean; hostsStore: boolean }>(
        'SELECT hosts_blog AS "hostsBlog", hosts_store AS "hostsStore" FROM pages WHERE id = $1',
        [id],
      )
      return {
        posts: rows[0]?.hostsBlog ? 'newest' : [],
        collections: rows[0]?.hostsStore ? await ids(db, 'SELECT id FROM collections') : [],
        products: rows[0]?.hostsStore ? await ids(db, 'SELECT id FROM products') : [],
      }
    }
  }
}

/**
 * The item whatever its status, with everything its template shows, drafts included. Each list
 * holds every item of its kind the template shows, the previewed item among them; `pages` holds
 * them all, for the blog's and the store's host paths.
 */
export async function previewBundle<K extends ContentKind>(
  scope: ReadScope,
  kind: K,
  idOrSlug: string,
): Promise<PreviewBundle<K> | undefined> {
  const id = await findItemId(scope.db, kind, idOrSlug)
  if (!id) return undefined
  const shown = await shownBy(scope.db, kind, id)
  const posts =
    shown.posts === 'newest' || shown.posts.length > 0
      ? await listItems(scope, 'posts', {
          ids: shown.posts === 'newest' ? undefined : shown.posts,
          limit: PREVIEW_POST_LIMIT,
        })
      : []
  const related = {
    authors: posts.map((post) => post.authorId),
    categories: posts.flatMap((post) => post.categoryIds),
    tags: posts.flatMap((post) => post.tagIds),
    collections: shown.collections,
    products: shown.products,
  }
  if (kind in related) related[kind as keyof typeof related].push(id)
  const load = <L extends keyof typeof related>(list: L) =>
    listItems(scope, list, { ids: [...new Set(related[list])] })
  const [items, site, pages, authors, categories, tags, collections, products] = await Promise.all([
    listItems(scope, kind, { ids: [id] }),
    loadSite(scope),
    listItems(scope, 'pages'),
    load('authors'),
    load('categories'),
    load('tags'),
    load('collections'),
    load('products'),
  ])
  const item = items[0]
  if (!item) return undefined
  return { kind, item, site, pages, posts, authors, categories, tags, collections, products }
}
