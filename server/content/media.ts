import crypto from 'node:crypto'
import sharp from 'sharp'
import type { MediaItem, MediaUse } from '../../src/lib/admin/content-types'
import type { Locale } from '../../src/lib/locale/locales'
import { MEDIA_PATH, variantWidths } from '../../src/lib/content/media-sizes'
import type { Queryable } from '../db'
import { HttpError } from '../errors'

/** The image types the site accepts, by content type, with sharp's name for each format. */
export const MEDIA_TYPES: Record<string, keyof sharp.FormatEnum> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/webp': 'webp',
}

export interface StoredMedia {
  contentType: string
  bytes: Buffer
  updatedAt: Date
}

/** No side of a stored image is longer: larger photos are scaled down once, on upload. */
export const MAX_MEDIA_SIDE = 2560

/** An uploaded image as it is stored: itself, processed, and its narrower copies. */
export interface ProcessedMedia {
  contentType: string
  bytes: Buffer
  width: number
  height: number
  variants: { width: number; contentType: string; bytes: Buffer }[]
}

/**
 * Processes an image once, on upload: turned upright as its EXIF says, scaled down to
 * MAX_MEDIA_SIDE, and written again in its own format without its metadata (a phone photo's GPS
 * position never reaches the site); and copied in each narrower width the site asks for
 * (media-sizes.ts), in its own format and in WebP, which is smaller for browsers that take it.
 * Each copy is made from the upload, not from the re-encoded image, so it loses no more detail.
 * AVIF copies are not made here: encoding them took several times as long as all the others,
 * which an upload and the demo's first start would wait for; the first request makes each.
 */
export async function processMedia(contentType: string, bytes: Buffer): Promise<ProcessedMedia> {
  // The declared type is checked against the bytes: browsers trust the header we send back.
  const metadata = await sharp(bytes)
    .metadata()
    .catch(() => undefined)
  const format = MEDIA_TYPES[contentType]
  if (!metadata || !format || format !== metadata.format) {
    throw new HttpError(400, 'Bad Request', `The body is not an image of type ${contentType}.`)
  }
  const upright = () => sharp(bytes).rotate()
  const { data, info } = await upright()
    .resize({
      width: MAX_MEDIA_SIDE,
      height: MAX_MEDIA_SIDE,
      fit: 'inside',
      withoutEnlargement: true,
    })
    .toFormat(format)
    .toBuffer({ resolveWithObject: true })
  // A WebP image's copies are in WebP only. Each format's content type is `image/{format}`.
  const formats = [...new Set([format, 'webp' as const])]
  const variants = await Promise.all(
    variantWidths(info.width).flatMap((width) =>
      formats.map(async (each) => ({
        width,
        contentType: `image/${each}`,
        bytes: await encodeAs(upright().resize({ width }), `image/${each}`),
      })),
    ),
  )
  return { contentType, bytes: data, width: info.width, height: info.height, variants }
}

/**
 * Stores a processed image under `name` with its copies, replacing any before it (copies of
 * widths it no longer has included); returns whether it is new. One transaction's work.
 */
export async function storeMedia(
  tx: Queryable,
  name: string,
  media: ProcessedMedia,
  now: Date,
): Promise<{ created: boolean }> {
  const { rows } = await tx.query<{ created: boolean }>(
    `INSERT INTO media (name, content_type, bytes, width, height, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $6)
     ON CONFLICT (name) DO UPDATE SET content_type = EXCLUDED.content_type,
       bytes = EXCLUDED.bytes, width = EXCLUDED.width, height = EXCLUDED.height,
       updated_at = EXCLUDED.updated_at
     RETURNING (xmax = 0) AS created`,
    [name, media.contentType, media.bytes, media.width, media.height, now],
  )
  await tx.query('DELETE FROM media_variants WHERE name = $1', [name])
  for (const variant of media.variants) {
    await tx.query(
      'INSERT INTO media_variants (name, width, content_type, bytes) VALUES ($1, $2, $3, $4)',
      [name, variant.width, variant.contentType, variant.bytes],
    )
  }
  return { created: rows[0]?.created ?? false }
}

/** The formats an image may be served in besides its own, best first: smaller at like quality. */
export const SERVED_TYPES = ['image/avif', 'image/webp'] as const
export type ServedType = (typeof SERVED_TYPES)[number]

/**
 * AVIF's encoder effort (0 to 9, sharp's default 4): at 2 the demo hero's 1600 px copy took
 * about 0.26 s and was 2.1 KB, at 4 1.4 s for 1.6 KB, at 0 0.13 s for 4.0 KB. A copy is encoded
 * once, while its first visitor waits (findMedia), so a few more bytes beat a second's wait.
 */
const AVIF_EFFORT = 2

/** `image` written as `type`, with the options the site uses for that format. */
function encodeAs(image: sharp.Sharp, type: string): Promise<Buffer> {
  const format = type.slice('image/'.length) as keyof sharp.FormatEnum
  return image.toFormat(format, format === 'avif' ? { effort: AVIF_EFFORT } : {}).toBuffer()
}

/**
 * Copies being encoded by this process, per database, by image, its update time, width and
 * type: requests that ask for the same missing copy at once wait for one encoding.
 */
const encoding = new WeakMap<Queryable, Map<string, Promise<Buffer | undefined>>>()

/**
 * Makes the copy of `name` (as updated at `updatedAt`, `imageWidth` px wide) `width` px wide in
 * `type`, and stores it; undefined when the image was replaced or deleted meanwhile. Made from
 * the stored image, which was made upright and without metadata on upload. The row is written
 * by one statement, so no request reads half of it, and only while the image is still the one
 * it was made from (its row locked until the insert commits: a replacement then waits for it
 * and deletes it with the other copies); a copy another process stored first is kept.
 */
