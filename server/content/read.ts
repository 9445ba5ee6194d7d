import type {
  ContentImage,
  ContentItem,
  ContentItems,
  ContentKind,
  ContentStatus,
  ProductTranslation,
  SiteSettings,
  Translation,
} from '../../src/lib/content/types'
import { CONTENT_KINDS, type PageMenu } from '../../src/lib/content/types'
import { LOCALES, type Locale } from '../../src/lib/locale/locales'
import type { Queryable } from '../db'
import { sanitizeHtml } from '../../src/lib/content/sanitize-body'
import { withPendingChanges } from './pending'

export interface ReadScope {
  db: Queryable
  /** The public API's view: published items only, referring to published items only. */
  publishedOnly: boolean
  /** The absolute URL a media file is fetched from. */
  mediaUrl: (name: string) => string
  /**
   * The studio's view: each item with its version, who saved it last and when it is scheduled
   * to be published (StudioItem).
   */
  studio?: boolean
  /** The studio's and the preview's view: a published item's saved changes shown (pending.ts). */
  pending?: boolean
}

export const isContentKind = (value: string): value is ContentKind =>
  (CONTENT_KINDS as readonly string[]).includes(value)

/** Any kind's row: each kind's query fills in its own columns only. */
interface ItemRow {
  id: string
  slug: string
  status: ContentStatus
  createdAt: Date
  updatedAt: Date
  version: number
  updatedBy: string | null
  publishAt: Date | null
  unpublishedAt: Date | null
  path: string
  hostsBlog: boolean
  hostsStore: boolean
  menu: PageMenu
  authorId: string
  publishedAt: Date | null
  name: string
  imageName: string | null
  imageAlt: string
  imageWidth: number | null
  imageHeight: number | null
  priceCents: number
  currency: string
}

const SLUG_ORDER = 'i.slug COLLATE "C"'
const IMAGE_COLUMNS = `, m.name AS "imageName", m.width AS "imageWidth", m.height AS "imageHeight"`

/**
 * Each kind's own columns (and its translations' own, `t.`), and the order its lists come in;
 * byte order (COLLATE "C"), so PGlite and PostgreSQL under any locale agree.
 */
const KIND_SQL: Record<
  ContentKind,
  { columns: string; joins?: string; order: string; translationColumns?: string }
> = {
  pages: {
    columns: `, k.path, k.hosts_blog AS "hostsBlog", k.hosts_store AS "hostsStore", k.menu`,
    order: 'k.path COLLATE "C"',
  },
  posts: {
    columns: `, k.author_id AS "authorId", k.published_at AS "publishedAt",
              k.cover_image_alt AS "imageAlt"${IMAGE_COLUMNS}`,
    joins: 'LEFT JOIN media m ON m.name = k.cover_image_name',
    order: 'k.published_at DESC NULLS FIRST, i.created_at DESC, i.id COLLATE "C"',
  },
  categories: { columns: '', order: SLUG_ORDER },
  authors: {
    columns: `, k.name, k.avatar_alt AS "imageAlt"${IMAGE_COLUMNS}`,
    joins: 'LEFT JOIN media m ON m.name = k.avatar_name',
    order: SLUG_ORDER,
  },
  tags: { columns: '', order: SLUG_ORDER },
  products: {
    columns: `, k.price_cents AS "priceCents", k.currency`,
    order: SLUG_ORDER,
    translationColumns: `, t.pick_up_text AS "pickUpText"`,
  },
  collections: { columns: '', order: SLUG_ORDER },
}

// A published post whose author is a draft would point at nothing the site can show.
const PUBLIC_ONLY: Partial<Record<ContentKind, string>> = {
  posts: `EXISTS (SELECT 1 FROM content_items a WHERE a.id = k.author_id AND a.status = 'published')`,
}

interface Related {
  categoryIds: Map<string, string[]>
  tagIds: Map<string, string[]>
  productIds: Map<string, string[]>
  images: Map<string, ContentImage[]>
}

type ImageRow = Pick<ItemRow, 'imageName' | 'imageAlt' | 'imageWidth' | 'imageHeight'>

function imageOf(scope: ReadScope, row: ImageRow): ContentImage | null {
  if (!row.imageName) return null
  return {
    url: scope.mediaUrl(row.imageName),
    alt: row.imageAlt,
    width: row.imageWidth ?? 0,
    height: row.imageHeight ?? 0,
  }
}

