import { buildTestApp } from '../../test-app'
import { ADMIN_TOKEN, book, bookingRequest, buildFixture, type Fixture } from '../test-fixtures'

const auth = { authorization: `Bearer ${ADMIN_TOKEN}` }

async function admin(app: Fixture['app'], method: 'POST' | 'PATCH', url: string, payload = {}) {
  return app.inject({ method, url: `/api/admin${url}`, headers: auth, payload })
}

/** A published menu of the fixture's services under two headings, and a group of two. */
async function withPages(fixture: Fixture) {
  const { app, services } = fixture
  const menu = await admin(app, 'POST', '/service-menus', {
    providerId: 1,
    slug: 'all-treatments',
    name: 'All treatments',
    description: 'Everything we offer.',
    translations: { de: { name: 'Alle Behandlungen', description: 'Alles, was wir anbieten.' } },
    published: true,
    headings: [
      { name: 'One to one', serviceIds: [services.massage, services.consult] },
      { name: 'Classes', translations: { de: { name: 'Kurse' } }, serviceIds: [services.yoga] },
    ],
  })
  const group = await admin(app, 'POST', '/groups', {
    providerId: 1,
    slug: 'physio',
    name: 'Physio',
    description: 'One-to-one care.',
    published: true,
    serviceIds: [services.shockwave, services.consult],
  })
  expect([menu.statusCode, group.statusCode]).toEqual([201, 201])
  return { menuId: menu.json().id as number, groupId: group.json().id as number }
}