function makeCopy(
  db: Queryable,
  name: string,
  updatedAt: Date,
  imageWidth: number,
  width: number,
  type: string,
): Promise<Buffer | undefined> {
  const inFlight = encoding.get(db) ?? new Map<string, Promise<Buffer | undefined>>()
  encoding.set(db, inFlight)
  const key = [name, updatedAt.getTime(), width, type].join('\0')
  const pending = inFlight.get(key)
  if (pending) return pending
  const made = (async () => {
    // A request that found no copy just before another stored it finds it here.
    const { rows } = await db.query<{ source: Uint8Array; stored: Uint8Array | null }>(
      `SELECT m.bytes AS source, v.bytes AS stored
         FROM media m
         LEFT JOIN media_variants v ON v.name = m.name AND v.width = $3 AND v.content_type = $4
        WHERE m.name = $1 AND date_trunc('milliseconds', m.updated_at) = $2`,
      [name, updatedAt, width, type],
    )
    const { source, stored } = rows[0] ?? {}
    if (stored) return Buffer.from(stored)
    if (!source) return undefined
    const image = sharp(Buffer.from(source))
    const bytes = await encodeAs(width < imageWidth ? image.resize({ width }) : image, type)
    // By its bytes, not its update time: two uploads may share a millisecond (a frozen clock).
    const sourceHash = crypto.createHash('md5').update(source).digest('hex')
    await db.query(
      `INSERT INTO media_variants (name, width, content_type, bytes)
       SELECT name, $2, $3, $4 FROM media WHERE name = $1 AND md5(bytes) = $5 FOR SHARE
       ON CONFLICT DO NOTHING`,
      [name, width, type, bytes, sourceHash],
    )
    return bytes
  })().finally(() => inFlight.delete(key))
  inFlight.set(key, made)
  return made
}

/**
 * An image as served: at `width` (undefined for its own, a width it is too narrow for answered
 * with its own, the nearest it has), in `type` when given (the best the browser takes, of
 * SERVED_TYPES) or else its own format. The copies made on upload are read; any other (AVIF,
 * the image at full size in another format, a copy of an image stored before copies were made)
 * is made on the first request for it and stored, so every later one reads it.
 */
export async function findMedia(
  db: Queryable,
  name: string,
  { width, type }: { width?: number; type?: ServedType } = {},
): Promise<StoredMedia | undefined> {
  // A replacement between reading the image and storing its copy starts the reading again.
  for (let attempt = 0; attempt < 3; attempt++) {
    const { rows } = await db.query<{
      imageWidth: number
      width: number
      contentType: string
      bytes: Uint8Array | null
      updatedAt: Date
    }>(
      `SELECT m.width AS "imageWidth", s.width, s.type AS "contentType", m.updated_at AS "updatedAt",
              CASE WHEN s.type = m.content_type AND s.width = m.width THEN m.bytes
                   ELSE v.bytes END AS bytes
         FROM media m
        CROSS JOIN LATERAL (SELECT LEAST(COALESCE($2::int, m.width), m.width) AS width,
                                   COALESCE($3::text, m.content_type) AS type) s
         LEFT JOIN media_variants v
           ON v.name = m.name AND v.width = s.width AND v.content_type = s.type
        WHERE m.name = $1`,
      [name, width ?? null, type ?? null],
    )
    const row = rows[0]
    if (!row) return undefined
    const { contentType, updatedAt } = row
    // PGlite answers bytea as a Uint8Array, pg as a Buffer.
    const bytes = row.bytes
      ? Buffer.from(row.bytes)
      : await makeCopy(db, name, updatedAt, row.imageWidth, row.width, contentType)
    if (bytes) return { contentType, bytes, updatedAt }
  }
  return undefined
}

// Where each image is shown: as a cover, an avatar, a product's image, a language's image when
// shared, in a body (an <img> or a section's background) in any language, or as the site's logo;
// and where a published item's waiting changes show it (images by media name as `"url"`, bodies
// as JSON strings, their quotes escaped), since publishing them would show it.
const USES = `
  SELECT 'posts' AS kind, id, cover_image_name AS name FROM posts WHERE cover_image_name IS NOT NULL
  UNION SELECT 'authors', id, avatar_name FROM authors WHERE avatar_name IS NOT NULL
  UNION SELECT 'products', product_id, media_name FROM product_images
  UNION SELECT i.kind, i.id, t.social_image_name
    FROM content_translations t JOIN content_items i ON i.id = t.item_id
   WHERE t.social_image_name IS NOT NULL
  UNION SELECT i.kind, i.id, m.name
    FROM media m JOIN content_translations t ON position($1 || m.name || '"' in t.body) > 0
    JOIN content_items i ON i.id = t.item_id
  UNION SELECT 'site', 'logo', logo_name FROM site_settings WHERE logo_name IS NOT NULL
  UNION SELECT i.kind, i.id, m.name
    FROM content_pending p JOIN content_items i ON i.id = p.item_id
    JOIN media m ON position('"url": "' || m.name || '"' in p.item::text) > 0
                 OR position($1 || m.name || '\\"' in p.item::text) > 0`

// Each use with the item's name as the studio lists it: an author's name, else its English title
// (the logo is no item: an item whose id is 'logo' must not lend it its name).
const NAMED_USES = `
  SELECT u.kind, u.id, u.name, COALESCE(a.name, t.title, u.id) AS title
    FROM (${USES}) u
    LEFT JOIN authors a ON a.id = u.id AND u.kind = 'authors'
    LEFT JOIN content_translations t ON t.item_id = u.id AND t.locale = 'en' AND u.kind <> 'site'`

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
