import type { FastifyInstance } from 'fastify'
import sharp from 'sharp'
import type { ContentKind, Post, PreviewBundle } from '../../src/lib/content/types'
import { ADMIN_TOKEN, buildContentApp, get, NOW, previewToken } from './test-fixtures'
import { buildTestApp } from '../test-app'

/** The demo site's pages by path, in the API's order. */
const DEMO_PAGE_PATHS = [
  'about',
  'cookies',
  'home',
  'imprint',
  'journal',
  'privacy',
  'shop',
  'terms',
]

let app: FastifyInstance
let token: string

beforeAll(async () => {
  app = await buildContentApp({ seedDemo: true })
  token = await previewToken(app)
})

afterAll(async () => {
  await app.close()
})

const ids = (items: { id: string }[]) => items.map((item) => item.id)
const slugs = (items: { slug: string }[]) => items.map((item) => item.slug)

describe('the public content API', () => {
  it('answers the site settings', async () => {
    const { status, body } = await get(app, '/api/content/site')
    expect(status).toBe(200)
    expect(body).toMatchObject({ defaultLocale: 'en', rootPagePath: 'home' })
    expect(body.translations.map((t: { locale: string }) => t.locale)).toEqual(
      expect.arrayContaining(['en', 'de', 'fr']),
    )
    expect(body.translations[0]).toEqual({
      locale: expect.any(String),
      siteName: 'Harbor Physio',
      cookieBannerText: expect.any(String),
    })
  })

  it('lists every published post, newest first, without the draft', async () => {
    const { status, body } = await get(app, '/api/content/posts')
    expect(status).toBe(200)
    const posts: Post[] = body.items
    expect(posts).toHaveLength(8)
    expect(ids(posts)).not.toContain('post-hamstring-return')
    expect(posts.every((post) => post.status === 'published')).toBe(true)
    const dates = posts.map((post) => Date.parse(post.publishedAt ?? ''))
    expect(dates).toEqual([...dates].sort((a, b) => b - a))
    expect(posts[0]).toMatchObject({
      id: 'post-runners-knee',
      slug: 'runners-knee',
      authorId: 'author-marco-rossi',
      categoryIds: ['cat-injury-recovery', 'cat-sports'],
      tagIds: ['tag-knee', 'tag-running'],
      publishedAt: '2025-03-04T08:00:00.000Z',
      coverImage: {
        url: 'http://localhost:80/api/content/media/cover-runners-knee.jpg',
        alt: 'A runner at sunset by the harbour',
        width: 1200,
        height: 800,
      },
    })
    expect(posts[0]?.translations.find((t) => t.locale === 'en')).toEqual({
      locale: 'en',
      title: "Runner's knee: why it hurts and what helps",
      body: expect.stringContaining('<h2 data-animation-class="fade-in">'),
      excerpt: expect.any(String),
      seoTitle: "Runner's knee: causes and treatment",
      seoDescription: expect.any(String),
      canonicalPath: '',
      socialImage: null,
    })
  })

  it('lists every kind in a stable order', async () => {
    const list = async (kind: string) => (await get(app, `/api/content/${kind}`)).body.items
    expect((await list('pages')).map((page: { path: string }) => page.path)).toEqual(
      DEMO_PAGE_PATHS,
    )
    expect(slugs(await list('categories'))).toEqual([
      'everyday-movement',
      'injury-recovery',
      'sports',
    ])
    expect(slugs(await list('authors'))).toEqual(['lena-vogel', 'marco-rossi'])
    expect(slugs(await list('tags'))).toEqual(['back', 'desk-work', 'knee', 'running'])
    expect(slugs(await list('products'))).toEqual([
      'balance-board',
      'exercise-mat',
      'foam-roller',
      'hot-cold-pack',
      'massage-balls',
      'resistance-bands',
    ])
    const collections = await list('collections')
    expect(slugs(collections)).toEqual(['home-exercise', 'recovery-tools'])
    expect(collections[1].productIds).toEqual(['1001', '1003', '1005'])
  })

  it('answers one published item of each kind by id', async () => {
    const product = await get(app, '/api/content/products/1001')
    expect(product.body).toMatchObject({
      id: '1001',
      price: { amount: 2990, currency: 'EUR' },
      images: [{ alt: 'A blue ridged foam roller', width: 800, height: 800 }],
    })
    const page = await get(app, '/api/content/pages/journal')
    expect(page.body).toMatchObject({ path: 'journal', hostsBlog: true, hostsStore: false })
    const author = await get(app, '/api/content/authors/author-lena-vogel')
    expect(author.body).toMatchObject({
      name: 'Dr. Lena Vogel',
      avatar: { width: 400, height: 400, alt: 'Portrait of Dr. Lena Vogel' },
    })
  })

  it('gives a product’s own pick-up text per language, and the site’s usual one as empty', async () => {
    const pickUp = async (id: string) =>
      (await get(app, `/api/content/products/${id}`)).body.translations.map(
        (t: { locale: string; pickUpText: string }) => [t.locale, t.pickUpText],
      )
    expect(await pickUp('1004')).toEqual([
      ['de', expect.stringMatching(/^Reservieren Sie es und holen Sie es in der Praxis ab: /)],
      ['en', expect.stringMatching(/^Reserve it and collect it at the clinic: when you pick/)],
      ['fr', expect.stringMatching(/^Réservez-le et retirez-le au cabinet : /)],
    ])
    expect(await pickUp('1001')).toEqual([
      ['de', ''],
      ['en', ''],
      ['fr', ''],
    ])
  })

  it('answers a draft, an unknown id and an unknown kind with 404', async () => {
    for (const url of [
      '/api/content/posts/post-hamstring-return',
      '/api/content/posts/no-such-post',
      '/api/content/products/post-runners-knee',
      '/api/content/widgets',
      '/api/content/widgets/1',
    ]) {
      const { status, body } = await get(app, url)
      expect(status).toBe(404)
      expect(body).toEqual({
        statusCode: 404,
        statusMessage: `Page Not Found: ${url}`,
        message: `Page Not Found: ${url}`,
      })
    }
  })

  it('makes image URLs absolute on the host the request came to', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/content/products/1002',
      headers: { host: 'content.example:8443' },
    })
    expect(response.json().images[0].url).toBe(
      'http://content.example:8443/api/content/media/product-resistance-bands.jpg',
    )
  })

  it('answers the version, a stamp that stays put while nothing changes', async () => {
    const first = await get(app, '/api/content/version')
    expect(first.body.version).toMatch(/^[0-9a-f-]{36}-\d+$/)
    await get(app, '/api/content/posts')
    expect((await get(app, '/api/content/version')).body).toEqual(first.body)
  })
})