describe('service menus and groups API', () => {
  it('answers a published menu by id and by slug alike, headings and services in order', async () => {
    const fixture = await buildFixture()
    const { app, services, staff } = fixture
    const { menuId } = await withPages(fixture)
    const byId = await app.inject({ method: 'GET', url: `/api/service-menus/${menuId}` })
    const bySlug = await app.inject({ method: 'GET', url: '/api/service-menus/all-treatments' })
    expect(byId.statusCode).toBe(200)
    expect(bySlug.json()).toEqual(byId.json())
    const menu = byId.json()
    expect(menu).toMatchObject({
      id: menuId,
      slug: 'all-treatments',
      name: 'All treatments',
      provider: { slug: 'clinic' },
      headings: [
        { name: 'One to one', translations: {}, serviceIds: [services.massage, services.consult] },
        { name: 'Classes', translations: { de: { name: 'Kurse' } }, serviceIds: [services.yoga] },
      ],
    })
    expect(menu.services.map((s: { id: number }) => s.id)).toEqual([
      services.massage,
      services.consult,
      services.yoga,
    ])
    expect(menu.staff.map((s: { id: number }) => s.id)).toEqual([
      staff.anna,
      staff.ben,
      staff.carla,
    ])
    await app.close()
  })

  it('answers a published group by id and by slug alike, its calendars in order', async () => {
    const fixture = await buildFixture()
    const { app, services, staff } = fixture
    const { groupId } = await withPages(fixture)
    const byId = await app.inject({ method: 'GET', url: `/api/groups/${groupId}` })
    const bySlug = await app.inject({ method: 'GET', url: '/api/groups/physio' })
    expect(bySlug.json()).toEqual(byId.json())
    expect(byId.json()).toMatchObject({ name: 'Physio', description: 'One-to-one care.' })
    expect(byId.json().services.map((s: { id: number }) => s.id)).toEqual([
      services.shockwave,
      services.consult,
    ])
    // Carla teaches yoga only, which the group does not list.
    expect(byId.json().staff.map((s: { id: number }) => s.id)).toEqual([staff.anna, staff.ben])
    await app.close()
  })

  it('answers 404 with the error object for unknown and unpublished menus and groups', async () => {
    const fixture = await buildFixture()
    const { app } = fixture
    const { menuId, groupId } = await withPages(fixture)
    const draft = await admin(app, 'POST', '/groups', {
      providerId: 1,
      slug: 'draft-group',
      name: 'Not yet',
      serviceIds: [fixture.services.yoga],
    })
    expect(draft.statusCode).toBe(201)
    for (const url of [
      '/api/service-menus/nothing-here',
      '/api/service-menus/999',
      '/api/service-menus/99999999999999',
      '/api/groups/nothing-here',
      `/api/groups/${draft.json().id}`,
      '/api/groups/draft-group',
    ]) {
      const response = await app.inject({ method: 'GET', url })
      expect([url, response.statusCode]).toEqual([url, 404])
      expect(response.json()).toMatchObject({ statusCode: 404, code: 'not_found' })
      expect(typeof response.json().message).toBe('string')
    }
    // What could never name a page is refused with the error object, never a 5xx: text the
    // database cannot hold with 400, a segment longer than any route's parameter with 404.
    for (const [url, status] of [
      ['/api/service-menus/a%00b', 400],
      [`/api/groups/${'x'.repeat(200)}`, 404],
    ] as const) {
      const response = await app.inject({ method: 'GET', url })
      expect([url, response.statusCode]).toEqual([url, status])
      expect(response.json()).toMatchObject({ statusCode: status })
    }
    // Unpublishing hides a page again, by id and by slug.
    await admin(app, 'POST', `/service-menus/${menuId}/unpublish`)
    await admin(app, 'POST', `/groups/${groupId}/unpublish`)
    for (const url of [
      `/api/service-menus/${menuId}`,
      '/api/service-menus/all-treatments',
      `/api/groups/${groupId}`,
      '/api/groups/physio',
    ]) {
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(404)
    }
    await admin(app, 'POST', `/groups/${groupId}/publish`)
    expect((await app.inject({ method: 'GET', url: '/api/groups/physio' })).statusCode).toBe(200)
    await app.close()
  })

  it('edits and reorders a menu through the admin API, and refuses bad input with 4xx', async () => {
    const fixture = await buildFixture()
    const { app, services } = fixture
    const { menuId, groupId } = await withPages(fixture)
    const reordered = await admin(app, 'PATCH', `/service-menus/${menuId}`, {
      name: 'Treatments',
      headings: [
        { name: 'Classes', serviceIds: [services.yoga] },
        { name: 'One to one', serviceIds: [services.consult, services.massage] },
      ],
    })
    expect(reordered.statusCode).toBe(200)
    const menu = (
      await app.inject({ method: 'GET', url: '/api/service-menus/all-treatments' })
    ).json()
    expect(menu.name).toBe('Treatments')
    expect(menu.headings.map((h: { name: string }) => h.name)).toEqual(['Classes', 'One to one'])
    expect(menu.services.map((s: { id: number }) => s.id)).toEqual([
      services.yoga,
      services.consult,
      services.massage,
    ])
    const regrouped = await admin(app, 'PATCH', `/groups/${groupId}`, {
      serviceIds: [services.consult, services.shockwave],
    })
    expect(regrouped.statusCode).toBe(200)
    const group = (await app.inject({ method: 'GET', url: '/api/groups/physio' })).json()
    expect(group.services.map((s: { id: number }) => s.id)).toEqual([
      services.consult,
      services.shockwave,
    ])

    const refusals = [
      await admin(app, 'POST', '/groups', { providerId: 1, slug: '123', name: 'Digits' }),
      await admin(app, 'POST', '/groups', { providerId: 1, slug: 'physio', name: 'Again' }),
      await admin(app, 'POST', '/groups', {
        providerId: 1,
        slug: 'ghosts',
        name: 'Ghosts',
        serviceIds: [999],
      }),
      await admin(app, 'POST', '/groups', { providerId: 999, slug: 'nobody', name: 'Nobody' }),
      await admin(app, 'PATCH', '/service-menus/999', { name: 'Missing' }),
      await admin(app, 'PATCH', `/service-menus/${menuId}`, { providerId: 2 }),
      await admin(app, 'POST', '/service-menus', {
        providerId: 1,
        slug: 'empty-heading',
        name: 'Empty',
        headings: [{ name: 'Nothing', serviceIds: [] }],
      }),
    ]
    expect(refusals.map((r) => r.statusCode)).toEqual([400, 409, 400, 404, 404, 400, 400])
    for (const refusal of refusals) {
      expect(refusal.json()).toMatchObject({ statusCode: refusal.statusCode })
      expect(refusal.json().message).toEqual(expect.any(String))
    }
    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/admin/groups',
      payload: { providerId: 1, slug: 'x', name: 'X' },
    })
    expect(anonymous.statusCode).toBe(401)
    await app.close()
  })
})

