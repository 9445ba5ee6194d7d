import type { FastifyInstance } from 'fastify'
import {
  STUDIO_STATUSES,
  studioStatusOf,
  type StudioItem,
  type StudioPage,
} from '../../src/lib/admin/content-types'
import { admin, auth, buildContentApp, en, NOW } from './test-fixtures'

let app: FastifyInstance
/** The app's clock: each test moves it to change items at other times. */
let clock = NOW

beforeEach(async () => {
  clock = NOW
  app = await buildContentApp({ now: () => clock })
})

afterEach(async () => {
  await app.close()
})

const list = async (query: string) => {
  const response = await app.inject({
    method: 'GET',
    url: `/api/admin/content/tags${query}`,
    headers: auth,
  })
  return { status: response.statusCode, body: response.json() as StudioPage }
}

/** Every page of `query` with `limit`, as the studio's "Load more" reads them. */
async function pages(query: string, limit: number) {
  const ids: string[][] = []
  let cursor: string | null = null
  do {
    const page: { status: number; body: StudioPage } = await list(
      `?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}${query}`,
    )
    expect(page.status).toBe(200)
    expect(page.body.items.length).toBeLessThanOrEqual(limit)
    ids.push(page.body.items.map((item) => item.id))
    cursor = page.body.nextCursor
  } while (cursor !== null)
  return ids
}

const tag = (id: string, title: string, extra: object = {}) =>
  admin(app, 'POST', '/tags', { id, slug: id, translations: [en(title)], ...extra })

