import type { CreatedBooking } from '../../../src/lib/booking/api-types'
import type {
  AdminGroup,
  AdminServiceMenu,
  CatalogueService,
  OneTimeLinkPage,
} from '../../../src/lib/admin/catalogue-types'
import { account, bearer, type Browser } from '../../admin/test-support'
import { book, bookingRequest, buildFixture, type Fixture } from '../test-fixtures'

let fixture: Fixture
let owner: Browser
let admin: Browser
let frontDesk: Browser
let staff: Browser

beforeAll(async () => {
  fixture = await buildFixture()
  owner = await account(fixture.app, 'owner')
  admin = await account(fixture.app, 'admin')
  frontDesk = await account(fixture.app, 'front_desk')
  staff = await account(fixture.app, 'staff', fixture.staff.anna)
}, 60_000)
afterAll(() => fixture.app.close())

const api = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  fixture.app.inject({
    method,
    url: `/api/admin${url}`,
    headers: bearer,
    ...(payload ? { payload } : {}),
  })

const revision = async () =>
  (
    await fixture.app.db.query<{ revision: string }>(
      'SELECT revision::text AS revision FROM availability_revision',
    )
  ).rows[0]?.revision

let slugs = 0
async function menu(published = true) {
  const slug = `menu-${++slugs}`
  const created = await api('POST', '/service-menus', {
    providerId: 1,
    slug,
    name: 'Everything',
    published,
    headings: [
      {
        name: 'One to one',
        translations: { de: { name: 'Einzeln' } },
        serviceIds: [fixture.services.massage, fixture.services.consult],
      },
    ],
  })
  expect(created.statusCode).toBe(201)
  return { id: created.json().id as number, slug }
}

async function group() {
  const slug = `group-${++slugs}`
  const created = await api('POST', '/groups', {
    providerId: 1,
    slug,
    name: 'Physio',
    description: 'Care.',
    published: true,
    serviceIds: [fixture.services.shockwave, fixture.services.consult],
  })
  expect(created.statusCode).toBe(201)
  return { id: created.json().id as number, slug }
}

describe('the catalogue admin API', () => {
  it('lists menus and groups, published or not, with what an edit takes and their widget path', async () => {
    const shown = await menu()
    const draft = await menu(false)
    const physio = await group()
    const menus = (await owner.request({ method: 'GET', url: '/api/admin/service-menus' })).json()
    expect(menus).toEqual(
      expect.arrayContaining([
        {
          id: shown.id,
          providerId: 1,
          slug: shown.slug,
          name: 'Everything',
          description: '',
          translations: {},
          published: true,
          createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
          widgetPath: `/widget/service-menus/${shown.slug}`,
          headings: [
            {
              name: 'One to one',
              translations: { de: { name: 'Einzeln' } },
              serviceIds: [fixture.services.massage, fixture.services.consult],
            },
          ],
        },
      ]),
    )
    expect((menus as AdminServiceMenu[]).find((each) => each.id === draft.id)?.published).toBe(
      false,
    )
    const groups = (await admin.request({ method: 'GET', url: '/api/admin/groups' })).json()
    expect((groups as AdminGroup[]).find((each) => each.id === physio.id)).toMatchObject({
      slug: physio.slug,
      description: 'Care.',
      widgetPath: `/widget/groups/${physio.slug}`,
      serviceIds: [fixture.services.shockwave, fixture.services.consult],
    })
  })

  it('lists the services a page or link may name, with their provider', async () => {
    const response = await admin.request({ method: 'GET', url: '/api/admin/service-choices' })
    expect(response.statusCode).toBe(200)
    const choices = response.json() as CatalogueService[]
    expect(choices.find((each) => each.id === fixture.services.consult)).toMatchObject({
      providerId: 1,
      name: expect.any(String),
      providerName: expect.any(String),
    })
  })

  it.each([
    ['service-menus', menu, 'service-menus'],
    ['groups', group, 'groups'],
  ] as const)(
    'deletes %s: the public route then answers not found, a new revision, an audit row',
    async (path, make, publicPath) => {
      const page = await make()
      expect(
        (await fixture.app.inject({ method: 'GET', url: `/api/${publicPath}/${page.slug}` }))
          .statusCode,
      ).toBe(200)
      const before = BigInt((await revision()) ?? 0)
      const deleted = await owner.request({
        method: 'DELETE',
        url: `/api/admin/${path}/${page.id}`,
      })
      expect(deleted.statusCode).toBe(204)
      expect(BigInt((await revision()) ?? 0)).toBeGreaterThan(before)
      for (const name of [page.slug, String(page.id)]) {
        const gone = await fixture.app.inject({ method: 'GET', url: `/api/${publicPath}/${name}` })
        expect(gone.statusCode).toBe(404)
        expect(gone.json()).toMatchObject({ statusCode: 404, code: 'not_found' })
      }
      const listed = (await api('GET', `/${path}`)).json() as { id: number }[]
      expect(listed.map((each) => each.id)).not.toContain(page.id)
      const audit = (await api('GET', '/audit')).json() as { entries: { action: string }[] }
      expect(audit.entries.map((entry) => entry.action)).toContain(`DELETE /api/admin/${path}/:id`)
      const again = await api('DELETE', `/${path}/${page.id}`)
      expect(again.statusCode).toBe(404)
      expect(again.json()).toMatchObject({ statusCode: 404, message: expect.any(String) })
    },
  )

  it('refuses a malformed id or page size with the error object', async () => {
    for (const [method, url] of [
      ['DELETE', '/service-menus/abc'],
      ['DELETE', '/groups/0'],
      ['GET', '/one-time-links?limit=0'],
      ['GET', '/one-time-links?before=x'],
    ] as const) {
      const response = await api(method, url)
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({ statusCode: 400, message: expect.any(String) })
    }
  })

  it('lets owners and admins in, and refuses the front desk and staff', async () => {
    const { id } = await menu()
    const { id: groupId } = await group()
    for (const url of [
      '/api/admin/service-menus',
      '/api/admin/groups',
      '/api/admin/one-time-links',
      '/api/admin/service-choices',
    ]) {
      expect((await owner.request({ method: 'GET', url })).statusCode).toBe(200)
      expect((await admin.request({ method: 'GET', url })).statusCode).toBe(200)
      expect((await frontDesk.request({ method: 'GET', url })).statusCode).toBe(403)
      expect((await staff.request({ method: 'GET', url })).statusCode).toBe(403)
    }
    for (const url of [`/api/admin/service-menus/${id}`, `/api/admin/groups/${groupId}`]) {
      expect((await frontDesk.request({ method: 'DELETE', url })).statusCode).toBe(403)
      expect((await staff.request({ method: 'DELETE', url })).statusCode).toBe(403)
      expect((await admin.request({ method: 'DELETE', url })).statusCode).toBe(204)
    }
  })

  it('refuses a delete or a new link without the CSRF header', async () => {
    const { id } = await menu()
    const url = `/api/admin/service-menus/${id}`
    const refused = await owner.request({ method: 'DELETE', url, csrf: false })
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toMatchObject({ code: 'forbidden' })
    const link = await owner.request({
      method: 'POST',
      url: '/api/admin/one-time-links',
      payload: { serviceId: fixture.services.consult },
      csrf: false,
    })
    expect(link.statusCode).toBe(403)
    expect((await owner.request({ method: 'DELETE', url })).statusCode).toBe(204)
  })
})

