import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { Page, Post, Product } from '../../src/lib/content/types'
import { LOCALES } from '../../src/lib/locale/locales'
import { buildTestApp } from '../test-app'
import { DEMO_CONTENT_DIR, seedDemoContent } from './seed'
import { get } from './test-fixtures'

const locales = (item: { translations: { locale: string }[] }) =>
  item.translations.map((t) => t.locale)

describe('demo content', () => {
  it('loads into an empty database on first start, once', async () => {
    const app = await buildTestApp({}, { seedDemo: true })
    const count = async () =>
      (await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM content_items')).rows[0]?.n
    const before = await count()
    expect(before).toBe(8 + 9 + 3 + 2 + 4 + 6 + 2)
    expect(await seedDemoContent(app.db)).toBe(false)
    expect(await count()).toBe(before)
    const { rows } = await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM media')
    expect(rows[0]?.n).toBe(19)
    // Each image's narrower copies are made as it is loaded: a 1200 px cover has two widths, in
    // JPEG and WebP; a 400 px avatar none.
    const { rows: copies } = await app.db.query<{ name: string; width: number; type: string }>(
      `SELECT name, width, content_type AS type FROM media_variants
        ORDER BY name, width, content_type`,
    )
    expect(copies).toHaveLength(56)
    expect(copies.filter((copy) => copy.name === 'cover-runners-knee.jpg')).toEqual([
      { name: 'cover-runners-knee.jpg', width: 480, type: 'image/jpeg' },
      { name: 'cover-runners-knee.jpg', width: 480, type: 'image/webp' },
      { name: 'cover-runners-knee.jpg', width: 960, type: 'image/jpeg' },
      { name: 'cover-runners-knee.jpg', width: 960, type: 'image/webp' },
    ])
    expect(copies.filter((copy) => copy.name.startsWith('avatar-'))).toEqual([])
    const { rows: draft } = await app.db.query<{ status: string }>(
      "SELECT status FROM content_items WHERE id = 'post-hamstring-return'",
    )
    expect(draft).toEqual([{ status: 'draft' }])
    await app.close()
    // A whole demo database is started and seeded: on a busy two-core machine, well over 20 s.
  }, 60_000)

  it('has every page in every locale, and leaves some posts out so the fallback shows', async () => {
    const app = await buildTestApp({}, { seedDemo: true })
    const posts: Post[] = (await get(app, '/api/content/posts')).body.items
    const withoutGerman = posts.filter((post) => !locales(post).includes('de')).map((p) => p.id)
    expect(withoutGerman).toEqual(['post-sleep-recovery', 'post-shockwave'])
    expect(posts.every((post) => locales(post).includes('en'))).toBe(true)
    const products: Product[] = (await get(app, '/api/content/products')).body.items
    expect(products.filter((p) => !locales(p).includes('de')).map((p) => p.id)).toEqual(['1005'])
    const pages: Page[] = (await get(app, '/api/content/pages')).body.items
    for (const page of pages) expect(locales(page)).toEqual([...LOCALES].sort())
    expect(pages.filter((page) => page.menu === 'footer').map((page) => page.path)).toEqual([
      'cookies',
      'imprint',
      'privacy',
      'terms',
    ])
    const home = (await get(app, '/api/content/pages/home')).body
    expect(home.translations[1].body).toContain(
      'data-background-image="/api/content/media/hero-harbor.jpg"',
    )
    // The demo is offered in every language, and has no logo: no demo image is one.
    expect((await get(app, '/api/content/site')).body).toMatchObject({
      bookingProvider: 'harbor-physio',
      languages: LOCALES,
      logo: null,
    })
    await app.close()
  })

  it('names the file and the item when the demo content is wrong, and loads none of it', async () => {
    const app = await buildTestApp()
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'demo-content-'))
    await fs.cp(DEMO_CONTENT_DIR, dir, { recursive: true })
    const posts = JSON.parse(await fs.readFile(path.join(dir, 'posts.json'), 'utf8'))
    posts[1].authorId = 'author-nobody'
    await fs.writeFile(path.join(dir, 'posts.json'), JSON.stringify(posts))
    await expect(seedDemoContent(app.db, { dir })).rejects.toThrow(
      /posts\.json, post-desk-back: authorId "author-nobody" does not name an author\.$/,
    )
    const { rows } = await app.db.query('SELECT id FROM content_items')
    expect(rows).toEqual([])

    delete posts[1].slug
    await fs.writeFile(path.join(dir, 'posts.json'), JSON.stringify(posts))
    await expect(seedDemoContent(app.db, { dir })).rejects.toThrow(
      /posts\.json: .*"\[1\]\.slug" is required/,
    )
    await fs.rm(dir, { recursive: true })
    await app.close()
  })
})
