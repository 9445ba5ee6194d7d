import crypto from 'node:crypto'
import type { ContentItem, ContentKind, ContentStatus } from '../../src/lib/content/types'
import type { Queryable } from '../db'
import { lockedVersion } from '../db/versions'
import { enqueue } from '../jobs/store'
import { HttpError } from '../errors'
import { sanitizeHtml } from '../../src/lib/content/sanitize-body'
import { LOCALES } from '../../src/lib/locale/locales'
import { dropPending, findPending, savePending, withPatch } from './pending'
import { findRevision, keepRevision, restoredFields, studioContent } from './revisions'
import type { ItemInputs, ItemPatch, SiteInput, TranslationInput } from './schemas'

const NOUNS: Record<ContentKind, string> = {
  pages: 'page',
  posts: 'post',
  categories: 'category',
  authors: 'author',
  tags: 'tag',
  products: 'product',
  collections: 'collection',
}

// Validation keeps each kind to its own fields, so one type can carry any kind's.
type AnyInput = Partial<
  ItemInputs['pages'] &
    ItemInputs['posts'] &
    ItemInputs['authors'] &
    ItemInputs['products'] &
    ItemInputs['collections']
>

interface PgError {
  code?: string
  constraint?: string
  detail?: string
}

const UNIQUE_MESSAGES: Record<string, (kind: ContentKind) => string> = {
  content_items_pkey: () => 'An item with this id already exists.',
  content_items_kind_slug_key: (kind) => `A ${NOUNS[kind]} with this slug already exists.`,
  pages_path_key: () => 'A page with this path already exists.',
  pages_one_blog_host: () => 'Another page already hosts the blog.',
  pages_one_store_host: () => 'Another page already hosts the store.',
}

const REFERENCE_MESSAGES: Record<string, (value: string) => string> = {
  posts_author_fkey: (value) => `authorId "${value}" does not name an author.`,
  post_categories_category_fkey: (value) => `categoryIds: "${value}" does not name a category.`,
  post_tags_tag_fkey: (value) => `tagIds: "${value}" does not name a tag.`,
  collection_products_product_fkey: (value) => `productIds: "${value}" does not name a product.`,
  posts_cover_image_fkey: (value) => `No image named "${value}" has been uploaded.`,
  authors_avatar_fkey: (value) => `No image named "${value}" has been uploaded.`,
  product_images_media_fkey: (value) => `No image named "${value}" has been uploaded.`,
  content_translations_social_image_fkey: (value) => `No image named "${value}" has been uploaded.`,
  site_settings_root_page_fkey: (value) => `rootPagePath "${value}" does not name a page.`,
  site_settings_logo_fkey: (value) => `No image named "${value}" has been uploaded.`,
  site_settings_booking_provider_fkey: (value) =>
    `bookingProvider "${value}" does not name a booking provider.`,
}

/** The database's refusals, in words an editor can act on. */
export function mapContentDbError(error: unknown, kind: ContentKind): never {
  const {
    code,
    constraint = '',
    detail = '',
  } = typeof error === 'object' && error !== null ? (error as PgError) : {}
  const unique = UNIQUE_MESSAGES[constraint]
  if (code === '23505' && unique) throw new HttpError(409, 'Conflict', unique(kind))
  const reference = REFERENCE_MESSAGES[constraint]
  if (code === '23503' && reference) {
    const value = /\)=\((.*)\) is not present/.exec(detail)?.[1] ?? ''
    throw new HttpError(400, 'Bad Request', reference(value))
  }
  if (code === '23514') {
    throw new HttpError(400, 'Bad Request', `The ${NOUNS[kind]} breaks a rule (${constraint}).`)
  }
  throw error
}

/**
 * What a save may refer to, the tables' keys that hold it (a post's author, categories, tags and
 * cover, an author's photo, a collection's products, a product's images, a language's image for
 * sharing), and the constraint whose
 * words (REFERENCE_MESSAGES) say what is missing.
 */