describe('the studio’s list', () => {
  it('pages newest change first, ties by id, with no item twice and none left out', async () => {
    // Seven tags saved at one instant, as the demo's are; two more a microsecond apart, which
    // the answer's millisecond instants do not tell apart, and one changed later.
    for (const id of ['b', 'g', 'a', 'e', 'c', 'f', 'd']) await tag(id, `Tag ${id}`)
    await tag('x1', 'X one')
    await tag('x2', 'X two')
    await app.db.query(
      `UPDATE content_items SET updated_at = updated_at + (CASE id WHEN 'x1' THEN 1 ELSE 2 END) * interval '1 microsecond'
        WHERE id IN ('x1', 'x2')`,
    )
    clock = NOW + 60_000
    expect(
      (await admin(app, 'PATCH', '/tags/a', { translations: [en('Tag a, again')] })).status,
    ).toBe(200)

    const expected = ['a', 'x2', 'x1', 'g', 'f', 'e', 'd', 'c', 'b']
    expect((await pages('', 100)).flat()).toEqual(expected)
    for (const limit of [1, 2, 3, 4]) {
      const shown = await pages('', limit)
      expect(shown.flat()).toEqual(expected)
      expect(shown.length).toBe(Math.ceil(expected.length / limit))
    }
    const first = await list('?limit=2')
    expect(first.body.items[0]).toMatchObject({
      id: 'a',
      version: 2,
      updatedAt: expect.any(String),
    })
    // Without a limit: every item in the kind's order (by slug), as the editor's choices read them.
    const all = await list('')
    expect(all.body.items.map((item) => item.id)).toEqual([...expected].sort())
    expect(all.body.nextCursor).toBeNull()
  })

  it('searches titles in every language, slugs and an author’s name, as the studio shows them', async () => {
    await tag('knee', 'Knee', { translations: [en('Knee'), { locale: 'de', title: 'Kniegelenk' }] })
    await tag('hip', 'Hip')
    await tag('shoulder-pain', '100% Shoulder')
    expect((await pages('&q=GELENK', 10)).flat()).toEqual(['knee'])
    expect((await pages('&q=%20hip%20', 10)).flat()).toEqual(['hip'])
    expect((await pages('&q=der-pa', 10)).flat()).toEqual(['shoulder-pain'])
    // Text, not a pattern.
    expect((await pages('&q=0%25', 10)).flat()).toEqual(['shoulder-pain'])
    expect((await pages('&q=_', 10)).flat()).toEqual([])
    expect((await list('?q=knee')).body.items.map((item) => item.id)).toEqual(['knee'])

    // A published item's waiting changes are what the studio lists it by.
    await admin(app, 'POST', '/tags/hip/publish')
    await admin(app, 'PATCH', '/tags/hip', { slug: 'hips', translations: [en('Pelvis')] })
    expect((await pages('&q=pelvis', 10)).flat()).toEqual(['hip'])
    expect((await pages('&q=hips', 10)).flat()).toEqual(['hip'])
    expect((await pages('&q=Hip&status=draft', 10)).flat()).toEqual([])

    const author = await admin(app, 'POST', '/authors', {
      id: 'ana',
      slug: 'ana',
      name: 'Ana Silva',
      translations: [en('Physiotherapist')],
    })
    expect(author.status).toBe(201)
    const authors = await app.inject({
      method: 'GET',
      url: '/api/admin/content/authors?limit=5&q=silva',
      headers: auth,
    })
    expect((authors.json() as StudioPage).items.map((item) => item.id)).toEqual(['ana'])
  })

  it('filters draft, scheduled, published and unpublished as the studio tells them apart', async () => {
    await tag('draft', 'Draft')
    await tag('scheduled', 'Scheduled')
    await admin(app, 'POST', '/tags/scheduled/schedule', {
      at: new Date(NOW + 86_400_000).toISOString(),
    })
    await tag('live', 'Live', { status: 'published' })
    await tag('changed', 'Changed', { status: 'published' })
    await tag('withdrawn', 'Withdrawn', { status: 'published' })
    await admin(app, 'POST', '/tags/withdrawn/unpublish')
    // A published item's save waiting to be published is a change too: it comes first.
    clock = NOW + 60_000
    await admin(app, 'PATCH', '/tags/changed', { translations: [en('Changed again')] })

    const all = (await list('')).body.items as StudioItem[]
    expect(all).toHaveLength(5)
    for (const status of STUDIO_STATUSES) {
      const shown = (await pages(`&status=${status}`, 1)).flat().sort()
      expect([status, shown]).toEqual([
        status,
        all.filter((item) => studioStatusOf(item) === status).map((item) => item.id),
      ])
      expect((await list(`?status=${status}`)).body.items.map((item) => item.id).sort()).toEqual(
        shown,
      )
    }
    expect((await pages('&status=published', 10)).flat()).toEqual(['changed', 'live'])
    expect((await pages('&status=unpublished', 10)).flat()).toEqual(['withdrawn'])
    expect((await pages('&status=draft', 10)).flat()).toEqual(['draft'])
  })

  it('refuses a limit, cursor or status it does not know with 400', async () => {
    await tag('knee', 'Knee')
    const forged = Buffer.from(JSON.stringify(['yesterday', 'knee'])).toString('base64url')
    const numeric = Buffer.from(JSON.stringify(['2030-03-04T06:00:00Z', 7])).toString('base64url')
    for (const query of [
      '?limit=0',
      '?limit=101',
      '?limit=ten',
      '?limit=2&cursor=nonsense',
      `?limit=2&cursor=${forged}`,
      `?limit=2&cursor=${numeric}`,
      `?cursor=${(await list('?limit=1')).body.nextCursor ?? 'x'}`,
      '?status=withdrawn',
      '?status=',
      `?q=${'x'.repeat(201)}`,
      '?order=title',
    ]) {
      const { status, body } = await list(query)
      expect([query, status]).toEqual([query, 400])
      expect(body).toMatchObject({ statusCode: 400, message: expect.any(String) })
    }
    expect((await list('?limit=2&cursor=nonsense')).body).toEqual({
      statusCode: 400,
      statusMessage: 'Bad Request',
      message: 'This cursor is not one of ours.',
    })
    expect((await list('?limit=0')).body).toMatchObject({
      code: 'invalid_request',
      fields: { limit: expect.any(String) },
    })
  })
})
