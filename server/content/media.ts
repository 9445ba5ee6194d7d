import sharp from 'sharp'
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

/** Stores an image under `name`, replacing any before it; returns whether it is new. */
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
  // As browsers show it: EXIF orientation may swap width and height.
  const { width, height } = metadata.autoOrient
  const { rows } = await db.query<{ created: boolean }>(
    `INSERT INTO media (name, content_type, bytes, width, height, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $6)
     ON CONFLICT (name) DO UPDATE SET content_type = EXCLUDED.content_type,
       bytes = EXCLUDED.bytes, width = EXCLUDED.width, height = EXCLUDED.height,
       updated_at = EXCLUDED.updated_at
     RETURNING (xmax = 0) AS created`,
    [name, contentType, bytes, width, height, now],
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