describe('the one-time links list', () => {
  const create = async (payload: object) => {
    const created = await admin.request({
      method: 'POST',
      url: '/api/admin/one-time-links',
      payload,
    })
    expect(created.statusCode).toBe(201)
    return created.json() as { slug: string; widgetPath: string }
  }

  it('gives a new link its widget path, and lists links newest first as used, unused or expired', async () => {
    const used = await create({ serviceId: fixture.services.consult })
    expect(used.widgetPath).toBe(`/widget/otl/${used.slug}`)
    await create({ serviceId: fixture.services.consult, expiresAt: '2020-01-01T00:00:00.000Z' })
    await create({ serviceId: fixture.services.massage, expiresAt: '2099-01-01T00:00:00.000Z' })
    const booked = await book(
      fixture.app,
      bookingRequest({
        lines: [{ serviceId: fixture.services.consult, staffId: null, guestIndex: 0 }],
        start: '2030-03-05T09:00:00.000Z',
        oneTimeSlug: used.slug,
      }),
    )
    expect(booked.statusCode).toBe(201)

    const page = (
      await owner.request({ method: 'GET', url: '/api/admin/one-time-links' })
    ).json() as OneTimeLinkPage
    const [unused, expired, spent] = page.links
    expect(unused).toMatchObject({
      serviceId: fixture.services.massage,
      state: 'unused',
      expiresAt: '2099-01-01T00:00:00.000Z',
      usedAt: null,
      bookingId: null,
    })
    expect(expired).toMatchObject({ state: 'expired', usedAt: null })
    expect(spent).toMatchObject({
      serviceId: fixture.services.consult,
      serviceName: expect.any(String),
      state: 'used',
      expiresAt: null,
      usedAt: expect.stringMatching(/Z$/),
      bookingId: (booked.json() as CreatedBooking).booking.id,
      createdAt: expect.stringMatching(/Z$/),
    })
    // The slug is a secret kept only as a hash: no list shows it again.
    expect(JSON.stringify(page)).not.toContain(used.slug)
  })

  it('pages with a bounded limit and a `before` cursor', async () => {
    await create({ serviceId: fixture.services.consult })
    await create({ serviceId: fixture.services.consult })
    const first = (await api('GET', '/one-time-links?limit=1')).json() as OneTimeLinkPage
    expect(first.links).toHaveLength(1)
    expect(first.next).toBe(first.links[0]?.id)
    const second = (
      await api('GET', `/one-time-links?limit=1&before=${first.next}`)
    ).json() as OneTimeLinkPage
    expect(second.links[0]?.id).toBeLessThan(first.links[0]!.id)
    const all = (await api('GET', '/one-time-links?limit=100')).json() as OneTimeLinkPage
    expect(all.next).toBeNull()
    expect((await api('GET', '/one-time-links?limit=101')).statusCode).toBe(400)
  })
})
