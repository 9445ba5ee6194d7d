import crypto from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import sharp from 'sharp'
import { account } from '../admin/test-support'
import { LOCALES } from '../../src/lib/locale/locales'
import { buildTestApp } from '../test-app'
import { admin, auth, buildContentApp, en, get, NOW, previewToken } from './test-fixtures'

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3a7ca5' } })
    .png()
    .toBuffer()

const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#8a5a44' } })
    .jpeg()
    .toBuffer()

/** An image's stored copies, each with what sharp reads in its bytes. */
async function copiesOf(app: FastifyInstance, name: string) {
  const { rows } = await app.db.query<{ width: number; type: string; bytes: Uint8Array }>(
    `SELECT width, content_type AS type, bytes FROM media_variants WHERE name = $1
      ORDER BY width, content_type`,
    [name],
  )
  return Promise.all(
    rows.map(async ({ width, type, bytes }) => {
      const metadata = await sharp(Buffer.from(bytes)).metadata()
      return { width, type, read: [metadata.format, metadata.width, metadata.height] }
    }),
  )
}

const upload = (app: FastifyInstance, name: string, payload: Buffer, type = 'image/png') =>
  app.inject({
    method: 'PUT',
    url: `/api/admin/content/media/${name}`,
    headers: { ...auth, 'content-type': type },
    payload,
  })

/** An author, a category and a tag to hang posts on. */
async function blogBasics(app: FastifyInstance) {
  await admin(app, 'POST', '/authors', {
    id: 'ana',
    slug: 'ana',
    name: 'Ana Silva',
    status: 'published',
    translations: [en('Physiotherapist')],
  })
  await admin(app, 'POST', '/categories', {
    id: 'rehab',
    slug: 'rehab',
    status: 'published',
    translations: [en('Rehab')],
  })
  await admin(app, 'POST', '/tags', { id: 'knee', slug: 'knee', translations: [en('Knee')] })
}

describe('admin authentication', () => {
  it('refuses a missing or wrong token with 401', async () => {
    const app = await buildContentApp()
    for (const headers of [{}, { authorization: 'Bearer wrong' }, { authorization: 'Basic x' }]) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/admin/content/tags',
        headers,
        payload: { slug: 'x', translations: [en('X')] },
      })
      expect(response.statusCode).toBe(401)
      expect(response.json()).toMatchObject({ statusMessage: 'Unauthorized' })
    }
    await app.close()
  })

  it('is off without ADMIN_TOKEN, like the booking admin API, and says so', async () => {
    const app = await buildTestApp({ adminToken: undefined })
    for (const [method, url] of [
      ['POST', '/api/admin/content/preview-tokens'],
      ['GET', '/api/admin/bookings'],
    ] as const) {
      const response = await app.inject({
        method,
        url,
        headers: { authorization: 'Bearer undefined' },
      })
      expect(response.statusCode).toBe(403)
      expect(response.json()).toEqual({
        statusCode: 403,
        statusMessage: 'Forbidden',
        message: expect.stringMatching(/^The admin API is switched off.*set ADMIN_TOKEN/),
        code: 'tokens_switched_off',
      })
    }
    await app.close()
  })
})

