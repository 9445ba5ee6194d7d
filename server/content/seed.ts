import fs from 'node:fs/promises'
import path from 'node:path'
import Joi from 'joi'
import type { ContentKind } from '../../src/lib/content/types'
import { setupTransaction, type Database } from '../db'
import { MEDIA_NAME_PATTERN } from '../../src/lib/content/media-sizes'
import { projectRoot } from '../config'
import { HttpError } from '../errors'
import { processMedia, storeMedia } from './media'
import { createSchemas, siteSchema, type ItemInputs } from './schemas'
import { createItem, putSite } from './write'

export const DEMO_CONTENT_DIR = path.join(projectRoot, 'content', 'site')
export const DEMO_MEDIA_DIR = path.join(projectRoot, 'content', 'media')

// Referenced items first: posts name authors, categories and tags; collections name products.
const SEED_ORDER: ContentKind[] = [
  'authors',
  'categories',
  'tags',
  'posts',
  'products',
  'collections',
  'pages',
]

const CONTENT_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
}

/** Errors name the file (and the item), so a bad edit is easy to find. */
const shown = (file: string) => path.relative(projectRoot, file)

async function readDemoFile<T>(file: string, schema: Joi.Schema<T>): Promise<T> {
  const { error, value } = schema.validate(JSON.parse(await fs.readFile(file, 'utf8')), {
    abortEarly: false,
  })
  if (error) throw new Error(`${shown(file)}: ${error.message}`)
  return value
}

async function readMedia(dir: string) {
  const names = (await fs.readdir(dir)).filter((name) => CONTENT_TYPES[path.extname(name)]).sort()
  return Promise.all(
    names.map(async (name) => {
      const file = path.join(dir, name)
      if (!MEDIA_NAME_PATTERN.test(name)) throw new Error(`${shown(file)}: not a media name`)
      const contentType = CONTENT_TYPES[path.extname(name)] ?? ''
      return { name, file, contentType, bytes: await fs.readFile(file) }
    }),
  )
}

/**
 * Loads the demo content (`content/site/*.json`, images from `content/media/`) into a database
 * without any content, in one transaction; returns whether it did.
 */
export async function seedDemoContent(
  db: Database,
  { dir = DEMO_CONTENT_DIR, mediaDir = DEMO_MEDIA_DIR, now = Date.now() } = {},
): Promise<boolean> {
  const site = await readDemoFile(path.join(dir, 'settings.json'), siteSchema)
  const items = new Map<ContentKind, ItemInputs[ContentKind][]>()
  for (const kind of SEED_ORDER) {
    const schema = Joi.array().items(createSchemas[kind]).required()
    items.set(kind, await readDemoFile(path.join(dir, `${kind}.json`), schema))
  }
  const media = await readMedia(mediaDir)
  const at = new Date(now)
  // Under the setup lock: two servers starting on one empty database must not both load it.
  return setupTransaction(db, async (tx) => {
    const { rows } = await tx.query<{ count: number }>(
      `SELECT ((SELECT count(*) FROM content_items) + (SELECT count(*) FROM media))::int AS count`,
    )
    if ((rows[0]?.count ?? 0) > 0) return false
    // The database's refusals name the field; the file and the item make them findable.
    const where = async (place: string, work: () => Promise<unknown>) => {
      try {
        await work()
      } catch (error) {
        if (error instanceof HttpError) throw new Error(`${place}: ${error.message}`)
        throw error
      }
    }
    for (const file of media) {
      await where(shown(file.file), async () =>
        storeMedia(tx, file.name, await processMedia(file.contentType, file.bytes), at),
      )
    }
    for (const kind of SEED_ORDER) {
      for (const item of items.get(kind) ?? []) {
        await where(`${shown(path.join(dir, `${kind}.json`))}, ${item.id ?? item.slug}`, () =>
          createItem(tx, kind, item, at),
        )
      }
    }
    await where(shown(path.join(dir, 'settings.json')), () => putSite(tx, site, at))
    return true
  })
}