const REFERENCES: {
  constraint: string
  table: 'authors' | 'categories' | 'tags' | 'products' | 'media'
  column: 'id' | 'name'
  named: (input: AnyInput) => (string | undefined)[]
}[] = [
  {
    constraint: 'posts_author_fkey',
    table: 'authors',
    column: 'id',
    named: (input) => [input.authorId],
  },
  {
    constraint: 'posts_cover_image_fkey',
    table: 'media',
    column: 'name',
    named: (input) => [input.coverImage?.name],
  },
  {
    constraint: 'authors_avatar_fkey',
    table: 'media',
    column: 'name',
    named: (input) => [input.avatar?.name],
  },
  {
    constraint: 'post_categories_category_fkey',
    table: 'categories',
    column: 'id',
    named: (input) => input.categoryIds ?? [],
  },
  {
    constraint: 'post_tags_tag_fkey',
    table: 'tags',
    column: 'id',
    named: (input) => input.tagIds ?? [],
  },
  {
    constraint: 'collection_products_product_fkey',
    table: 'products',
    column: 'id',
    named: (input) => input.productIds ?? [],
  },
  {
    constraint: 'product_images_media_fkey',
    table: 'media',
    column: 'name',
    named: (input) => (input.images ?? []).map((image) => image.name),
  },
  {
    constraint: 'content_translations_social_image_fkey',
    table: 'media',
    column: 'name',
    named: (input) => (input.translations ?? []).map((each) => each.socialImage?.name),
  },
]

/**
 * A save's references to nothing, refused (400) in the words the tables' refusal gets: the one
 * check of every save, a draft's (before its tables are written), a published item's waiting
 * changes (which no table holds until publishing) and their publishing (what they name may have
 * been deleted since). The tables' keys still guard a reference removed meanwhile.
 */
async function refuseMissing(db: Queryable, input: AnyInput) {
  for (const { constraint, table, column, named } of REFERENCES) {
    const values = named(input).filter((value) => value !== undefined)
    if (values.length === 0) continue
    const { rows } = await db.query<{ value: string }>(
      `SELECT v.value FROM unnest($1::text[]) WITH ORDINALITY AS v (value, n)
        WHERE NOT EXISTS (SELECT 1 FROM ${table} t WHERE t.${column} = v.value)
        ORDER BY v.n LIMIT 1`,
      [values],
    )
    if (rows[0]) {
      throw new HttpError(400, 'Bad Request', REFERENCE_MESSAGES[constraint]!(rows[0].value))
    }
  }
}

/** The kind table's columns for the fields present. */
function kindColumns(input: AnyInput): Record<string, unknown> {
  const columns: Record<string, unknown> = {}
  const set = (column: string, value: unknown) => {
    if (value !== undefined) columns[column] = value
  }
  set('path', input.path)
  set('hosts_blog', input.hostsBlog)
  set('hosts_store', input.hostsStore)
  set('menu', input.menu)
  set('author_id', input.authorId)
  set('published_at', input.publishedAt)
  set('name', input.name)
  if (input.coverImage !== undefined) {
    columns.cover_image_name = input.coverImage?.name ?? null
    columns.cover_image_alt = input.coverImage?.alt ?? ''
  }
  if (input.avatar !== undefined) {
    columns.avatar_name = input.avatar?.name ?? null
    columns.avatar_alt = input.avatar?.alt ?? ''
  }
  if (input.price !== undefined) {
    columns.price_cents = input.price.amount
    columns.currency = input.price.currency
  }
  return columns
}

const LINKS = {
  categoryIds: { table: 'post_categories', owner: 'post_id', target: 'category_id' },
  tagIds: { table: 'post_tags', owner: 'post_id', target: 'tag_id' },
  productIds: { table: 'collection_products', owner: 'collection_id', target: 'product_id' },
} as const

async function replaceRelated(db: Queryable, id: string, input: AnyInput) {
  for (const field of Object.keys(LINKS) as (keyof typeof LINKS)[]) {
    const ids = input[field]
    if (!ids) continue
    const { table, owner, target } = LINKS[field]
    await db.query(`DELETE FROM ${table} WHERE ${owner} = $1`, [id])
    await db.query(
      `INSERT INTO ${table} (${owner}, ${target}, position)
       SELECT $1, target, n FROM unnest($2::text[]) WITH ORDINALITY AS t(target, n)`,
      [id, ids],
    )
  }
  if (input.images) {
    await db.query('DELETE FROM product_images WHERE product_id = $1', [id])
    await db.query(
      `INSERT INTO product_images (product_id, position, media_name, alt)
       SELECT $1, n, name, alt FROM unnest($2::text[], $3::text[]) WITH ORDINALITY AS t(name, alt, n)`,
      [id, input.images.map((image) => image.name), input.images.map((image) => image.alt ?? '')],
    )
  }
  for (const translation of input.translations ?? []) {
    await upsertTranslation(db, id, translation)
  }
}