describe('media', () => {
  it('serves an image with its type and a long cache lifetime', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/content/media/cover-runners-knee.jpg',
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('image/jpeg')
    expect(response.headers['cache-control']).toBe('public, max-age=604800')
    expect(response.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]))
    const again = await app.inject({
      method: 'GET',
      url: '/api/content/media/cover-runners-knee.jpg',
      headers: { 'if-none-match': String(response.headers.etag) },
    })
    expect(again.statusCode).toBe(304)
  })

  it('answers unknown media with 404', async () => {
    for (const name of ['nothing.jpg', '..%2Fsecret', 'UPPER.jpg', 'nothing.jpg?w=480']) {
      expect((await get(app, `/api/content/media/${name}`)).status).toBe(404)
    }
  })

  // What a browser that takes WebP sends for an image (Chrome's).
  const CHROME = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8'
  /** Whether a Vary header names Accept itself (not Accept-Encoding). */
  const variesByAccept = (vary: unknown) =>
    String(vary ?? '')
      .split(',')
      .some((name) => name.trim().toLowerCase() === 'accept')
  const copy = (url: string, accept?: string) =>
    app.inject({ method: 'GET', url, headers: accept ? { accept } : {} })

  /** What sharp reads in a response's bytes: its format and width. */
  const formatOf = async (response: { rawPayload: Buffer }) => {
    const metadata = await sharp(response.rawPayload).metadata()
    return [metadata.format, metadata.width]
  }

  it('serves each size in the best format the browser takes: AVIF, WebP, else its own', async () => {
    const cover = '/api/content/media/cover-runners-knee.jpg'
    const cases = [
      { accept: CHROME, type: 'image/avif', format: 'heif' },
      { accept: 'image/webp,*/*', type: 'image/webp', format: 'webp' },
      { accept: 'image/avif;q=0, image/webp', type: 'image/webp', format: 'webp' },
      // Only a type named counts: Safari without AVIF sends image/* too.
      { accept: 'image/png,image/*;q=0.8', type: 'image/jpeg', format: 'jpeg' },
      { accept: 'image/webp;q=0, */*', type: 'image/jpeg', format: 'jpeg' },
      { accept: undefined, type: 'image/jpeg', format: 'jpeg' },
    ]
    // A narrower copy, the image itself, and a width it is too narrow for (the image itself).
    for (const [query, width] of [
      ['?w=480', 480],
      ['', 1200],
      ['?w=1600', 1200],
    ] as const) {
      for (const { accept, type, format } of cases) {
        const response = await copy(`${cover}${query}`, accept)
        expect([query, accept, response.statusCode, response.headers['content-type']]).toEqual([
          query,
          accept,
          200,
          type,
        ])
        expect(await formatOf(response)).toEqual([format, width])
        expect(variesByAccept(response.headers.vary)).toBe(true)
        expect(response.headers['cache-control']).toBe('public, max-age=604800')
      }
    }
    // Each format has its own ETag, so a cache never revalidates one with another's.
    const etags = await Promise.all(
      [CHROME, 'image/webp', undefined].map(
        async (accept) => (await copy(`${cover}?w=480`, accept)).headers.etag,
      ),
    )
    expect(new Set(etags).size).toBe(3)
    const again = await app.inject({
      method: 'GET',
      url: `${cover}?w=480`,
      headers: { accept: CHROME, 'if-none-match': String(etags[0]) },
    })
    expect(again.statusCode).toBe(304)
  })

  it('makes an AVIF copy once, on the first requests for it, and reads it after', async () => {
    const url = '/api/content/media/cover-sleep.jpg?w=960'
    const avifCopies = async () =>
      (
        await app.db.query<{ width: number; bytes: Uint8Array }>(
          `SELECT width, bytes FROM media_variants
            WHERE name = 'cover-sleep.jpg' AND content_type = 'image/avif'`,
        )
      ).rows
    expect(await avifCopies()).toEqual([])
    const toFormat = jest.spyOn(sharp.prototype, 'toFormat')
    try {
      // Asked for by several browsers at once: encoded once, each answered with it.
      const first = await Promise.all(Array.from({ length: 4 }, () => copy(url, CHROME)))
      const encodings = () => toFormat.mock.calls.filter(([format]) => format === 'avif').length
      expect(encodings()).toBe(1)
      const stored = await avifCopies()
      expect(stored.map(({ width }) => width)).toEqual([960])
      const bytes = Buffer.from(stored[0]?.bytes ?? [])
      for (const response of first) expect(response.rawPayload.equals(bytes)).toBe(true)
      expect(await formatOf(first[0] as { rawPayload: Buffer })).toEqual(['heif', 960])
      // Later requests read the stored copy.
      const later = await copy(url, CHROME)
      expect(later.rawPayload.equals(bytes)).toBe(true)
      expect(later.headers.etag).toBe(first[0]?.headers.etag)
      expect(encodings()).toBe(1)
    } finally {
      toFormat.mockRestore()
    }
  })

  it('refuses a width no copies are made in with 400', async () => {
    for (const w of ['961', '2560', '0', 'abc', '', '480&w=960', '480.0', '-480']) {
      const { status, body } = await get(app, `/api/content/media/cover-runners-knee.jpg?w=${w}`)
      expect([w, status, body]).toEqual([
        w,
        400,
        {
          statusCode: 400,
          statusMessage: 'Bad Request',
          message: 'The width w may be one of 480, 960, 1600 pixels.',
        },
      ])
    }
  })
})