const ASSEMBLE: {
  [K in ContentKind]: (
    scope: ReadScope,
    row: ItemRow,
    item: ContentItem,
    related: Related,
  ) => ContentItems[K]
} = {
  pages: (_scope, row, item) => ({
    ...item,
    path: row.path,
    hostsBlog: row.hostsBlog,
    hostsStore: row.hostsStore,
    menu: row.menu,
  }),
  posts: (scope, row, item, related) => ({
    ...item,
    authorId: row.authorId,
    categoryIds: related.categoryIds.get(row.id) ?? [],
    tagIds: related.tagIds.get(row.id) ?? [],
    coverImage: imageOf(scope, row),
    publishedAt: row.publishedAt?.toISOString() ?? null,
  }),
  categories: (_scope, _row, item) => item,
  authors: (scope, row, item) => ({ ...item, name: row.name, avatar: imageOf(scope, row) }),
  tags: (_scope, _row, item) => item,
  products: (_scope, row, item, related) => ({
    ...item,
    // Read with the kind's translation columns (KIND_SQL).
    translations: item.translations as ProductTranslation[],
    price: { amount: row.priceCents, currency: row.currency },
    images: related.images.get(row.id) ?? [],
  }),
  collections: (_scope, row, item, related) => ({
    ...item,
    productIds: related.productIds.get(row.id) ?? [],
  }),
}

function groupBy<T, V>(rows: T[], key: (row: T) => string, value: (row: T) => V) {
  const groups = new Map<string, V[]>()
  for (const row of rows) {
    const list = groups.get(key(row))
    if (list) list.push(value(row))
    else groups.set(key(row), [value(row)])
  }
  return groups
}

type TranslationRow = Omit<Translation, 'socialImage'> & {
  itemId: string
  imageName: string | null
  imageAlt: string
  imageWidth: number | null
  imageHeight: number | null
}

async function loadTranslations(scope: ReadScope, ids: string[], kindColumns = '') {
  const { rows } = await scope.db.query<TranslationRow>(
    `SELECT t.item_id AS "itemId", t.locale, t.title, t.body, t.excerpt,
            t.seo_title AS "seoTitle", t.seo_description AS "seoDescription",
            t.canonical_path AS "canonicalPath", t.social_image_alt AS "imageAlt"${IMAGE_COLUMNS}
            ${kindColumns}
       FROM content_translations t LEFT JOIN media m ON m.name = t.social_image_name
      WHERE t.item_id = ANY($1::text[])
      ORDER BY t.item_id, t.locale COLLATE "C"`,
    [ids],
  )
  return groupBy(
    rows,
    (row) => row.itemId,
    ({ itemId, imageName, imageAlt, imageWidth, imageHeight, ...translation }): Translation => ({
      ...translation,
      body: sanitizeHtml(translation.body),
      socialImage: imageOf(scope, { imageName, imageAlt, imageWidth, imageHeight }),
    }),
  )
}

/** The ids an item refers to through a join table, in the editor's order. */
async function loadLinks(
  scope: ReadScope,
  link: { table: string; owner: string; target: string },
  ids: string[],
): Promise<Map<string, string[]>> {
  const { rows } = await scope.db.query<{ owner: string; target: string }>(
    `SELECT l.${link.owner} AS owner, l.${link.target} AS target
       FROM ${link.table} l JOIN content_items t ON t.id = l.${link.target}
      WHERE l.${link.owner} = ANY($1::text[]) AND (NOT $2 OR t.status = 'published')
      ORDER BY l.${link.owner}, l.position`,
    [ids, scope.publishedOnly],
  )
  return groupBy(
    rows,
    (row) => row.owner,
    (row) => row.target,
  )
}

async function loadProductImages(scope: ReadScope, ids: string[]) {
  const { rows } = await scope.db.query<{
    productId: string
    name: string
    alt: string
    width: number
    height: number
  }>(
    `SELECT p.product_id AS "productId", m.name, p.alt, m.width, m.height
       FROM product_images p JOIN media m ON m.name = p.media_name
      WHERE p.product_id = ANY($1::text[]) ORDER BY p.product_id, p.position`,
    [ids],
  )
  return groupBy(
    rows,
    (row) => row.productId,
    ({ name, alt, width, height }): ContentImage => ({
      url: scope.mediaUrl(name),
      alt,
      width,
      height,
    }),
  )
}

const none = new Map<string, never[]>()