describe('creating, editing and publishing', () => {
  let app: FastifyInstance

  beforeEach(async () => {
    app = await buildContentApp()
    await blogBasics(app)
  })

  afterEach(async () => {
    await app.close()
  })

  it('creates a draft with a generated id, and answers it whatever its status', async () => {
    const created = await admin(app, 'POST', '/posts', {
      slug: 'first-post',
      authorId: 'ana',
      categoryIds: ['rehab'],
      tagIds: ['knee'],
      translations: [en('First post', '<p>Hello</p>'), { locale: 'de', title: 'Erster Beitrag' }],
    })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({
      slug: 'first-post',
      status: 'draft',
      publishedAt: null,
      coverImage: null,
      categoryIds: ['rehab'],
      tagIds: ['knee'],
      createdAt: new Date(NOW).toISOString(),
    })
    expect(created.body.id).toMatch(/^[0-9a-f-]{36}$/)
    expect(created.body.translations).toEqual([
      {
        locale: 'de',
        title: 'Erster Beitrag',
        body: '',
        excerpt: '',
        seoTitle: '',
        seoDescription: '',
        canonicalPath: '',
        socialImage: null,
      },
      {
        locale: 'en',
        title: 'First post',
        body: '<p>Hello</p>',
        excerpt: '',
        seoTitle: '',
        seoDescription: '',
        canonicalPath: '',
        socialImage: null,
      },
    ])
    expect((await get(app, '/api/content/posts')).body.items).toEqual([])
  })

  it('publishes (dating a post once), unpublishes and republishes', async () => {
    await admin(app, 'POST', '/posts', {
      id: 'p1',
      slug: 'p1',
      authorId: 'ana',
      translations: [en('P1')],
    })
    const published = await admin(app, 'POST', '/posts/p1/publish')
    expect(published.body).toMatchObject({
      status: 'published',
      publishedAt: new Date(NOW).toISOString(),
    })
    expect((await get(app, '/api/content/posts/p1')).status).toBe(200)
    expect(published.body.unpublishedAt).toBeNull()
    const unpublished = await admin(app, 'POST', '/posts/p1/unpublish')
    // Taken off the site, it says since when: the studio lists it as unpublished, not a draft.
    expect(unpublished.body).toMatchObject({
      status: 'draft',
      publishedAt: published.body.publishedAt,
      unpublishedAt: new Date(NOW).toISOString(),
    })
    expect((await get(app, '/api/content/posts/p1')).status).toBe(404)
    const republished = await admin(app, 'POST', '/posts/p1/publish')
    expect(republished.body.publishedAt).toBe(published.body.publishedAt)
    expect(republished.body.unpublishedAt).toBeNull()
    // A published post's date changes as its other fields do: once published again.
    const undated = await admin(app, 'PATCH', '/posts/p1', { publishedAt: null })
    expect(undated.body).toMatchObject({ publishedAt: null, pendingChanges: true })
    await admin(app, 'POST', '/posts/p1/publish')
    expect((await get(app, '/api/content/posts/p1')).body.publishedAt).toBe(
      new Date(NOW).toISOString(),
    )
    const backdated = await admin(app, 'PATCH', '/posts/p1', {
      publishedAt: '2029-12-24T10:00:00Z',
    })
    expect(backdated.body.publishedAt).toBe('2029-12-24T10:00:00.000Z')
    expect((await get(app, '/api/content/posts/p1')).body.publishedAt).toBe(
      new Date(NOW).toISOString(),
    )
    await admin(app, 'POST', '/posts/p1/publish')
    expect((await get(app, '/api/content/posts/p1')).body.publishedAt).toBe(
      '2029-12-24T10:00:00.000Z',
    )
    expect((await admin(app, 'POST', '/posts/nope/publish')).status).toBe(404)
    expect((await admin(app, 'POST', '/tags/p1/publish')).status).toBe(404)
  })

  it('patches only the fields given; translations replace their locales only', async () => {
    await admin(app, 'POST', '/posts', {
      id: 'p1',
      slug: 'p1',
      authorId: 'ana',
      categoryIds: ['rehab'],
      translations: [en('P1', '<p>English</p>'), { locale: 'de', title: 'Alt' }],
    })
    const patched = await admin(app, 'PATCH', '/posts/p1', {
      slug: 'renamed',
      tagIds: ['knee'],
      translations: [{ locale: 'de', title: 'Neu', excerpt: 'Kurz' }],
    })
    expect(patched.status).toBe(200)
    expect(patched.body).toMatchObject({
      slug: 'renamed',
      categoryIds: ['rehab'],
      tagIds: ['knee'],
      translations: [
        { locale: 'de', title: 'Neu', excerpt: 'Kurz', body: '' },
        { locale: 'en', title: 'P1', body: '<p>English</p>' },
      ],
    })
    expect((await admin(app, 'PATCH', '/posts/nope', { slug: 'x' })).status).toBe(404)
    expect((await admin(app, 'PATCH', '/posts/p1', {})).status).toBe(400)
    expect((await admin(app, 'PATCH', '/posts/p1', { status: 'published' })).status).toBe(400)
  })

  it('keeps a canonical address and a social image per language, and checks them', async () => {
    await upload(app, 'share.png', await png(40, 30))
    const shared = {
      url: 'http://localhost:80/api/content/media/share.png',
      alt: 'A knee in a brace',
      width: 40,
      height: 30,
    }
    const created = await admin(app, 'POST', '/pages', {
      id: 'brace',
      slug: 'brace',
      path: 'brace',
      status: 'published',
      translations: [
        {
          ...en('Knee'),
          canonicalPath: ' /en/journal/b/other-post/ ',
          socialImage: { name: 'share.png', alt: 'A knee in a brace' },
        },
        { locale: 'de', title: 'Knie', canonicalPath: 'https://news.example/knie?id=7' },
      ],
    })
    expect(created.status).toBe(201)
    const stored = [
      { locale: 'de', canonicalPath: 'https://news.example/knie?id=7', socialImage: null },
      { locale: 'en', canonicalPath: '/en/journal/b/other-post/', socialImage: shared },
    ]
    expect(created.body.translations).toMatchObject(stored)
    expect((await get(app, '/api/content/pages/brace')).body.translations).toMatchObject(stored)

    // A language saved again without them has none: a save replaces a language whole.
    await admin(app, 'POST', '/pages/brace/unpublish')
    const cleared = await admin(app, 'PATCH', '/pages/brace', {
      translations: [{ locale: 'de', title: 'Knie' }],
    })
    expect(cleared.body.translations[0]).toMatchObject({ canonicalPath: '', socialImage: null })

    const page = (translation: object) =>
      admin(app, 'POST', '/pages', {
        slug: 'p',
        path: 'p',
        translations: [{ ...en('P'), ...translation }],
      })
    for (const canonicalPath of ['journal/b/x/', '//evil.example/', 'http://example.com/x']) {
      const refused = await page({ canonicalPath })
      expect([canonicalPath, refused.status, refused.body.fields]).toEqual([
        canonicalPath,
        400,
        {
          'translations.0.canonicalPath':
            '"translations[0].canonicalPath" must be a path on this site starting with "/", or an https:// address',
        },
      ])
    }
    expect((await page({ socialImage: { name: 'missing.png', alt: '' } })).body).toMatchObject({
      statusCode: 400,
      message: 'No image named "missing.png" has been uploaded.',
    })
    expect((await page({ socialImage: { name: 'Bad Name', alt: '' } })).status).toBe(400)
    const { rows } = await app.db.query("SELECT id FROM content_items WHERE kind = 'pages'")
    expect(rows).toEqual([{ id: 'brace' }])
  })

  it('keeps them in a published item’s waiting changes and in its revisions', async () => {
    await upload(app, 'share.png', await png(40, 30))
    await upload(app, 'other.png', await png(20, 10))
    await admin(app, 'POST', '/pages', {
      id: 'brace',
      slug: 'brace',
      path: 'brace',
      status: 'published',
      translations: [{ ...en('Knee'), socialImage: { name: 'share.png', alt: 'Brace' } }],
    })
    const saved = await admin(app, 'PATCH', '/pages/brace', {
      version: 1,
      translations: [
        {
          ...en('Knee'),
          canonicalPath: '/en/journal/b/knee/',
          socialImage: { name: 'other.png', alt: 'Ice' },
        },
      ],
    })
    const waiting = {
      canonicalPath: '/en/journal/b/knee/',
      socialImage: {
        url: 'http://localhost:80/api/content/media/other.png',
        alt: 'Ice',
        width: 20,
        height: 10,
      },
    }
    expect(saved.body).toMatchObject({ pendingChanges: true, translations: [waiting] })
    const live = async () => (await get(app, '/api/content/pages/brace')).body.translations[0]
    expect(await live()).toMatchObject({ canonicalPath: '', socialImage: { alt: 'Brace' } })
    const token = await previewToken(app)
    const preview = await get(app, `/api/content/preview/pages/brace?token=${token}`)
    expect(preview.body.item.translations[0]).toMatchObject(waiting)
    const published = await admin(app, 'POST', '/pages/brace/publish')
    expect(await live()).toMatchObject(waiting)

    // The first revision, by media name, restored: the site shows the first image once published.
    const first = await app.inject({
      method: 'GET',
      url: '/api/admin/content/pages/brace/revisions/1',
      headers: auth,
    })
    expect(first.json().item.translations[0]).toMatchObject({
      canonicalPath: '',
      socialImage: { url: 'share.png', alt: 'Brace' },
    })
    const restored = await admin(app, 'POST', '/pages/brace/revisions/1/restore', {
      version: published.body.version,
    })
    expect(restored.body.translations[0]).toMatchObject({
      canonicalPath: '',
      socialImage: { url: 'http://localhost:80/api/content/media/share.png', width: 40 },
    })
    await admin(app, 'POST', '/pages/brace/publish')
    expect(await live()).toMatchObject({ canonicalPath: '', socialImage: { alt: 'Brace' } })

    // Changes saved before translations had these fields have none, in the studio and published.
    await admin(app, 'PATCH', '/pages/brace', { translations: [en('Knee brace')] })
    await app.db.query(
      `UPDATE content_pending
          SET item = item #- '{translations,0,canonicalPath}' #- '{translations,0,socialImage}'`,
    )
    const studio = await app.inject({
      method: 'GET',
      url: '/api/admin/content/pages',
      headers: auth,
    })
    expect(studio.json().items[0].translations[0]).toMatchObject({
      title: 'Knee brace',
      canonicalPath: '',
      socialImage: null,
    })
    await admin(app, 'POST', '/pages/brace/publish')
    expect(await live()).toMatchObject({ title: 'Knee brace', socialImage: null })
  })

  it('keeps a product’s own pick-up text per language, and takes it for products alone', async () => {
    const price = { amount: 1990, currency: 'EUR' }
    const created = await admin(app, 'POST', '/products', {
      id: 'band',
      slug: 'band',
      status: 'published',
      price,
      translations: [
        { ...en('Band'), pickUpText: '  Collect it at the front desk,\nany weekday.  ' },
        { locale: 'de', title: 'Band', pickUpText: 'An der Rezeption abholen.' },
        { locale: 'fr', title: 'Bande' },
      ],
    })
    expect(created.status).toBe(201)
    const stored = [
      { locale: 'de', pickUpText: 'An der Rezeption abholen.' },
      { locale: 'en', pickUpText: 'Collect it at the front desk,\nany weekday.' },
      { locale: 'fr', pickUpText: '' },
    ]
    expect(created.body.translations).toMatchObject(stored)
    expect((await get(app, '/api/content/products/band')).body.translations).toMatchObject(stored)
    expect((await get(app, '/api/content/products')).body.items[0].translations).toMatchObject(
      stored,
    )

    // Other kinds have none, in what the API answers and in what it takes.
    const page = await admin(app, 'POST', '/pages', {
      id: 'about',
      slug: 'about',
      path: 'about',
      translations: [en('About')],
    })
    expect(page.body.translations[0]).not.toHaveProperty('pickUpText')
    const refused = [
      await admin(app, 'POST', '/pages', {
        slug: 'p',
        path: 'p',
        translations: [{ ...en('P'), pickUpText: 'At the desk.' }],
      }),
      await admin(app, 'PATCH', '/pages/about', {
        translations: [{ ...en('About'), pickUpText: '' }],
      }),
      await admin(app, 'POST', '/posts', {
        slug: 'p',
        authorId: 'ana',
        translations: [{ ...en('P'), pickUpText: 'At the desk.' }],
      }),
    ]
    for (const { status, body } of refused) {
      expect([status, body.fields]).toEqual([
        400,
        { 'translations.0.pickUpText': '"translations[0].pickUpText" is not allowed' },
      ])
    }
    const product = (pickUpText: unknown) =>
      admin(app, 'POST', '/products', {
        slug: 'p',
        price,
        translations: [{ ...en('P'), pickUpText }],
      })
    const long = await product('x'.repeat(501))
    expect([long.status, Object.keys(long.body.fields)]).toEqual([
      400,
      ['translations.0.pickUpText'],
    ])
    expect((await product(7)).status).toBe(400)
    expect((await product(` ${'x'.repeat(500)} `)).status).toBe(201)
  })

  it('keeps a product’s pick-up text in its waiting changes and in its revisions', async () => {
    await admin(app, 'POST', '/products', {
      id: 'band',
      slug: 'band',
      status: 'published',
      price: { amount: 1990, currency: 'EUR' },
      translations: [{ ...en('Band'), pickUpText: 'At the front desk.' }],
    })
    const live = async () => (await get(app, '/api/content/products/band')).body.translations[0]
    const saved = await admin(app, 'PATCH', '/products/band', {
      version: 1,
      translations: [{ ...en('Band'), pickUpText: 'At reception, any weekday.' }],
    })
    expect(saved.body).toMatchObject({
      pendingChanges: true,
      translations: [{ pickUpText: 'At reception, any weekday.' }],
    })
    expect(await live()).toMatchObject({ pickUpText: 'At the front desk.' })
    const token = await previewToken(app)
    const preview = await get(app, `/api/content/preview/products/band?token=${token}`)
    expect(preview.body.item.translations[0]).toMatchObject({
      pickUpText: 'At reception, any weekday.',
    })
    const published = await admin(app, 'POST', '/products/band/publish')
    expect(await live()).toMatchObject({ pickUpText: 'At reception, any weekday.' })

    const first = await app.inject({
      method: 'GET',
      url: '/api/admin/content/products/band/revisions/1',
      headers: auth,
    })
    expect(first.json().item.translations[0]).toMatchObject({ pickUpText: 'At the front desk.' })
    const restored = await admin(app, 'POST', '/products/band/revisions/1/restore', {
      version: published.body.version,
    })
    expect(restored.body).toMatchObject({
      pendingChanges: true,
      translations: [{ pickUpText: 'At the front desk.' }],
    })
    await admin(app, 'POST', '/products/band/publish')
    expect(await live()).toMatchObject({ pickUpText: 'At the front desk.' })

    // A language saved again without it has none: a save replaces a language whole.
    await admin(app, 'PATCH', '/products/band', { translations: [en('Band')] })
    const studio = async () =>
      (
        await app.inject({ method: 'GET', url: '/api/admin/content/products', headers: auth })
      ).json().items[0].translations[0]
    expect(await studio()).toMatchObject({ pickUpText: '' })

    // Changes saved, and revisions kept, before products had it have none, in the studio and
    // published, and restored.
    await admin(app, 'PATCH', '/products/band', {
      translations: [{ ...en('Band'), pickUpText: 'Soon.' }],
    })
    await app.db.query(`UPDATE content_pending SET item = item #- '{translations,0,pickUpText}'`)
    expect(await studio()).toMatchObject({ title: 'Band', pickUpText: '' })
    await admin(app, 'POST', '/products/band/publish')
    expect(await live()).toMatchObject({ pickUpText: '' })
    await admin(app, 'POST', '/products/band/unpublish')
    const draft = await admin(app, 'PATCH', '/products/band', {
      translations: [{ ...en('Band'), pickUpText: 'Soon.' }],
    })
    expect(draft.body).toMatchObject({ status: 'draft', translations: [{ pickUpText: 'Soon.' }] })
    await app.db.query(
      `UPDATE content_revisions SET item = item #- '{translations,0,pickUpText}' WHERE version = 1`,
    )
    const restoredDraft = await admin(app, 'POST', '/products/band/revisions/1/restore', {
      version: draft.body.version,
    })
    expect(restoredDraft.body).toMatchObject({
      status: 'draft',
      translations: [{ title: 'Band', pickUpText: '' }],
    })
  })

  it('answers duplicates with 409', async () => {
    const tag = (body: object) => admin(app, 'POST', '/tags', { translations: [en('T')], ...body })
    expect(await tag({ slug: 'knee' })).toMatchObject({
      status: 409,
      body: { message: 'A tag with this slug already exists.' },
    })
    expect(await tag({ id: 'rehab', slug: 'other' })).toMatchObject({
      status: 409,
      body: { message: 'An item with this id already exists.' },
    })
    // Slugs are unique per kind only.
    expect((await tag({ slug: 'rehab' })).status).toBe(201)
    const page = (body: object) =>
      admin(app, 'POST', '/pages', { translations: [en('Page')], ...body })
    expect((await page({ slug: 'blog', path: 'blog', hostsBlog: true })).status).toBe(201)
    expect((await page({ slug: 'blog-2', path: 'blog' })).body.message).toBe(
      'A page with this path already exists.',
    )
    expect((await page({ slug: 'news', path: 'news', hostsBlog: true })).body).toMatchObject({
      statusCode: 409,
      message: 'Another page already hosts the blog.',
    })
    expect((await admin(app, 'PATCH', '/tags/knee', { slug: 'rehab' })).status).toBe(409)
  })

  it('answers references to nothing with 400 and names them', async () => {
    const post = (body: object) =>
      admin(app, 'POST', '/posts', {
        slug: 'p',
        authorId: 'ana',
        translations: [en('P')],
        ...body,
      })
    expect((await post({ authorId: 'nobody' })).body).toMatchObject({
      statusCode: 400,
      message: 'authorId "nobody" does not name an author.',
    })
    expect((await post({ authorId: 'rehab' })).status).toBe(400)
    expect((await post({ categoryIds: ['rehab', 'knee'] })).body.message).toBe(
      'categoryIds: "knee" does not name a category.',
    )
    expect((await post({ coverImage: { name: 'missing.jpg', alt: '' } })).body.message).toBe(
      'No image named "missing.jpg" has been uploaded.',
    )
    expect(
      (
        await admin(app, 'POST', '/collections', {
          slug: 'c',
          productIds: ['x'],
          translations: [en('C')],
        })
      ).body.message,
    ).toBe('productIds: "x" does not name a product.')
    const { rows } = await app.db.query("SELECT id FROM content_items WHERE kind = 'posts'")
    expect(rows).toEqual([])
  })

  it('answers invalid bodies with 400 and a clear message', async () => {
    const cases: [string, unknown, RegExp][] = [
      ['/tags', { slug: 'x', translations: [{ locale: 'de', title: 'X' }] }, /include one in "en"/],
      ['/tags', { slug: 'Not A Slug', translations: [en('X')] }, /lowercase letters, digits/],
      ['/tags', { slug: 'x', translations: [en('X')], colour: 'red' }, /"colour" is not allowed/],
      ['/tags', { slug: 'x', translations: [en('X'), en('Y')] }, /one translation per locale/],
      ['/tags', { slug: 'x', translations: [{ locale: 'xx', title: 'X' }] }, /must be one of/],
      ['/pages', { slug: 'w', path: 'widget', translations: [en('W')] }, /site's own routes/],
      [
        '/products',
        { slug: 'p', price: { amount: 1, currency: 'eur' }, translations: [en('P')] },
        /ISO 4217/,
      ],
      ['/tags', undefined, /"body" is required/],
    ]
    for (const [url, payload, message] of cases) {
      const response = await app.inject({
        method: 'POST',
        url: `/api/admin/content${url}`,
        headers: auth,
        ...(payload === undefined ? {} : { payload: payload as object }),
      })
      expect(response.statusCode).toBe(400)
      expect(response.json().message).toMatch(message)
    }
    expect((await admin(app, 'POST', '/widgets', { slug: 'x' })).status).toBe(404)
  })

  it('keeps drafts out of the public references', async () => {
    await admin(app, 'POST', '/posts', {
      id: 'p1',
      slug: 'p1',
      status: 'published',
      authorId: 'ana',
      categoryIds: ['rehab'],
      tagIds: ['knee'],
      translations: [en('P1')],
    })
    // The tag is still a draft; the category is published.
    expect((await get(app, '/api/content/posts/p1')).body).toMatchObject({
      categoryIds: ['rehab'],
      tagIds: [],
    })
    await admin(app, 'POST', '/categories/rehab/unpublish')
    expect((await get(app, '/api/content/posts/p1')).body.categoryIds).toEqual([])
    await admin(app, 'POST', '/authors/ana/unpublish')
    expect((await get(app, '/api/content/posts')).body.items).toEqual([])
    expect((await get(app, '/api/content/posts/p1')).status).toBe(404)
  })

  it('refuses text the database cannot store, ids beyond any item and far-off dates with 400', async () => {
    const nul = await admin(app, 'POST', '/tags', { slug: 'nul', translations: [en('a\u0000b')] })
    expect(nul).toMatchObject({
      status: 400,
      body: {
        fields: { 'translations.0.title': 'This field contains a character that is not allowed.' },
      },
    })
    const surrogate = await admin(app, 'POST', '/tags', {
      slug: 'half',
      translations: [en('\uD800')],
    })
    expect(surrogate.status).toBe(400)
    const farOff = await admin(app, 'POST', '/posts', {
      slug: 'far-off',
      authorId: 'ana',
      publishedAt: '-271821-04-20T00:00:00Z',
      translations: [en('Far off')],
    })
    expect(farOff).toMatchObject({ status: 400, body: { statusCode: 400 } })
    for (const url of ['/tags/a%00b/publish', `/tags/${'x'.repeat(90)}/unpublish`]) {
      const { status, body } = await admin(app, 'POST', url)
      expect([status, body.statusCode]).toEqual([400, 400])
    }
    expect((await admin(app, 'PATCH', '/tags/a%00b', { slug: 'x' })).status).toBe(400)
  })

  // The same clinic's blog, seen by an editor account and by the dashboard's list.
  describe('the editor role and the studio’s list', () => {
    it('lists every item of a kind, drafts too, to the dashboard and not to the public', async () => {
      const listed = await app.inject({
        method: 'GET',
        url: '/api/admin/content/tags',
        headers: auth,
      })
      expect(listed.statusCode).toBe(200)
      expect(listed.headers['cache-control']).toBe('no-store')
      expect(listed.json().items).toMatchObject([{ id: 'knee', status: 'draft' }])
      expect((await get(app, '/api/content/tags')).body.items).toEqual([])
      expect((await app.inject({ method: 'GET', url: '/api/admin/content/tags' })).statusCode).toBe(
        401,
      )
      const unknown = await app.inject({
        method: 'GET',
        url: '/api/admin/content/x',
        headers: auth,
      })
      expect(unknown.statusCode).toBe(404)
    })

    it('lets an editor write and publish content, and nothing of bookings or accounts', async () => {
      const editor = await account(app, 'editor')
      expect(
        (await editor.request({ method: 'GET', url: '/api/admin/session' })).json(),
      ).toMatchObject({ user: { role: 'editor' } })
      expect((await editor.request({ method: 'GET', url: '/api/admin/status' })).statusCode).toBe(
        200,
      )
      const created = await editor.request({
        method: 'POST',
        url: '/api/admin/content/tags',
        payload: { id: 'hip', slug: 'hip', translations: [en('Hip')] },
      })
      expect(created.statusCode).toBe(201)
      const published = await editor.request({
        method: 'POST',
        url: '/api/admin/content/tags/hip/publish',
      })
      expect(published.json()).toMatchObject({ status: 'published' })
      // Without the session's CSRF header a browser's write is refused.
      const forged = await editor.request({
        method: 'POST',
        url: '/api/admin/content/tags/hip/unpublish',
        csrf: false,
      })
      expect(forged.statusCode).toBe(403)
      for (const url of ['/api/admin/bookings', '/api/admin/users', '/api/admin/audit']) {
        const refused = await editor.request({ method: 'GET', url })
        expect([url, refused.statusCode, refused.json().code]).toEqual([url, 403, 'forbidden'])
      }
    })

    it('counts saves: an edit from an older version is refused and changes nothing', async () => {
      const editor = await account(app, 'editor')
      const listed = async () =>
        (await app.inject({ method: 'GET', url: '/api/admin/content/tags', headers: auth })).json()
          .items[0]
      expect(await listed()).toMatchObject({ id: 'knee', version: 1, updatedBy: 'token' })

      const patch = (payload: object) =>
        editor.request({ method: 'PATCH', url: '/api/admin/content/tags/knee', payload })
      const saved = await patch({ version: 1, translations: [en('Knee pain')] })
      expect(saved.statusCode).toBe(200)
      expect(saved.json()).toMatchObject({ version: 2, updatedBy: editor.email })

      // A second editor who opened it at version 1 is told, and their title is not stored.
      const stale = await patch({ version: 1, translations: [en('Knees')] })
      expect(stale.statusCode).toBe(409)
      expect(stale.json()).toMatchObject({ code: 'version_conflict', currentVersion: 2 })
      expect((await listed()).translations[0].title).toBe('Knee pain')

      // Publishing counts too; a script that sends no version has the last word.
      const published = await editor.request({
        method: 'POST',
        url: '/api/admin/content/tags/knee/publish',
      })
      expect(published.json()).toMatchObject({ status: 'published', version: 3 })
      expect((await admin(app, 'PATCH', '/tags/knee', { slug: 'knees' })).body).toMatchObject({
        slug: 'knees',
        version: 4,
        updatedBy: 'token',
      })
      expect((await admin(app, 'PATCH', '/tags/knee', { version: 0 })).status).toBe(400)
      expect((await admin(app, 'PATCH', '/tags/nope', { version: 1, slug: 'x' })).status).toBe(404)
      // The public API says nothing of versions or who saved.
      expect((await get(app, '/api/content/tags')).body.items[0]).not.toHaveProperty('updatedBy')
    })

    it('keeps each save as a revision, and restores one as a new save that never publishes', async () => {
      const editor = await account(app, 'editor')
      const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
        editor.request({ method, url: `/api/admin/content${url}`, ...(payload && { payload }) })
      await admin(app, 'POST', '/posts', {
        id: 'knee-post',
        slug: 'knee-post',
        authorId: 'ana',
        categoryIds: ['rehab'],
        translations: [en('Knee', '<p>Rest first.</p>')],
      })
      // Before any save the history holds the item as it was created.
      expect((await call('GET', '/posts/knee-post/revisions')).json().revisions).toMatchObject([
        { version: 1, savedBy: 'token', status: 'draft' },
      ])
      expect((await call('GET', '/posts/knee-post/revisions/1')).json().item).toMatchObject({
        translations: [{ title: 'Knee' }],
      })
      await call('PATCH', '/posts/knee-post', {
        version: 1,
        categoryIds: [],
        translations: [en('Knee pain', '<p>Walk first.</p>'), { locale: 'de', title: 'Knie' }],
      })
      await call('POST', '/posts/knee-post/publish')

      const history = (await call('GET', '/posts/knee-post/revisions')).json().revisions
      expect(history).toEqual([
        {
          version: 3,
          savedAt: new Date(NOW).toISOString(),
          savedBy: editor.email,
          status: 'published',
        },
        {
          version: 2,
          savedAt: new Date(NOW).toISOString(),
          savedBy: editor.email,
          status: 'draft',
        },
        { version: 1, savedAt: new Date(NOW).toISOString(), savedBy: 'token', status: 'draft' },
      ])
      const first = (await call('GET', '/posts/knee-post/revisions/1')).json()
      expect(first.item).toMatchObject({ slug: 'knee-post', categoryIds: ['rehab'] })
      expect(first.item.translations).toMatchObject([
        { locale: 'en', title: 'Knee', body: '<p>Rest first.</p>' },
      ])

      // A restore started from an older version is refused like any save.
      const stale = await call('POST', '/posts/knee-post/revisions/1/restore', { version: 2 })
      expect([stale.statusCode, stale.json().code]).toEqual([409, 'version_conflict'])
      const restored = await call('POST', '/posts/knee-post/revisions/1/restore', { version: 3 })
      expect(restored.statusCode).toBe(200)
      expect(restored.json()).toMatchObject({
        version: 4,
        status: 'published',
        categoryIds: ['rehab'],
        translations: [{ locale: 'en', title: 'Knee', body: '<p>Rest first.</p>' }],
      })
      expect(restored.json().translations).toHaveLength(1)
      // The version it replaced keeps the German added since; the restore is itself a revision.
      const kept = await call('GET', '/posts/knee-post/revisions/3')
      expect(kept.json().item.translations.map((t: { locale: string }) => t.locale)).toEqual([
        'de',
        'en',
      ])
      const latest = (await call('GET', '/posts/knee-post/revisions')).json().revisions[0]
      expect(latest).toMatchObject({ version: 4, savedBy: editor.email })
      // The audit log names the restore, who made it and what it restored.
      const audit = await app.inject({ method: 'GET', url: '/api/admin/audit', headers: auth })
      expect(audit.json().entries[0]).toMatchObject({
        actor: editor.email,
        action: 'POST /api/admin/content/:kind/:id/revisions/:version/restore',
        detail: { params: { kind: 'posts', id: 'knee-post', version: 1 } },
      })

      for (const [url, status] of [
        ['/posts/knee-post/revisions/9', 404],
        ['/tags/knee-post/revisions/1', 404],
        ['/posts/knee-post/revisions/0', 400],
      ] as const) {
        expect([url, (await call('GET', url)).statusCode]).toEqual([url, status])
      }
      const noBody = await call('POST', '/posts/knee-post/revisions/1/restore')
      expect(noBody.statusCode).toBe(400)
      const frontDesk = await account(app, 'front_desk')
      expect(
        (
          await frontDesk.request({
            method: 'GET',
            url: '/api/admin/content/posts/knee-post/revisions',
          })
        ).statusCode,
      ).toBe(403)
    })

    it('keeps the front desk out of the content API', async () => {
      const frontDesk = await account(app, 'front_desk')
      const refused = await frontDesk.request({ method: 'GET', url: '/api/admin/content/posts' })
      expect(refused.statusCode).toBe(403)
      const write = await frontDesk.request({
        method: 'POST',
        url: '/api/admin/content/tags',
        payload: { id: 'hip', slug: 'hip', translations: [en('Hip')] },
      })
      expect(write.statusCode).toBe(403)
    })
  })
})

describe('a published item’s saves', () => {
  it('wait for the next publishing: the live site, the public API and its build never see them before', async () => {
    const app = await buildContentApp()
    try {
      await blogBasics(app)
      await admin(app, 'POST', '/posts', {
        id: 'knee-post',
        slug: 'knee-post',
        status: 'published',
        authorId: 'ana',
        translations: [en('Knee', '<p>Live.</p>'), { locale: 'de', title: 'Knie' }],
      })
      const publicPost = async () => (await get(app, '/api/content/posts/knee-post')).body
      const saved = await admin(app, 'PATCH', '/posts/knee-post', {
        version: 1,
        slug: 'knee-pain',
        categoryIds: ['rehab'],
        translations: [en('Knee pain', '<p>Changed.</p>')],
      })
      // The studio shows the save, and that it waits; the site shows what was published.
      expect(saved.body).toMatchObject({
        status: 'published',
        version: 2,
        pendingChanges: true,
        slug: 'knee-pain',
        categoryIds: ['rehab'],
        translations: [
          { locale: 'de', title: 'Knie' },
          { locale: 'en', title: 'Knee pain' },
        ],
      })
      expect(await publicPost()).toMatchObject({
        slug: 'knee-post',
        categoryIds: [],
        translations: [{ locale: 'de' }, { locale: 'en', title: 'Knee', body: '<p>Live.</p>' }],
      })
      // The preview shows the changes, found by the slug they give it.
      const token = await previewToken(app)
      const preview = await get(app, `/api/content/preview/posts/knee-pain?token=${token}`)
      expect(preview.body.item.translations[1]).toMatchObject({ title: 'Knee pain' })

      // Discarded, the studio shows the live post again; saved again and published, the site does.
      const discarded = await admin(app, 'POST', '/posts/knee-post/discard')
      expect(discarded.body).toMatchObject({ slug: 'knee-post', version: 3 })
      expect(discarded.body).not.toHaveProperty('pendingChanges')
      await admin(app, 'PATCH', '/posts/knee-post', {
        translations: [en('Knee pain', '<p>Changed.</p>')],
      })
      const republished = await admin(app, 'POST', '/posts/knee-post/publish')
      expect(republished.body).not.toHaveProperty('pendingChanges')
      expect((await publicPost()).translations[1]).toMatchObject({
        title: 'Knee pain',
        body: '<p>Changed.</p>',
      })

      // A slug another item has is refused at the save, not only at publishing.
      await admin(app, 'POST', '/posts', {
        id: 'other',
        slug: 'other',
        authorId: 'ana',
        translations: [en('O')],
      })
      const taken = await admin(app, 'PATCH', '/posts/knee-post', { slug: 'other' })
      expect(taken).toMatchObject({
        status: 409,
        body: { message: 'A post with this slug already exists.' },
      })
      expect((await admin(app, 'POST', '/posts/none/discard')).status).toBe(404)
    } finally {
      await app.close()
    }
  })

  it('are the draft when the item is unpublished, and a restore of a published item waits too', async () => {
    const app = await buildContentApp()
    try {
      await blogBasics(app)
      await admin(app, 'PATCH', '/tags/knee', { translations: [en('Knees')] })
      await admin(app, 'POST', '/tags/knee/publish')
      await admin(app, 'PATCH', '/tags/knee', { translations: [en('Knee joint')] })
      const restored = await app.inject({
        method: 'POST',
        url: '/api/admin/content/tags/knee/revisions/1/restore',
        headers: auth,
        payload: { version: 4 },
      })
      expect(restored.json()).toMatchObject({
        pendingChanges: true,
        translations: [{ title: 'Knee' }],
      })
      expect((await get(app, '/api/content/tags/knee')).body.translations[0].title).toBe('Knees')
      const unpublished = await admin(app, 'POST', '/tags/knee/unpublish')
      expect(unpublished.body).toMatchObject({ status: 'draft', translations: [{ title: 'Knee' }] })
      expect(unpublished.body).not.toHaveProperty('pendingChanges')
    } finally {
      await app.close()
    }
  })
})

describe('a published item’s references', () => {
  it('are checked at its save as a draft’s are, in the same words, and again at publishing', async () => {
    const app = await buildContentApp()
    try {
      await blogBasics(app)
      expect((await upload(app, 'cover.png', await png(40, 30))).statusCode).toBe(201)
      expect((await upload(app, 'body.png', await png(40, 30))).statusCode).toBe(201)
      const both = async (kind: string, fields: object) => {
        for (const status of ['draft', 'published']) {
          const created = await admin(app, 'POST', `/${kind}`, {
            id: `${status}-${kind}`,
            slug: `${status}-one`,
            status,
            translations: [en('One')],
            ...fields,
          })
          expect(created.status).toBe(201)
        }
      }
      await both('posts', { authorId: 'ana' })
      await both('authors', { name: 'Ana' })
      await both('products', { price: { amount: 1500, currency: 'EUR' } })
      await both('collections', {})
      const cases: [string, object, string][] = [
        ['posts', { authorId: 'nobody' }, 'authorId "nobody" does not name an author.'],
        ['posts', { authorId: 'rehab' }, 'authorId "rehab" does not name an author.'],
        [
          'posts',
          { categoryIds: ['rehab', 'knee'] },
          'categoryIds: "knee" does not name a category.',
        ],
        ['posts', { tagIds: ['knee', 'rehab'] }, 'tagIds: "rehab" does not name a tag.'],
        [
          'posts',
          { coverImage: { name: 'missing.png', alt: '' } },
          'No image named "missing.png" has been uploaded.',
        ],
        [
          'authors',
          { avatar: { name: 'missing.png', alt: '' } },
          'No image named "missing.png" has been uploaded.',
        ],
        [
          'products',
          {
            images: [
              { name: 'cover.png', alt: '' },
              { name: 'missing.png', alt: '' },
            ],
          },
          'No image named "missing.png" has been uploaded.',
        ],
        [
          'collections',
          { productIds: ['draft-products', 'x'] },
          'productIds: "x" does not name a product.',
        ],
        [
          'posts',
          { translations: [{ ...en('One'), socialImage: { name: 'missing.png', alt: '' } }] },
          'No image named "missing.png" has been uploaded.',
        ],
      ]
      for (const [kind, patch, message] of cases) {
        const draft = await admin(app, 'PATCH', `/${kind}/draft-${kind}`, patch)
        const published = await admin(app, 'PATCH', `/${kind}/published-${kind}`, patch)
        expect([kind, patch, published]).toEqual([
          kind,
          patch,
          { status: 400, body: { statusCode: 400, statusMessage: 'Bad Request', message } },
        ])
        expect(published).toEqual(draft)
      }
      // Refused, nothing was saved: no version counted, nothing waiting.
      const { rows } = await app.db.query(
        'SELECT i.id FROM content_items i LEFT JOIN content_pending p ON p.item_id = i.id WHERE i.version > 1 OR p.item_id IS NOT NULL',
      )
      expect(rows).toEqual([])

      // What exists is saved, waiting. The library keeps an image the waiting changes show (as
      // the cover or in a body), as it keeps one the site shows.
      const saved = await admin(app, 'PATCH', '/posts/published-posts', {
        categoryIds: ['rehab'],
        coverImage: { name: 'cover.png', alt: 'A knee' },
        translations: [en('Published', '<p><img src="/api/content/media/body.png" alt="" /></p>')],
      })
      expect(saved).toMatchObject({ status: 200, body: { pendingChanges: true, version: 2 } })
      for (const name of ['cover.png', 'body.png']) {
        const kept = await app.inject({
          method: 'DELETE',
          url: `/api/admin/content/media/${name}`,
          headers: auth,
        })
        expect([name, kept.statusCode, kept.json().code]).toEqual([name, 409, 'media_in_use'])
      }
      const library = await app.inject({
        method: 'GET',
        url: '/api/admin/content/media',
        headers: auth,
      })
      expect(
        library
          .json()
          .media.filter((image: { usedBy: unknown[] }) => image.usedBy.length > 0)
          .map((image: { name: string; usedBy: { id: string }[] }) => [
            image.name,
            image.usedBy.map((use) => use.id),
          ]),
      ).toEqual(
        expect.arrayContaining([
          ['cover.png', ['published-posts']],
          ['body.png', ['published-posts']],
        ]),
      )
      // Gone all the same (by hand in the database), publishing the changes refuses in the same
      // words as a save, the changes still waiting.
      await app.db.query(`DELETE FROM media WHERE name = 'cover.png'`)
      expect(await admin(app, 'POST', '/posts/published-posts/publish')).toEqual({
        status: 400,
        body: {
          statusCode: 400,
          statusMessage: 'Bad Request',
          message: 'No image named "cover.png" has been uploaded.',
        },
      })
      const listed = await app.inject({
        method: 'GET',
        url: '/api/admin/content/posts',
        headers: auth,
      })
      expect(
        listed.json().items.find((item: { id: string }) => item.id === 'published-posts'),
      ).toMatchObject({ version: 2, pendingChanges: true, categoryIds: ['rehab'] })
      // Restoring that save is a save too: refused for the image it names.
      const restored = await app.inject({
        method: 'POST',
        url: '/api/admin/content/posts/published-posts/revisions/2/restore',
        headers: auth,
        payload: { version: 2 },
      })
      expect(restored.statusCode).toBe(400)
      expect(restored.json().message).toBe('No image named "cover.png" has been uploaded.')
    } finally {
      await app.close()
    }
  })
})

describe('scheduling', () => {
  it('publishes a scheduled draft when its time comes, by the job runner, and not before', async () => {
    let clock = NOW
    const app = await buildContentApp({ now: () => clock })
    try {
      await blogBasics(app)
      const at = new Date(NOW + 2 * 60 * 60_000).toISOString()
      const scheduled = await admin(app, 'POST', '/tags/knee/schedule', { at })
      expect(scheduled).toMatchObject({
        status: 200,
        body: { status: 'draft', publishAt: at, version: 1 },
      })
      const publicTags = async () => (await get(app, '/api/content/tags')).body.items
      await app.jobs.runDueJobs()
      expect(await publicTags()).toEqual([])

      // Moved later, the first time passes and publishes nothing; the new one does.
      const later = new Date(NOW + 3 * 60 * 60_000).toISOString()
      await admin(app, 'POST', '/tags/knee/schedule', { at: later })
      clock = Date.parse(at) + 1
      await app.jobs.runDueJobs()
      expect(await publicTags()).toEqual([])
      clock = Date.parse(later)
      await app.jobs.runDueJobs()
      expect(await publicTags()).toMatchObject([{ id: 'knee', status: 'published' }])
      const listed = (
        await app.inject({ method: 'GET', url: '/api/admin/content/tags', headers: auth })
      ).json()
      expect(listed.items[0]).toMatchObject({ publishAt: null, updatedBy: 'schedule', version: 2 })
    } finally {
      await app.close()
    }
  })

  it('is cancelled by unscheduling or by publishing by hand, and refuses the past and the published', async () => {
    let clock = NOW
    const app = await buildContentApp({ now: () => clock })
    try {
      await blogBasics(app)
      const at = new Date(NOW + 60_000).toISOString()
      await admin(app, 'POST', '/tags/knee/schedule', { at })
      expect((await admin(app, 'POST', '/tags/knee/unschedule')).body).toMatchObject({
        publishAt: null,
      })
      clock = Date.parse(at)
      await app.jobs.runDueJobs()
      expect((await get(app, '/api/content/tags')).body.items).toEqual([])

      const past = await admin(app, 'POST', '/tags/knee/schedule', {
        at: new Date(clock - 1).toISOString(),
      })
      expect(past).toMatchObject({ status: 400, body: { message: 'Choose a time in the future.' } })
      expect((await admin(app, 'POST', '/tags/knee/schedule', {})).status).toBe(400)
      expect(
        (
          await admin(app, 'POST', '/tags/none/schedule', {
            at: new Date(clock + 60_000).toISOString(),
          })
        ).status,
      ).toBe(404)

      await admin(app, 'POST', '/tags/knee/schedule', {
        at: new Date(clock + 60_000).toISOString(),
      })
      const published = await admin(app, 'POST', '/tags/knee/publish')
      expect(published.body).toMatchObject({ status: 'published', publishAt: null })
      const again = await admin(app, 'POST', '/tags/knee/schedule', {
        at: new Date(clock + 60_000).toISOString(),
      })
      expect(again).toMatchObject({
        status: 409,
        body: { message: 'The tag is published already.' },
      })
    } finally {
      await app.close()
    }
  })
})

describe('sanitising bodies', () => {
  const unsafe =
    '<section data-background-image="/api/content/media/x.jpg" onclick="steal()">' +
    '<h2 data-animation-class="fade-in">Hi</h2><script>alert(1)</script>' +
    '<img src="/a.jpg" onerror="alert(2)" alt="A"><a href="javascript:alert(3)">link</a></section>'
  const safe =
    '<section data-background-image="/api/content/media/x.jpg">' +
    '<h2 data-animation-class="fade-in">Hi</h2><img src="/a.jpg" alt="A" /><a>link</a></section>'

  it('strips scripts, handlers and javascript: URLs on write, keeping the site attributes', async () => {
    const app = await buildContentApp()
    const created = await admin(app, 'POST', '/tags', {
      id: 't',
      slug: 't',
      translations: [en('T', unsafe)],
    })
    expect(created.body.translations[0].body).toBe(safe)
    const { rows } = await app.db.query<{ body: string }>(
      "SELECT body FROM content_translations WHERE item_id = 't'",
    )
    expect(rows[0]?.body).toBe(safe)
    await app.close()
  })

  it('sanitises on read too, whatever reached the database', async () => {
    const app = await buildContentApp()
    await admin(app, 'POST', '/tags', {
      id: 't',
      slug: 't',
      status: 'published',
      translations: [en('T')],
    })
    await app.db.query("UPDATE content_translations SET body = $1 WHERE item_id = 't'", [unsafe])
    expect((await get(app, '/api/content/tags/t')).body.translations[0].body).toBe(safe)
    await app.close()
  })
})

describe('media uploads', () => {
  it('stores an image with its size, replaces it, and serves it', async () => {
    const app = await buildContentApp()
    const image = await png(30, 20)
    const created = await upload(app, 'logo.png', image)
    expect(created.statusCode).toBe(201)
    expect(created.json()).toEqual({
      name: 'logo.png',
      url: 'http://localhost:80/api/content/media/logo.png',
      contentType: 'image/png',
      width: 30,
      height: 20,
    })
    const replaced = await upload(app, 'logo.png', await png(10, 40))
    expect(replaced.statusCode).toBe(200)
    expect(replaced.json()).toMatchObject({ width: 10, height: 40 })
    // Far beyond the JSON body limit: photos are big.
    const photo = await sharp(crypto.randomBytes(700 * 700 * 3), {
      raw: { width: 700, height: 700, channels: 3 },
    })
      .png()
      .toBuffer()
    expect(photo.length).toBeGreaterThan(1024 * 1024)
    expect((await upload(app, 'photo.png', photo)).statusCode).toBe(201)
    const served = await app.inject({ method: 'GET', url: '/api/content/media/logo.png' })
    expect(served.headers['content-type']).toBe('image/png')
    expect((await sharp(served.rawPayload).metadata()).height).toBe(40)

    await admin(app, 'POST', '/authors', {
      id: 'ana',
      slug: 'ana',
      name: 'Ana',
      status: 'published',
      avatar: { name: 'logo.png', alt: 'Ana' },
      translations: [en('Physio')],
    })
    expect((await get(app, '/api/content/authors/ana')).body.avatar).toEqual({
      url: 'http://localhost:80/api/content/media/logo.png',
      alt: 'Ana',
      width: 10,
      height: 40,
    })
    await app.close()
  })

  it('processes a photo once: upright, at most 2560 px, without its metadata', async () => {
    const app = await buildContentApp()
    // A phone photo lying on its side (EXIF orientation 6) with a camera's metadata.
    const photo = await sharp({
      create: { width: 3000, height: 1000, channels: 3, background: '#888' },
    })
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Make: 'PhonePhone', Model: 'X1' } } })
      .toBuffer()
    expect((await sharp(photo).metadata()).exif).toBeDefined()
    const stored = await upload(app, 'photo.jpg', photo, 'image/jpeg')
    expect(stored.json()).toMatchObject({ width: 853, height: 2560 })
    const served = await app.inject({ method: 'GET', url: '/api/content/media/photo.jpg' })
    const metadata = await sharp(served.rawPayload).metadata()
    expect([metadata.width, metadata.height, metadata.exif, metadata.orientation]).toEqual([
      853,
      2560,
      undefined,
      undefined,
    ])
    // Its one narrower copy is upright too, and as bare.
    expect(await copiesOf(app, 'photo.jpg')).toEqual([
      { width: 480, type: 'image/jpeg', read: ['jpeg', 480, 1440] },
      { width: 480, type: 'image/webp', read: ['webp', 480, 1440] },
    ])
    const copy = await app.inject({ method: 'GET', url: '/api/content/media/photo.jpg?w=480' })
    const copyMetadata = await sharp(copy.rawPayload).metadata()
    expect([copyMetadata.width, copyMetadata.exif, copyMetadata.orientation]).toEqual([
      480,
      undefined,
      undefined,
    ])
    await app.close()
  })

  it('makes AVIF copies on their first request, not on upload, and drops them on a replace', async () => {
    const app = await buildContentApp()
    const avif = (url: string) =>
      app.inject({ method: 'GET', url, headers: { accept: 'image/avif,image/webp,*/*' } })
    await upload(app, 'harbour.png', await png(2000, 1000))
    expect((await copiesOf(app, 'harbour.png')).some(({ type }) => type === 'image/avif')).toBe(
      false,
    )
    expect((await avif('/api/content/media/harbour.png?w=480')).headers['content-type']).toBe(
      'image/avif',
    )
    expect(
      (await copiesOf(app, 'harbour.png')).filter(({ type }) => type === 'image/avif'),
    ).toEqual([{ width: 480, type: 'image/avif', read: ['heif', 480, 240] }])
    // Replaced (at the same frozen moment) while its full size is being encoded: the copy of the
    // image that is gone is not kept beside the new one's.
    const encoding = avif('/api/content/media/harbour.png')
    await upload(app, 'harbour.png', await png(1000, 800))
    await encoding
    const served = await avif('/api/content/media/harbour.png')
    expect((await sharp(served.rawPayload).metadata()).height).toBe(800)
    expect(
      (await copiesOf(app, 'harbour.png')).filter(({ type }) => type === 'image/avif'),
    ).toEqual([{ width: 1000, type: 'image/avif', read: ['heif', 1000, 800] }])
    await app.close()
  })

  it('makes the narrower copies once on upload, remakes them on a replace, deletes them with it', async () => {
    const app = await buildContentApp()
    expect((await upload(app, 'knee.jpg', await jpeg(3000, 1500), 'image/jpeg')).json()).toEqual(
      expect.objectContaining({ width: 2560, height: 1280 }),
    )
    expect(await copiesOf(app, 'knee.jpg')).toEqual([
      { width: 480, type: 'image/jpeg', read: ['jpeg', 480, 240] },
      { width: 480, type: 'image/webp', read: ['webp', 480, 240] },
      { width: 960, type: 'image/jpeg', read: ['jpeg', 960, 480] },
      { width: 960, type: 'image/webp', read: ['webp', 960, 480] },
      { width: 1600, type: 'image/jpeg', read: ['jpeg', 1600, 800] },
      { width: 1600, type: 'image/webp', read: ['webp', 1600, 800] },
    ])
    // A PNG's copies are PNG and WebP; a WebP's only WebP; an image no wider than 480 px has none.
    await upload(app, 'map.png', await png(1000, 500))
    expect(await copiesOf(app, 'map.png')).toEqual([
      { width: 480, type: 'image/png', read: ['png', 480, 240] },
      { width: 480, type: 'image/webp', read: ['webp', 480, 240] },
      { width: 960, type: 'image/png', read: ['png', 960, 480] },
      { width: 960, type: 'image/webp', read: ['webp', 960, 480] },
    ])
    const webp = await sharp(await png(1000, 500))
      .webp()
      .toBuffer()
    await upload(app, 'map.webp', webp, 'image/webp')
    expect((await copiesOf(app, 'map.webp')).map(({ width, type }) => [width, type])).toEqual([
      [480, 'image/webp'],
      [960, 'image/webp'],
    ])
    await upload(app, 'icon.png', await png(480, 480))
    expect(await copiesOf(app, 'icon.png')).toEqual([])

    // Replaced by a narrower photo, the copies are the new photo's, and only its widths.
    expect((await upload(app, 'knee.jpg', await jpeg(1200, 900), 'image/jpeg')).statusCode).toBe(
      200,
    )
    expect(await copiesOf(app, 'knee.jpg')).toEqual([
      { width: 480, type: 'image/jpeg', read: ['jpeg', 480, 360] },
      { width: 480, type: 'image/webp', read: ['webp', 480, 360] },
      { width: 960, type: 'image/jpeg', read: ['jpeg', 960, 720] },
      { width: 960, type: 'image/webp', read: ['webp', 960, 720] },
    ])

    const deleted = await app.inject({
      method: 'DELETE',
      url: '/api/admin/content/media/knee.jpg',
      headers: auth,
    })
    expect(deleted.statusCode).toBe(204)
    expect(await copiesOf(app, 'knee.jpg')).toEqual([])
    expect(
      (await app.inject({ method: 'GET', url: '/api/content/media/knee.jpg?w=480' })).statusCode,
    ).toBe(404)
    // The other images keep theirs.
    expect(await copiesOf(app, 'map.png')).toHaveLength(4)
    await app.close()
  })

  it('lists the library with alt texts and uses, and deletes only what nothing shows', async () => {
    const app = await buildContentApp()
    await blogBasics(app)
    for (const name of ['cover.png', 'inline.png', 'hero.png', 'social.png', 'spare.png']) {
      expect((await upload(app, name, await png(40, 30))).statusCode).toBe(201)
    }
    await admin(app, 'POST', '/posts', {
      id: 'knee-post',
      slug: 'knee-post',
      authorId: 'ana',
      coverImage: { name: 'cover.png', alt: 'A knee' },
      translations: [
        en('Knee', '<p><img src="/api/content/media/inline.png" alt="x"></p>'),
        {
          locale: 'de',
          title: 'Knie',
          body: '<section data-background-image="/api/content/media/hero.png"><p>x</p></section>',
          socialImage: { name: 'social.png', alt: 'Ein Knie' },
        },
      ],
    })
    const call = (method: 'GET' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
      app.inject({
        method,
        url: `/api/admin/content${url}`,
        headers: auth,
        ...(payload && { payload }),
      })

    const alt = await call('PATCH', '/media/spare.png', { alt: { en: 'A spare', de: 'Ersatz' } })
    expect(alt.statusCode).toBe(200)
    expect(alt.json()).toMatchObject({ name: 'spare.png', alt: { en: 'A spare', de: 'Ersatz' } })
    await call('PATCH', '/media/spare.png', { alt: { de: '' } })
    const library = (await call('GET', '/media')).json().media as {
      name: string
      alt: object
      usedBy: object[]
    }[]
    const byName = Object.fromEntries(library.map((each) => [each.name, each]))
    expect(byName['spare.png']).toMatchObject({
      path: '/api/content/media/spare.png',
      contentType: 'image/png',
      width: 40,
      height: 30,
      alt: { en: 'A spare' },
      usedBy: [],
    })
    for (const name of ['cover.png', 'inline.png', 'hero.png', 'social.png']) {
      expect([name, byName[name]!.usedBy]).toEqual([
        name,
        [{ kind: 'posts', id: 'knee-post', title: 'Knee' }],
      ])
    }

    for (const name of ['hero.png', 'social.png']) {
      const refused = await call('DELETE', `/media/${name}`)
      expect([name, refused.statusCode]).toEqual([name, 409])
      expect(refused.json()).toMatchObject({
        code: 'media_in_use',
        message: 'The image is shown by an item: remove it there first.',
      })
    }
    expect((await call('DELETE', '/media/spare.png')).statusCode).toBe(204)
    expect(
      (await app.inject({ method: 'GET', url: '/api/content/media/spare.png' })).statusCode,
    ).toBe(404)
    expect((await call('DELETE', '/media/spare.png')).statusCode).toBe(404)
    expect((await call('PATCH', '/media/spare.png', { alt: { en: 'x' } })).statusCode).toBe(404)
    expect((await call('PATCH', '/media/cover.png', { alt: { xx: 'x' } })).statusCode).toBe(400)
    await app.close()
  })

  it('refuses what is not an image of the declared type', async () => {
    const app = await buildContentApp()
    const jpeg = await sharp(await png(8, 8))
      .jpeg()
      .toBuffer()
    expect((await upload(app, 'a.png', jpeg)).json()).toMatchObject({
      statusCode: 400,
      message: 'The body is not an image of type image/png.',
    })
    expect((await upload(app, 'a.png', Buffer.from('not an image'))).statusCode).toBe(400)
    expect((await upload(app, 'a.txt', Buffer.from('text'), 'text/plain')).statusCode).toBe(415)
    const json = await app.inject({
      method: 'PUT',
      url: '/api/admin/content/media/a.png',
      headers: auth,
      payload: { image: 'no' },
    })
    expect(json.statusCode).toBe(415)
    expect((await upload(app, 'Bad%20Name.png', await png(8, 8))).statusCode).toBe(400)
    const { rows } = await app.db.query('SELECT name FROM media')
    expect(rows).toEqual([])
    await app.close()
  })
})