describe('team assignment in booking creation', () => {
  it('books "any available staff" round robin: by priority, then least recently booked', async () => {
    const { app, services, staff } = await buildFixture()
    const assigned = async (start: string) => {
      const response = await book(
        app,
        bookingRequest({
          start,
          lines: [{ serviceId: services.consult, staffId: null, guestIndex: 0 }],
        }),
      )
      expect(response.statusCode).toBe(201)
      return response.json().booking.lines[0].staffId as number
    }
    // Equal priorities: the two alternate, whoever was booked least recently next.
    const first = await assigned('2030-03-05T09:00:00.000Z')
    const second = await assigned('2030-03-05T10:00:00.000Z')
    const third = await assigned('2030-03-05T11:00:00.000Z')
    expect(new Set([first, second])).toEqual(new Set([staff.anna, staff.ben]))
    expect(third).toBe(first)
    // A higher priority wins whenever that member is free.
    await admin(app, 'PATCH', `/staff/${staff.ben}`, { priority: 80 })
    expect(await assigned('2030-03-05T12:00:00.000Z')).toBe(staff.ben)
    expect(await assigned('2030-03-05T13:00:00.000Z')).toBe(staff.ben)
    // Ben busy at that time: the next in line is booked instead.
    await book(
      app,
      bookingRequest({
        start: '2030-03-05T14:00:00.000Z',
        lines: [{ serviceId: services.consult, staffId: staff.ben, guestIndex: 0 }],
      }),
    )
    expect(await assigned('2030-03-05T14:00:00.000Z')).toBe(staff.anna)
    await app.close()
  })

  it('does not give the round-robin pick to a line whose service only they perform', async () => {
    const { app, services, staff } = await buildFixture()
    // Ben was booked last, so round robin prefers Anna for a consultation; but only Anna does
    // shockwave, so a party taking both must give Ben the consultation.
    await book(
      app,
      bookingRequest({
        start: '2030-03-05T08:00:00.000Z',
        lines: [{ serviceId: services.consult, staffId: staff.ben, guestIndex: 0 }],
      }),
    )
    const slots = await app.inject({
      method: 'GET',
      url: `/api/slots?month=2030-03&timeZone=UTC&lines=${services.consult},${services.shockwave}`,
    })
    expect(slots.json().days['2030-03-05']).toEqual(
      expect.arrayContaining([expect.objectContaining({ start: '2030-03-05T10:00:00.000Z' })]),
    )
    const party = await book(
      app,
      bookingRequest({
        start: '2030-03-05T10:00:00.000Z',
        lines: [
          { serviceId: services.consult, staffId: null, guestIndex: 0 },
          { serviceId: services.shockwave, staffId: null, guestIndex: 1 },
        ],
        guests: [{ name: 'Bo Berg', email: 'bo@example.com' }],
        termsAccepted: true,
      }),
    )
    expect(party.statusCode).toBe(201)
    expect(
      party
        .json()
        .booking.lines.map((line: { serviceId: number; staffId: number }) => [
          line.serviceId,
          line.staffId,
        ]),
    ).toEqual([
      [services.consult, staff.ben],
      [services.shockwave, staff.anna],
    ])
    await app.close()
  })

  it('books equal distribution by the fewest bookings of the service', async () => {
    const { app, services, staff } = await buildFixture()
    const patched = await admin(app, 'PATCH', `/services/${services.consult}`, {
      assignment: 'equal_distribution',
    })
    expect(patched.statusCode).toBe(200)
    const bookAt = (start: string, staffId: number | null) =>
      book(
        app,
        bookingRequest({ start, lines: [{ serviceId: services.consult, staffId, guestIndex: 0 }] }),
      )
    // Anna has two bookings, Ben one made later: Ben is booked least recently by neither rule
    // but has fewer bookings, so equal distribution books him.
    await bookAt('2030-03-05T08:00:00.000Z', staff.anna)
    await bookAt('2030-03-05T09:00:00.000Z', staff.anna)
    await bookAt('2030-03-05T10:00:00.000Z', staff.ben)
    const next = await bookAt('2030-03-05T12:00:00.000Z', null)
    expect(next.json().booking.lines[0].staffId).toBe(staff.ben)
    const badRule = await admin(app, 'PATCH', `/services/${services.consult}`, {
      assignment: 'whoever',
    })
    expect(badRule.statusCode).toBe(400)
    await app.close()
  })
})

