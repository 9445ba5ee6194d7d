import type {
  ContentImage,
  ContentItem,
  ContentKind,
  ProductTranslation,
} from '../../src/lib/content/types'
import { sanitizeHtml } from '../../src/lib/content/sanitize-body'
import type { Queryable } from '../db'
import type { ReadScope } from './read'
import type { ImageInput, ItemPatch, TranslationInput } from './schemas'

/**
 * A published item's saved changes that the site does not show yet (content_pending): the item
 * in the studio's shape, each image's `url` holding its media name, as revisions keep it.
 */

/** The changes waiting for `id`, if any. */
export async function findPending(db: Queryable, id: string): Promise<ContentItem | undefined> {
  const { rows } = await db.query<{ item: ContentItem }>(
    'SELECT item FROM content_pending WHERE item_id = $1',
    [id],
  )
  return rows[0]?.item
}

export async function savePending(db: Queryable, id: string, item: ContentItem): Promise<void> {
  await db.query(
    `INSERT INTO content_pending (item_id, item) VALUES ($1, $2)
     ON CONFLICT (item_id) DO UPDATE SET item = EXCLUDED.item`,
    [id, JSON.stringify(item)],
  )
}

export async function dropPending(db: Queryable, id: string): Promise<boolean> {
  const { affectedRows } = await db.query('DELETE FROM content_pending WHERE item_id = $1', [id])
  return (affectedRows ?? 0) > 0
}

const imageOf = (image: ImageInput | null): ContentImage | null =>
  image && { url: image.name, alt: image.alt ?? '', width: 0, height: 0 }

/**
 * `item`, of `kind` (images by media name), with a save's `patch` applied, as the tables would
 * apply it.
 */
export function withPatch<K extends ContentKind>(
  kind: ContentKind,
  item: ContentItem,
  patch: ItemPatch<K>,
): ContentItem {
  const { translations, ...fields } = patch as ItemPatch<K> & {
    translations?: TranslationInput[]
  }
  const next: Record<string, unknown> = { ...item }
  for (const [field, value] of Object.entries(fields)) {
    if (value === undefined || field === 'version') continue
    if (field === 'coverImage' || field === 'avatar') next[field] = imageOf(value as ImageInput)
    else if (field === 'images') next[field] = (value as ImageInput[]).map(imageOf)
    // As the tables answer an instant: in UTC to the millisecond.
    else if (field === 'publishedAt') next[field] = value && new Date(value as string).toISOString()
    else next[field] = value
  }
  const byLocale = new Map(item.translations.map((each) => [each.locale, each]))
  for (const translation of translations ?? []) {
    byLocale.set(translation.locale, {
      locale: translation.locale,
      title: translation.title,
      body: sanitizeHtml(translation.body ?? ''),
      excerpt: translation.excerpt ?? '',
      seoTitle: translation.seoTitle ?? '',
      seoDescription: translation.seoDescription ?? '',
      canonicalPath: translation.canonicalPath ?? '',
      socialImage: imageOf(translation.socialImage ?? null),
      ...(kind === 'products' && { pickUpText: translation.pickUpText ?? '' }),
    })
  }
  next.translations = [...byLocale.values()].sort((a, b) => a.locale.localeCompare(b.locale))
  return next as unknown as ContentItem
}

/**
 * The studio's and the preview's view: each item with changes waiting shows them (its images at
 * their addresses, with their sizes) and says so (`pendingChanges`).
 */
export async function withPendingChanges<Item extends ContentItem>(
  scope: ReadScope,
  kind: ContentKind,
  items: Item[],
): Promise<Item[]> {
  if (items.length === 0) return items
  const { rows } = await scope.db.query<{ id: string; item: ContentItem }>(
    'SELECT item_id AS id, item FROM content_pending WHERE item_id = ANY($1::text[])',
    [items.map((item) => item.id)],
  )
  if (rows.length === 0) return items
  const names = rows.flatMap(({ item }) => imagesOf(item).map((image) => image.url))
  const sizes = new Map(
    (
      await scope.db.query<{ name: string; width: number; height: number }>(
        'SELECT name, width, height FROM media WHERE name = ANY($1::text[])',
        [names],
      )
    ).rows.map((row) => [row.name, row]),
  )
  const shown = (image: ContentImage): ContentImage => ({
    url: scope.mediaUrl(image.url),
    alt: image.alt,
    width: sizes.get(image.url)?.width ?? 0,
    height: sizes.get(image.url)?.height ?? 0,
  })
  const pending = new Map(rows.map((row) => [row.id, row.item]))
  return items.map((item) => {
    const changed = pending.get(item.id) as Record<string, unknown> | undefined
    if (!changed) return item
    const stored = item as unknown as Record<string, unknown>
    const view: Record<string, unknown> = { ...stored, ...changed, pendingChanges: true }
    // What the site's tables alone decide stays as they say: the status, the item's own dates.
    for (const field of ['status', 'createdAt', 'updatedAt']) {
      if (field in stored) view[field] = stored[field]
    }
    for (const field of ['coverImage', 'avatar']) {
      if (field in changed)
        view[field] = changed[field] ? shown(changed[field] as ContentImage) : null
    }
    if ('images' in changed) view.images = (changed.images as ContentImage[]).map(shown)
    // Changes saved before translations had these fields have them as a save now gives them.
    view.translations = (changed.translations as Partial<ProductTranslation>[]).map(
      (translation) => ({
        ...translation,
        canonicalPath: translation.canonicalPath ?? '',
        socialImage: translation.socialImage ? shown(translation.socialImage) : null,
        ...(kind === 'products' && { pickUpText: translation.pickUpText ?? '' }),
      }),
    )
    return view as unknown as Item
  })
}

function imagesOf(item: ContentItem): ContentImage[] {
  const { coverImage, avatar, images } = item as ContentItem & {
    coverImage?: ContentImage | null
    avatar?: ContentImage | null
    images?: ContentImage[]
  }
  const social = item.translations.map((translation) => translation.socialImage)
  return [coverImage, avatar, ...(images ?? []), ...social].filter((image): image is ContentImage =>
    Boolean(image),
  )
}