async function upsertTranslation(db: Queryable, id: string, t: TranslationInput) {
  await db.query(
    `INSERT INTO content_translations
       (item_id, locale, title, body, excerpt, seo_title, seo_description, canonical_path,
        social_image_name, social_image_alt, pick_up_text)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
     ON CONFLICT (item_id, locale) DO UPDATE SET
       title = EXCLUDED.title, body = EXCLUDED.body, excerpt = EXCLUDED.excerpt,
       seo_title = EXCLUDED.seo_title, seo_description = EXCLUDED.seo_description,
       canonical_path = EXCLUDED.canonical_path, social_image_name = EXCLUDED.social_image_name,
       social_image_alt = EXCLUDED.social_image_alt, pick_up_text = EXCLUDED.pick_up_text`,
    [
      id,
      t.locale,
      t.title,
      sanitizeHtml(t.body ?? ''),
      t.excerpt ?? '',
      t.seoTitle ?? '',
      t.seoDescription ?? '',
      t.canonicalPath ?? '',
      t.socialImage?.name ?? null,
      t.socialImage?.alt ?? '',
      // A product's own; validation refuses it for other kinds, which keep ''.
      t.pickUpText ?? '',
    ],
  )
}

/**
 * A published post always has a date: the one given, else the moment it was first published
 * (later publications keep it).
 */
async function stampPublication(db: Queryable, kind: ContentKind, id: string, now: Date) {
  if (kind !== 'posts') return
  await db.query(
    `UPDATE posts p SET published_at = $2 FROM content_items i
      WHERE p.id = $1 AND i.id = p.id AND i.status = 'published' AND p.published_at IS NULL`,
    [id, now],
  )
}

/** Who saved (an account's e-mail, or "token"); null for the demo seed. */
type Actor = string | null

export async function createItem<K extends ContentKind>(
  db: Queryable,
  kind: K,
  input: ItemInputs[K],
  now: Date,
  actor: Actor = null,
): Promise<string> {
  const id = input.id ?? crypto.randomUUID()
  const columns = kindColumns(input)
  const names = Object.keys(columns)
  try {
    await db.query(
      `INSERT INTO content_items (id, kind, slug, status, created_at, updated_at, updated_by)
       VALUES ($1, $2, $3, $4, $5, $5, $6)`,
      [id, kind, input.slug, input.status, now, actor],
    )
    await refuseMissing(db, input)
    await db.query(
      `INSERT INTO ${kind} (id${names.map((name) => `, ${name}`).join('')})
       VALUES ($1${names.map((_, i) => `, $${i + 2}`).join('')})`,
      [id, ...Object.values(columns)],
    )
    await replaceRelated(db, id, input)
    await stampPublication(db, kind, id, now)
  } catch (error) {
    mapContentDbError(error, kind)
  }
  return id
}

/** The item's row, as `lockedVersion` checks a save's version on it. */
const itemRow = (kind: ContentKind, id: string) => ({
  table: 'content_items',
  where: 'id = $1 AND kind = $2',
  params: [id, kind],
  what: NOUNS[kind],
})

const notFound = (kind: ContentKind) => new HttpError(404, 'Not Found', `No such ${NOUNS[kind]}.`)

/**
 * Saves a patch of an item. A draft's goes to the tables at once; a published item's waits in
 * content_pending until it is published again, so a save never changes the live site.
 */
export async function updateItem<K extends ContentKind>(
  db: Queryable,
  kind: K,
  id: string,
  { version, ...patch }: ItemPatch<K> & { version?: number },
  now: Date,
  actor: Actor,
): Promise<void> {
  // A save from a version is checked on the locked row; one without (a script's) needs no lock.
  if (version !== undefined) {
    await lockedVersion(db, itemRow(kind, id), version)
  }
  const status = await statusOf(db, kind, id)
  await keepRevision(db, kind, id)
  if (status === 'published') {
    const current = await studioContent(db, kind, id)
    await refuseTaken(db, kind, id, patch)
    await refuseMissing(db, patch)
    await savePending(db, id, withPatch(kind, current!, patch))
    await countSave(db, kind, id, now, actor)
  } else {
    await writeTables(db, kind, id, patch as unknown as ItemPatch<K>, now, actor)
  }
  await keepRevision(db, kind, id)
}

async function statusOf(db: Queryable, kind: ContentKind, id: string): Promise<ContentStatus> {
  const { rows } = await db.query<{ status: ContentStatus }>(
    'SELECT status FROM content_items WHERE id = $1 AND kind = $2',
    [id, kind],
  )
  if (!rows[0]) throw notFound(kind)
  return rows[0].status
}

/** A save that changed no table the site reads: who and when, and the next version. */
async function countSave(db: Queryable, kind: ContentKind, id: string, now: Date, actor: Actor) {
  await db.query(
    `UPDATE content_items SET updated_at = $3, updated_by = $4, version = version + 1
      WHERE id = $1 AND kind = $2`,
    [id, kind, now, actor],
  )
}