/** Items of one kind in the kind's order: all of them, or those with the given ids. */
export async function listItems<K extends ContentKind>(
  scope: ReadScope,
  kind: K,
  filter: { ids?: string[]; limit?: number } = {},
): Promise<ContentItems[K][]> {
  const sql = KIND_SQL[kind]
  const conditions = ['i.kind = $1']
  const params: unknown[] = [kind]
  if (scope.publishedOnly) {
    conditions.push(`i.status = 'published'`)
    if (PUBLIC_ONLY[kind]) conditions.push(PUBLIC_ONLY[kind])
  }
  if (filter.ids) {
    params.push(filter.ids)
    conditions.push(`i.id = ANY($${params.length}::text[])`)
  }
  if (filter.limit !== undefined) params.push(filter.limit)
  const { rows } = await scope.db.query<ItemRow>(
    `SELECT i.id, i.slug, i.status, i.created_at AS "createdAt", i.updated_at AS "updatedAt",
            i.version, i.updated_by AS "updatedBy", i.publish_at AS "publishAt",
            i.unpublished_at AS "unpublishedAt" ${sql.columns}
       FROM content_items i JOIN ${kind} k ON k.id = i.id ${sql.joins ?? ''}
      WHERE ${conditions.join(' AND ')}
      ORDER BY ${sql.order}${filter.limit !== undefined ? ` LIMIT $${params.length}` : ''}`,
    params,
  )
  const ids = rows.map((row) => row.id)
  const postLink = (table: string, target: string) =>
    kind === 'posts' ? loadLinks(scope, { table, owner: 'post_id', target }, ids) : none
  const [translations, categoryIds, tagIds, productIds, images] = await Promise.all([
    loadTranslations(scope, ids, sql.translationColumns),
    postLink('post_categories', 'category_id'),
    postLink('post_tags', 'tag_id'),
    kind === 'collections'
      ? loadLinks(
          scope,
          { table: 'collection_products', owner: 'collection_id', target: 'product_id' },
          ids,
        )
      : none,
    kind === 'products' ? loadProductImages(scope, ids) : none,
  ])
  const related = { categoryIds, tagIds, productIds, images }
  const items = rows.map((row) =>
    ASSEMBLE[kind](
      scope,
      row,
      {
        id: row.id,
        slug: row.slug,
        status: row.status,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
        translations: translations.get(row.id) ?? [],
        // Read with the row, before its translations: a save from it is never newer than them.
        ...(scope.studio
          ? {
              version: row.version,
              updatedBy: row.updatedBy,
              publishAt: row.publishAt?.toISOString() ?? null,
              unpublishedAt: row.unpublishedAt?.toISOString() ?? null,
            }
          : {}),
      },
      related,
    ),
  )
  return scope.pending ? withPendingChanges(scope, kind, items) : items
}

/**
 * The id of the item of this kind with this id, else with this slug (or the slug its changes
 * waiting to be published give it, as the studio links its preview by it).
 */
export async function findItemId(
  db: Queryable,
  kind: ContentKind,
  idOrSlug: string,
): Promise<string | undefined> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT i.id FROM content_items i LEFT JOIN content_pending p ON p.item_id = i.id
      WHERE i.kind = $1 AND (i.id = $2 OR i.slug = $2 OR p.item->>'slug' = $2)
      ORDER BY i.id = $2 DESC, i.slug = $2 DESC LIMIT 1`,
    [kind, idOrSlug],
  )
  return rows[0]?.id
}

export async function loadSite(scope: ReadScope): Promise<SiteSettings> {
  const { rows } = await scope.db.query<
    {
      defaultLocale: Locale
      languages: Locale[]
      rootPagePath: string | null
      bookingProvider: string | null
    } & ImageRow
  >(
    `SELECT s.default_locale AS "defaultLocale", s.languages, s.booking_provider AS "bookingProvider",
            CASE WHEN NOT $1 OR EXISTS (
                   SELECT 1 FROM pages p JOIN content_items i ON i.id = p.id
                    WHERE p.path = s.root_page_path AND i.status = 'published')
                 THEN s.root_page_path END AS "rootPagePath",
            s.logo_alt AS "imageAlt"${IMAGE_COLUMNS}
       FROM site_settings s LEFT JOIN media m ON m.name = s.logo_name`,
    [scope.publishedOnly],
  )
  const { rows: translations } = await scope.db.query<SiteSettings['translations'][number]>(
    `SELECT locale, site_name AS "siteName", cookie_banner_text AS "cookieBannerText"
       FROM site_translations ORDER BY locale COLLATE "C"`,
  )
  const settings = rows[0]
  return {
    defaultLocale: settings?.defaultLocale ?? 'en',
    languages: settings?.languages ?? [...LOCALES],
    rootPagePath: settings?.rootPagePath ?? '',
    bookingProvider: settings?.bookingProvider ?? '',
    logo: settings ? imageOf(scope, settings) : null,
    translations,
  }
}

/** Changes whenever anything the site is built from changes (see the content_revision table). */
export async function contentVersion(db: Queryable): Promise<string> {
  const { rows } = await db.query<{ version: string }>(
    `SELECT epoch::text || '-' || revision AS version FROM content_revision`,
  )
  return rows[0]?.version ?? ''
}