describe('the preview API', () => {
  const preview = async <K extends ContentKind>(kind: K, key: string) => {
    const response = await get(app, `/api/content/preview/${kind}/${key}?token=${token}`)
    return response as { status: number; body: PreviewBundle<K> }
  }

  it('shows a draft post, by slug or id, with its author, categories and tags', async () => {
    const bySlug = await preview('posts', 'hamstring-strain-return')
    expect(bySlug.status).toBe(200)
    const bundle = bySlug.body
    expect(bundle).toMatchObject({
      kind: 'posts',
      item: { id: 'post-hamstring-return', status: 'draft', publishedAt: null },
      site: { rootPagePath: 'home' },
    })
    expect(ids(bundle.authors)).toEqual(['author-marco-rossi'])
    expect(ids(bundle.categories)).toEqual(['cat-injury-recovery', 'cat-sports'])
    expect(ids(bundle.tags)).toEqual(['tag-running'])
    expect(ids(bundle.posts)).toEqual(['post-hamstring-return'])
    expect(bundle.pages.map((page) => page.path)).toEqual(DEMO_PAGE_PATHS)
    expect((await preview('posts', 'post-hamstring-return')).body).toEqual(bundle)
  })

  it('shows a listing with its posts, drafts included, and their authors', async () => {
    const { body } = await preview('categories', 'sports')
    expect(body.item.id).toBe('cat-sports')
    expect(ids(body.posts)).toEqual([
      'post-hamstring-return',
      'post-runners-knee',
      'post-acl-rehab',
      'post-warm-up',
    ])
    expect(ids(body.authors)).toEqual(['author-marco-rossi'])
    expect(ids(body.categories)).toEqual([
      'cat-everyday-movement',
      'cat-injury-recovery',
      'cat-sports',
    ])
    const author = await preview('authors', 'marco-rossi')
    expect(ids(author.body.posts)).toContain('post-hamstring-return')
    expect(ids(author.body.authors)).toEqual(['author-marco-rossi'])
    const tag = await preview('tags', 'desk-work')
    expect(ids(tag.body.posts)).toEqual(['post-desk-back', 'post-pilates'])
    expect(ids(tag.body.tags)).toEqual(['tag-back', 'tag-desk-work'])
  })

  it("shows the blog page with the newest posts and the store page with the shop's items", async () => {
    const journal = await preview('pages', 'journal')
    expect(journal.body.posts).toHaveLength(9)
    expect(journal.body.posts[0]?.id).toBe('post-hamstring-return')
    expect(journal.body.authors).toHaveLength(2)
    expect(journal.body.products).toEqual([])
    const shop = await preview('pages', 'shop')
    expect(shop.body.posts).toEqual([])
    expect(slugs(shop.body.collections)).toEqual(['home-exercise', 'recovery-tools'])
    expect(shop.body.products).toHaveLength(6)
    const about = await preview('pages', 'about')
    expect(about.body).toMatchObject({ posts: [], products: [], collections: [] })
  })

  it('shows a collection with its products, and a product alone', async () => {
    const collection = await preview('collections', 'recovery-tools')
    expect(ids(collection.body.collections)).toEqual(['col-recovery-tools'])
    expect(ids(collection.body.products).sort()).toEqual(['1001', '1003', '1005'])
    const product = await preview('products', '1004')
    expect(ids(product.body.products)).toEqual(['1004'])
  })

  it('answers a missing, wrong or malformed token with 404, revealing nothing', async () => {
    const otherToken = 'A'.repeat(43)
    for (const url of [
      '/api/content/preview/posts/hamstring-strain-return',
      `/api/content/preview/posts/hamstring-strain-return?token=${otherToken}`,
      '/api/content/preview/posts/hamstring-strain-return?token=short',
      `/api/content/preview/posts/no-such-post?token=${otherToken}`,
      `/api/content/preview/posts/hamstring-strain-return?token=${token}&token=${token}`,
    ]) {
      const { status, body } = await get(app, url)
      expect(status).toBe(404)
      expect(body.statusMessage).toBe(`Page Not Found: ${url.split('?')[0]}`)
    }
  })

  it('answers an unknown item or kind with the same 404 when the token is valid', async () => {
    for (const url of ['/api/content/preview/posts/nope', '/api/content/preview/widgets/1']) {
      const { status, body } = await get(app, `${url}?token=${token}`)
      expect(status).toBe(404)
      expect(body.statusMessage).toBe(`Page Not Found: ${url}`)
    }
  })

  it('stops accepting a token once it has expired', async () => {
    let clock = NOW
    const timed = await buildTestApp({ adminToken: ADMIN_TOKEN }, { now: () => clock })
    const shortLived = await previewToken(timed, 5)
    const url = `/api/content/preview/pages/home?token=${shortLived}`
    await timed.db.query(
      "INSERT INTO content_items (id, kind, slug, status) VALUES ('home', 'pages', 'home', 'draft')",
    )
    await timed.db.query("INSERT INTO pages (id, path) VALUES ('home', 'home')")
    await timed.db.query(
      "INSERT INTO content_translations (item_id, locale, title) VALUES ('home', 'en', 'Home')",
    )
    expect((await get(timed, url)).status).toBe(200)
    clock += 5 * 60_000
    expect((await get(timed, url)).status).toBe(404)
    await timed.close()
  })

  it('answers the check after the limit within a minute with 429 and the error object', async () => {
    const limited = await buildTestApp(
      { adminToken: ADMIN_TOKEN, rateLimitPerMinute: 2 },
      { seedDemo: true, now: () => NOW },
    )
    const valid = await previewToken(limited)
    const url = '/api/content/preview/posts/hamstring-strain-return'
    const answers = [
      await get(limited, `${url}?token=${valid}`),
      await get(limited, `${url}?token=${'A'.repeat(43)}`),
      await get(limited, `${url}?token=${valid}`),
    ]
    expect(answers.map((answer) => answer.status)).toEqual([200, 404, 429])
    expect(answers[2]?.body).toMatchObject({
      statusCode: 429,
      statusMessage: 'Too Many Requests',
      message: expect.stringMatching(
        /^Too many preview requests\. Please try again in \d+ seconds\.$/,
      ),
      code: 'rate_limited',
    })
    await limited.close()
  })

  it('answers ids and slugs that fit no item with 404 before any query', async () => {
    for (const url of [
      `/api/content/preview/posts/a%00b?token=${token}`,
      '/api/content/posts/a%00b',
      `/api/content/posts/${'x'.repeat(90)}`,
    ]) {
      const { status, body } = await get(app, url)
      expect(status).toBe(404)
      expect(body.statusMessage).toMatch(/^Page Not Found: /)
    }
  })
})