describe('collective services', () => {
  it('book every required member together, charge once, and offer only times all are free', async () => {
    const { app, services, staff } = await buildFixture()
    const patched = await admin(app, 'PATCH', `/services/${services.consult}`, {
      assignment: 'collective',
    })
    expect(patched.statusCode).toBe(200)
    // Anna is busy at 10:00 (Berlin 11:00) with another service: the consultation needs both.
    await book(
      app,
      bookingRequest({
        start: '2030-03-05T10:00:00.000Z',
        lines: [{ serviceId: services.massage, staffId: staff.anna, guestIndex: 0 }],
      }),
    )
    const slots = await app.inject({
      method: 'GET',
      url: `/api/slots?month=2030-03&timeZone=UTC&lines=${services.consult}`,
    })
    const tuesday = slots.json().days['2030-03-05'].map((slot: { start: string }) => slot.start)
    expect(tuesday).toContain('2030-03-05T09:00:00.000Z')
    expect(tuesday).not.toContain('2030-03-05T10:00:00.000Z')

    const created = await book(
      app,
      bookingRequest({
        start: '2030-03-05T09:00:00.000Z',
        lines: [{ serviceId: services.consult, staffId: null, guestIndex: 0 }],
      }),
    )
    expect(created.statusCode).toBe(201)
    const booking = created.json().booking
    expect(booking.lines.map((line: { staffId: number }) => line.staffId).sort()).toEqual(
      [staff.anna, staff.ben].sort(),
    )
    expect(booking.totalCents).toBe(5000)
    // Both gave the appointment their time: neither can be booked at 09:00 now.
    const again = await book(
      app,
      bookingRequest({
        start: '2030-03-05T09:00:00.000Z',
        lines: [{ serviceId: services.massage, staffId: staff.ben, guestIndex: 0 }],
      }),
    )
    expect(again.statusCode).toBe(409)

    // A class cannot be collective: its members would not give each seat their whole time.
    const classCollective = await admin(app, 'PATCH', `/services/${services.yoga}`, {
      assignment: 'collective',
    })
    expect(classCollective.statusCode).toBe(400)
    const badCount = await admin(app, 'PATCH', `/services/${services.consult}`, {
      collectiveMembers: 1,
    })
    expect(badCount.statusCode).toBe(400)
    await app.close()
  })

  it('move the whole crew when the visitor reschedules', async () => {
    const { app, services, staff } = await buildFixture()
    await admin(app, 'PATCH', `/services/${services.consult}`, { assignment: 'collective' })
    const created = await book(
      app,
      bookingRequest({
        start: '2030-03-05T09:00:00.000Z',
        lines: [{ serviceId: services.consult, staffId: null, guestIndex: 0 }],
      }),
    )
    const { manageToken } = created.json()
    const moved = await app.inject({
      method: 'POST',
      url: `/api/bookings/manage/${manageToken}/reschedule`,
      payload: { start: '2030-03-05T12:00:00.000Z', timeZone: 'Europe/Berlin' },
    })
    expect(moved.statusCode).toBe(200)
    const lines = moved.json().booking.lines
    expect(lines).toHaveLength(2)
    expect(lines.map((line: { staffId: number }) => line.staffId).sort()).toEqual(
      [staff.anna, staff.ben].sort(),
    )
    expect(moved.json().booking.totalCents).toBe(5000)
    await app.close()
  })
})

describe('demo service menu and groups', () => {
  it('are loaded with the demo clinic: one menu of two headings, two groups, staff priorities', async () => {
    const app = await buildTestApp({}, { seedDemo: true })
    const menu = (
      await app.inject({ method: 'GET', url: '/api/service-menus/our-services' })
    ).json()
    expect(menu.headings).toHaveLength(2)
    const provider = (
      await app.inject({ method: 'GET', url: '/api/providers/harbor-physio' })
    ).json()
    expect(menu.services.map((s: { slug: string }) => s.slug).sort()).toEqual(
      provider.services.map((s: { slug: string }) => s.slug).sort(),
    )
    const physio = await app.inject({ method: 'GET', url: '/api/groups/physiotherapy' })
    const classes = await app.inject({ method: 'GET', url: '/api/groups/classes' })
    expect([physio.json().name, classes.json().name]).toEqual(['Physiotherapy', 'Classes'])
    const { rows } = await app.db.query<{ priority: number }>(
      'SELECT priority FROM staff ORDER BY id',
    )
    expect(rows.map((row) => row.priority)).toEqual([50, 50, 30])
    await app.close()
  })
})