/**
 * A waiting change's slug or path taken by another item (in the tables or in its own waiting
 * changes) is refused now, as the tables would refuse it at publishing.
 */
async function refuseTaken(db: Queryable, kind: ContentKind, id: string, patch: AnyInput) {
  if (patch.slug !== undefined) {
    const { rows } = await db.query(
      `SELECT 1 FROM content_items i LEFT JOIN content_pending p ON p.item_id = i.id
        WHERE i.kind = $1 AND i.id <> $2 AND $3 IN (i.slug, p.item->>'slug')`,
      [kind, id, patch.slug],
    )
    if (rows.length > 0)
      throw new HttpError(409, 'Conflict', UNIQUE_MESSAGES.content_items_kind_slug_key!(kind))
  }
  if (patch.path !== undefined) {
    const { rows } = await db.query(
      `SELECT 1 FROM pages g LEFT JOIN content_pending p ON p.item_id = g.id
        WHERE g.id <> $1 AND $2 IN (g.path, p.item->>'path')`,
      [id, patch.path],
    )
    if (rows.length > 0) throw new HttpError(409, 'Conflict', UNIQUE_MESSAGES.pages_path_key!(kind))
  }
}

/** Writes a patch to the tables the site is built from. */
async function writeTables<K extends ContentKind>(
  db: Queryable,
  kind: K,
  id: string,
  patch: ItemPatch<K>,
  now: Date,
  actor: Actor,
): Promise<void> {
  const columns = kindColumns(patch)
  const names = Object.keys(columns)
  try {
    const { affectedRows } = await db.query(
      `UPDATE content_items
          SET slug = COALESCE($3, slug), updated_at = $4, updated_by = $5, version = version + 1
        WHERE id = $1 AND kind = $2`,
      [id, kind, patch.slug ?? null, now, actor],
    )
    if (!affectedRows) throw notFound(kind)
    await refuseMissing(db, patch)
    if (names.length > 0) {
      await db.query(
        `UPDATE ${kind} SET ${names.map((name, i) => `${name} = $${i + 2}`).join(', ')}
          WHERE id = $1`,
        [id, ...Object.values(columns)],
      )
    }
    await replaceRelated(db, id, patch)
    await stampPublication(db, kind, id, now)
  } catch (error) {
    mapContentDbError(error, kind)
  }
}

/**
 * Puts `item`'s content in the tables: its slug, fields and translations, the languages it does
 * not have removed (a waiting change's, or a restored revision's); with `dated`, a post's date
 * too (a waiting change may set it; a restore never does).
 */
async function writeWhole(
  db: Queryable,
  kind: ContentKind,
  id: string,
  item: ContentItem,
  now: Date,
  actor: Actor,
  dated = false,
) {
  await db.query(
    'DELETE FROM content_translations WHERE item_id = $1 AND NOT (locale = ANY($2::text[]))',
    [id, item.translations.map((translation) => translation.locale)],
  )
  const { publishedAt } = item as { publishedAt?: string | null }
  const fields = {
    ...restoredFields(item),
    ...(dated && publishedAt !== undefined ? { publishedAt } : {}),
  }
  await writeTables(db, kind, id, fields as ItemPatch<typeof kind>, now, actor)
}

/**
 * Drops a published item's changes waiting to be published: the studio shows it as the site
 * does again. A save, counted and kept as a revision; without changes waiting, nothing happens.
 */
export async function discardPending(
  db: Queryable,
  kind: ContentKind,
  id: string,
  now: Date,
  actor: Actor,
): Promise<void> {
  await statusOf(db, kind, id)
  await keepRevision(db, kind, id)
  if (await dropPending(db, id)) {
    await countSave(db, kind, id, now, actor)
    await keepRevision(db, kind, id)
  }
}

/**
 * Saves revision `revision`'s content again (as a new revision): its slug, fields and
 * translations, the languages added since removed. The status stays: a restore never publishes
 * nor unpublishes.
 */
export async function restoreRevision(
  db: Queryable,
  kind: ContentKind,
  id: string,
  revision: number,
  startedFrom: number,
  now: Date,
  actor: Actor,
): Promise<void> {
  const { item } = await findRevision(db, kind, id, revision)
  await lockedVersion(db, itemRow(kind, id), startedFrom)
  const status = await statusOf(db, kind, id)
  // Kept before the languages added since go, so the version being replaced keeps them.
  await keepRevision(db, kind, id)
  if (status === 'published') {
    // Restored as any save of a published item is: waiting to be published.
    await refuseTaken(db, kind, id, restoredFields(item))
    await refuseMissing(db, restoredFields(item))
    await savePending(db, id, { ...item, status })
    await countSave(db, kind, id, now, actor)
  } else {
    await writeWhole(db, kind, id, item, now, actor)
  }
  await keepRevision(db, kind, id)
}