describe('site settings, preview tokens and the version', () => {
  it('replaces the site settings, checking the root page exists', async () => {
    const app = await buildContentApp()
    expect((await get(app, '/api/content/site')).body).toEqual({
      defaultLocale: 'en',
      languages: LOCALES,
      rootPagePath: '',
      bookingProvider: '',
      logo: null,
      translations: [],
    })
    const site = {
      rootPagePath: 'home',
      translations: [{ locale: 'en', siteName: 'Clinic', cookieBannerText: 'Cookies.' }],
    }
    expect((await admin(app, 'PUT', '/site', site)).body.message).toBe(
      'rootPagePath "home" does not name a page.',
    )
    await admin(app, 'POST', '/pages', {
      id: 'home',
      slug: 'home',
      path: 'home',
      translations: [en('Home')],
    })
    const saved = await admin(app, 'PUT', '/site', site)
    expect(saved).toMatchObject({
      status: 200,
      body: { defaultLocale: 'en', rootPagePath: 'home' },
    })
    // The root page is still a draft: the public settings do not point at it yet.
    expect((await get(app, '/api/content/site')).body.rootPagePath).toBe('')
    await admin(app, 'POST', '/pages/home/publish')
    expect((await get(app, '/api/content/site')).body.rootPagePath).toBe('home')
    // The studio reads the settings as stored, whatever the root page's status.
    const stored = await app.inject({
      method: 'GET',
      url: '/api/admin/content/site',
      headers: auth,
    })
    expect(stored.json()).toMatchObject({ rootPagePath: 'home', translations: site.translations })
    await admin(app, 'PATCH', '/pages/home', { path: 'start' })
    // The page is published: its new path reaches the site once published again.
    expect((await get(app, '/api/content/site')).body.rootPagePath).toBe('home')
    await admin(app, 'POST', '/pages/home/publish')
    expect((await get(app, '/api/content/site')).body.rootPagePath).toBe('start')
    expect((await admin(app, 'PUT', '/site', { ...site, defaultLocale: 'de' })).body.message).toBe(
      'translations must include one in the default locale',
    )
    expect(
      (
        await admin(app, 'PUT', '/site', {
          ...site,
          rootPagePath: 'start',
          bookingProvider: 'nobody',
        })
      ).body.message,
    ).toBe('bookingProvider "nobody" does not name a booking provider.')
    await app.close()
  })

  it('keeps the languages offered, the default one always among them', async () => {
    const app = await buildContentApp()
    const translations = [
      { locale: 'en', siteName: 'Clinic' },
      { locale: 'de', siteName: 'Praxis' },
    ]
    const saved = await admin(app, 'PUT', '/site', { translations, languages: ['fr', 'en', 'de'] })
    expect(saved).toMatchObject({ status: 200, body: { languages: ['de', 'en', 'fr'] } })
    expect((await get(app, '/api/content/site')).body.languages).toEqual(['de', 'en', 'fr'])
    const refused = async (languages: unknown, defaultLocale = 'en') => {
      const answer = await admin(app, 'PUT', '/site', { translations, defaultLocale, languages })
      expect(answer.status).toBe(400)
      return answer.body.message as string
    }
    expect(await refused(['de'])).toBe('languages must include the default locale, "en"')
    expect(await refused(['en'], 'de')).toBe('languages must include the default locale, "de"')
    expect(await refused([])).toMatch(/^"languages" must contain at least 1 items/)
    expect(await refused(['en', 'xx'])).toMatch(/^"languages\[1\]" must be one of/)
    expect(await refused(['en', 'en'])).toBe('languages may name each language once')
    expect(await refused('en')).toMatch(/^"languages" must be an array/)
    // The database holds to the rule too, whatever writes to it.
    await expect(
      app.db.query("UPDATE site_settings SET languages = ARRAY['de', 'fr']"),
    ).rejects.toThrow(/site_settings_languages_check/)
    // Refusals change nothing; settings without the field offer all eleven, as before it.
    expect((await get(app, '/api/content/site')).body.languages).toEqual(['de', 'en', 'fr'])
    await admin(app, 'PUT', '/site', { translations, defaultLocale: 'de', languages: ['de'] })
    expect((await get(app, '/api/content/site')).body).toMatchObject({
      defaultLocale: 'de',
      languages: ['de'],
    })
    await admin(app, 'PUT', '/site', { translations })
    expect((await get(app, '/api/content/site')).body.languages).toEqual(LOCALES)
    await app.close()
  })

  it('shows a logo of the media library, which the library keeps while it is the logo', async () => {
    const app = await buildContentApp()
    const translations = [{ locale: 'en', siteName: 'Clinic' }]
    expect((await upload(app, 'logo.png', await png(120, 40))).statusCode).toBe(201)
    // An item whose id is the logo's use's must not lend it its name.
    await admin(app, 'POST', '/tags', { id: 'logo', slug: 'logo', translations: [en('Logos')] })
    const logo = { name: 'logo.png', alt: 'Harbor Physio' }
    const saved = await admin(app, 'PUT', '/site', { translations, logo })
    expect(saved).toMatchObject({
      status: 200,
      body: {
        logo: {
          url: expect.stringMatching(/^http:\/\/[^/]+\/api\/content\/media\/logo\.png$/),
          alt: 'Harbor Physio',
          width: 120,
          height: 40,
        },
      },
    })
    expect((await get(app, '/api/content/site')).body.logo).toEqual(saved.body.logo)

    const library = await app.inject({
      method: 'GET',
      url: '/api/admin/content/media',
      headers: auth,
    })
    const listed = (library.json().media as { name: string; usedBy: object[] }[]).find(
      (each) => each.name === 'logo.png',
    )
    expect(listed?.usedBy).toEqual([{ kind: 'site', id: 'logo', title: 'logo' }])
    const remove = () =>
      app.inject({ method: 'DELETE', url: '/api/admin/content/media/logo.png', headers: auth })
    const refused = await remove()
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({ code: 'media_in_use' })

    for (const [wrong, message] of [
      [{ name: 'nope.png', alt: '' }, 'No image named "nope.png" has been uploaded.'],
      [{ name: 'Logo.PNG', alt: '' }, '"logo.name" is not a media name'],
      [{ alt: 'x' }, '"logo.name" is required'],
      ['logo.png', '"logo" must be of type object'],
    ] as const) {
      expect(await admin(app, 'PUT', '/site', { translations, logo: wrong })).toMatchObject({
        status: 400,
        body: { message },
      })
    }
    expect((await get(app, '/api/content/site')).body.logo).toEqual(saved.body.logo)

    // Without a logo the image is shown nowhere, and goes.
    await admin(app, 'PUT', '/site', { translations, logo: null })
    expect((await get(app, '/api/content/site')).body.logo).toBeNull()
    expect((await remove()).statusCode).toBe(204)
    await app.close()
  })

  it('issues preview tokens that expire, storing only their hash', async () => {
    const app = await buildContentApp()
    const bare = await admin(app, 'POST', '/preview-tokens')
    expect(bare.status).toBe(201)
    expect(bare.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(bare.body.expiresAt).toBe(new Date(NOW + 1440 * 60_000).toISOString())
    const week = await admin(app, 'POST', '/preview-tokens', { ttlMinutes: 10_080 })
    expect(week.body.expiresAt).toBe(new Date(NOW + 10_080 * 60_000).toISOString())
    expect((await admin(app, 'POST', '/preview-tokens', { ttlMinutes: 10_081 })).status).toBe(400)
    const { rows } = await app.db.query<{ hash: string }>(
      "SELECT encode(token_hash, 'hex') AS hash FROM preview_tokens",
    )
    expect(rows).toHaveLength(2)
    expect(JSON.stringify(rows)).not.toContain(bare.body.token)
    await app.close()
  })

  it('changes the version on every content, settings or media write', async () => {
    const app = await buildContentApp()
    const version = async () => (await get(app, '/api/content/version')).body.version as string
    const seen = [await version()]
    const expectNew = async () => {
      const next = await version()
      expect(seen).not.toContain(next)
      seen.push(next)
    }
    await admin(app, 'POST', '/tags', { id: 't', slug: 't', translations: [en('T')] })
    await expectNew()
    await admin(app, 'PATCH', '/tags/t', { translations: [{ locale: 'fr', title: 'T' }] })
    await expectNew()
    await admin(app, 'POST', '/tags/t/publish')
    await expectNew()
    await admin(app, 'PUT', '/site', { translations: [{ locale: 'en', siteName: 'S' }] })
    await expectNew()
    await upload(app, 'x.png', await png(4, 4))
    await expectNew()
    await admin(app, 'POST', '/preview-tokens')
    await admin(app, 'PATCH', '/tags/nope', { slug: 'x' })
    expect(await version()).toBe(seen.at(-1))
    await app.close()
  })
})
