import sharp from 'sharp'
import type { MediaItem, MediaUse } from '../../src/lib/admin/content-types'
import type { Locale } from '../../src/lib/locale/locales'
import type { Queryable } from '../db'
import { HttpError } from '../errors'

/** The image types the site accepts, by content type, with sharp's name for each format. */
export const MEDIA_TYPES: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/webp': 'webp',
}

export const MEDIA_PATH = '/api/content/media/'

export interface StoredMedia {
  contentType: string
  bytes: Buffer
  updatedAt: Date
}

/** No side of a stored image is longer: larger photos are scaled down once, on upload. */
export const MAX_MEDIA_SIDE = 2560

/**
 * Stores an image under `name`, replacing any before it; returns whether it is new. The image is
 * processed once: turned upright as its EXIF says, scaled down to MAX_MEDIA_SIDE, and written
 * again in its own format without its metadata (a phone photo's GPS position never reaches the
 * site).
 */
export async function putMedia(
  db: Queryable,
  name: string,
  contentType: string,
  bytes: Buffer,
  now: Date,
): Promise<{ created: boolean; width: number; height: number }> {
  // The declared type is checked against the bytes: browsers trust the header we send back.
  const metadata = await sharp(bytes)
    .metadata()
    .catch(() => undefined)
  if (!metadata || MEDIA_TYPES[contentType] !== metadata.format) {
    throw new HttpError(400, 'Bad Request', `The body is not an image of type ${contentType}.`)
  }
  const { data, info } = await sharp(bytes)
    .rotate()
    .resize({
      width: MAX_MEDIA_SIDE,
      height: MAX_MEDIA_SIDE,
      fit: 'inside',
      withoutEnlargement: true,
    })
    .toFormat(metadata.format as keyof sharp.FormatEnum)
    .toBuffer({ resolveWithObject: true })
  const { width, height } = info
  const { rows } = await db.query<{ created: boolean }>(
    `INSERT INTO media (name, content_type, bytes, width, height, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $6)
     ON CONFLICT (name) DO UPDATE SET content_type = EXCLUDED.content_type,
       bytes = EXCLUDED.bytes, width = EXCLUDED.width, height = EXCLUDED.height,
       updated_at = EXCLUDED.updated_at
     RETURNING (xmax = 0) AS created`,
    [name, contentType, data, width, height, now],
  )
  return { created: rows[0]?.created ?? false, width, height }
}

export async function findMedia(db: Queryable, name: string): Promise<StoredMedia | undefined> {
  const { rows } = await db.query<{ contentType: string; bytes: Uint8Array; updatedAt: Date }>(
    `SELECT content_type AS "contentType", bytes, updated_at AS "updatedAt"
       FROM media WHERE name = $1`,
    [name],
  )
  const row = rows[0]
  // PGlite answers bytea as a Uint8Array, pg as a Buffer.
  return row && { ...row, bytes: Buffer.from(row.bytes) }
}

// Where each image is shown: as a cover, an avatar, a product's image, a language's image when
// shared, or in a body (an <img> or a section's background) in any language.
const USES = `
  SELECT 'posts' AS kind, id, cover_image_name AS name FROM posts WHERE cover_image_name IS NOT NULL
  UNION SELECT 'authors', id, avatar_name FROM authors WHERE avatar_name IS NOT NULL
  UNION SELECT 'products', product_id, media_name FROM product_images
  UNION SELECT i.kind, i.id, t.social_image_name
    FROM content_translations t JOIN content_items i ON i.id = t.item_id
   WHERE t.social_image_name IS NOT NULL
  UNION SELECT i.kind, i.id, m.name
    FROM media m JOIN content_translations t ON position($1 || m.name || '"' in t.body) > 0
    JOIN content_items i ON i.id = t.item_id`

// Each use with the item's name as the studio lists it: an author's name, else its English title.
const NAMED_USES = `
  SELECT u.kind, u.id, u.name, COALESCE(a.name, t.title, u.id) AS title
    FROM (${USES}) u
    LEFT JOIN authors a ON a.id = u.id
    LEFT JOIN content_translations t ON t.item_id = u.id AND t.locale = 'en'`

/** Every image of the library, newest first, with its alt texts and where it is shown. */
export async function listMedia(db: Queryable): Promise<MediaItem[]> {
  const [media, alts, uses] = await Promise.all([
    db.query<{
      name: string
      contentType: string
      width: number
      height: number
      size: number
      updatedAt: Date
    }>(
      `SELECT name, content_type AS "contentType", width, height,
              octet_length(bytes)::int AS size, updated_at AS "updatedAt"
         FROM media ORDER BY updated_at DESC, name`,
    ),
    db.query<{ name: string; locale: Locale; alt: string }>(
      'SELECT name, locale, alt FROM media_alt',
    ),
    db.query<MediaUse & { name: string }>(`${NAMED_USES} ORDER BY 1, 2`, [MEDIA_PATH]),
  ])
  return media.rows.map((row) => ({
    ...row,
    path: `${MEDIA_PATH}${row.name}`,
    updatedAt: row.updatedAt.toISOString(),
    alt: Object.fromEntries(
      alts.rows.filter((each) => each.name === row.name).map((each) => [each.locale, each.alt]),
    ),
    usedBy: uses.rows
      .filter((use) => use.name === row.name)
      .map(({ kind, id, title }) => ({ kind, id, title })),
  }))
}

/** Where `name` is shown; empty when nowhere. */
export async function mediaUses(db: Queryable, name: string): Promise<MediaUse[]> {
  const { rows } = await db.query<MediaUse>(
    `SELECT kind, id, title FROM (${NAMED_USES}) uses WHERE name = $2 ORDER BY 1, 2`,
    [MEDIA_PATH, name],
  )
  return rows
}

/** Sets an image's alt text per language; an empty one is removed. 404 for an unknown image. */
export async function setMediaAlt(
  db: Queryable,
  name: string,
  alt: Partial<Record<Locale, string>>,
): Promise<void> {
  const { rows } = await db.query('SELECT 1 FROM media WHERE name = $1 FOR UPDATE', [name])
  if (rows.length === 0) throw new HttpError(404, 'Not Found', `No image named "${name}".`)
  for (const [locale, text] of Object.entries(alt)) {
    if (text) {
      await db.query(
        `INSERT INTO media_alt (name, locale, alt) VALUES ($1, $2, $3)
         ON CONFLICT (name, locale) DO UPDATE SET alt = EXCLUDED.alt`,
        [name, locale, text],
      )
    } else {
      await db.query('DELETE FROM media_alt WHERE name = $1 AND locale = $2', [name, locale])
    }
  }
}

/**
 * Deletes an image that is shown nowhere; one still shown is refused (409, `media_in_use`, with
 * where), so no page loses an image it shows. 404 for an unknown image.
 */
export async function deleteMedia(db: Queryable, name: string): Promise<void> {
  const { rows } = await db.query('SELECT 1 FROM media WHERE name = $1 FOR UPDATE', [name])
  if (rows.length === 0) throw new HttpError(404, 'Not Found', `No image named "${name}".`)
  const usedBy = await mediaUses(db, name)
  if (usedBy.length > 0) {
    throw new HttpError(
      409,
      'Conflict',
      `The image is shown by ${usedBy.length === 1 ? 'an item' : `${usedBy.length} items`}: remove it there first.`,
      undefined,
      'media_in_use',
    )
  }
  await db.query('DELETE FROM media WHERE name = $1', [name])
}