export async function setStatus(
  db: Queryable,
  kind: ContentKind,
  id: string,
  status: ContentStatus,
  now: Date,
  actor: Actor,
): Promise<void> {
  await statusOf(db, kind, id)
  await keepRevision(db, kind, id)
  // Its changes waiting to be published are what is published now (or, unpublished, the draft).
  const pending = await findPending(db, id)
  if (pending) {
    await writeWhole(db, kind, id, pending, now, actor, true)
    await dropPending(db, id)
  }
  // Published or unpublished by hand (or by its schedule), it is no longer scheduled; taken off
  // the site, it says since when (the studio's "unpublished").
  const { affectedRows } = await db.query(
    `UPDATE content_items
        SET status = $3, updated_at = $4, updated_by = $5, version = version + 1, publish_at = NULL,
            unpublished_at = CASE
              WHEN $3 = 'published' THEN NULL
              WHEN status = 'published' THEN $4
              ELSE unpublished_at
            END
      WHERE id = $1 AND kind = $2`,
    [id, kind, status, now, actor],
  )
  if (!affectedRows) throw notFound(kind)
  await stampPublication(db, kind, id, now)
  await keepRevision(db, kind, id)
}

/**
 * Schedules a draft to be published `at` (a job runs then), or with null unschedules it. It
 * changes no content, so no version: a later save or publish is not refused for it.
 */
export async function scheduleItem(
  db: Queryable,
  kind: ContentKind,
  id: string,
  at: Date | null,
  now: Date,
): Promise<void> {
  const { rows } = await db.query<{ status: ContentStatus }>(
    'SELECT status FROM content_items WHERE id = $1 AND kind = $2 FOR UPDATE',
    [id, kind],
  )
  if (!rows[0]) throw notFound(kind)
  if (at && rows[0].status === 'published') {
    throw new HttpError(409, 'Conflict', `The ${NOUNS[kind]} is published already.`)
  }
  if (at && at.getTime() <= now.getTime()) {
    throw new HttpError(400, 'Bad Request', 'Choose a time in the future.', {
      at: 'Choose a time in the future.',
    })
  }
  await db.query('UPDATE content_items SET publish_at = $2 WHERE id = $1', [id, at])
  if (at) {
    await enqueue(db, {
      type: 'content.publish',
      payload: { kind, id, at: at.toISOString() },
      runAt: at.getTime(),
      dedupeKey: `content.publish:${id}:${at.toISOString()}`,
    })
  }
}

/**
 * The scheduled publication of one item, as its job runs it: only if the item is still a draft
 * scheduled for `at` (not unscheduled, moved, or published by hand meanwhile), and not before.
 */
export async function publishScheduled(
  db: Queryable,
  { kind, id, at }: { kind: ContentKind; id: string; at: string },
  now: Date,
): Promise<void> {
  const { rows } = await db.query<{ status: ContentStatus; publishAt: Date | null }>(
    `SELECT status, publish_at AS "publishAt" FROM content_items
      WHERE id = $1 AND kind = $2 FOR UPDATE`,
    [id, kind],
  )
  const row = rows[0]
  if (!row || row.status !== 'draft' || row.publishAt?.getTime() !== Date.parse(at)) return
  if (row.publishAt.getTime() > now.getTime()) {
    throw new Error(`Scheduled for ${at}, run early at ${now.toISOString()}`)
  }
  await setStatus(db, kind, id, 'published', now, 'schedule')
}

export async function putSite(db: Queryable, site: SiteInput, now: Date): Promise<void> {
  try {
    await db.query(
      `UPDATE site_settings SET default_locale = $1, root_page_path = $2, booking_provider = $3,
              logo_name = $4, logo_alt = $5, languages = $6, updated_at = $7`,
      [
        site.defaultLocale,
        site.rootPagePath || null,
        site.bookingProvider || null,
        site.logo?.name ?? null,
        site.logo?.alt ?? '',
        // In one order whatever order they came in, so the site lists them alike.
        LOCALES.filter((locale) => site.languages.includes(locale)),
        now,
      ],
    )
    await db.query('DELETE FROM site_translations')
    for (const t of site.translations) {
      await db.query(
        `INSERT INTO site_translations (locale, site_name, cookie_banner_text)
         VALUES ($1, $2, $3)`,
        [t.locale, t.siteName, t.cookieBannerText],
      )
    }
  } catch (error) {
    mapContentDbError(error, 'pages')
  }
}
