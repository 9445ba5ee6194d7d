import type { AdminStaff } from '../../../src/lib/admin/api-types'
import { account } from '../../admin/test-support'
import { ADMIN_TOKEN, book, bookingRequest, buildFixture } from '../test-fixtures'

const auth = { authorization: `Bearer ${ADMIN_TOKEN}` }
const weekday = (start: string, end: string) =>
  Object.fromEntries(['1', '2', '3', '4', '5'].map((day) => [day, [{ start, end }]]))

describe('staff hours outside opening hours', () => {
  it('are saved with a warning and refused when booked, unless marked as outside', async () => {
    const { app, staff, services } = await buildFixture()
    const patch = (url: string, payload: object) =>
      app.inject({ method: 'PATCH', url: `/api/admin${url}`, headers: auth, payload })
    expect(
      (await patch('/providers/1', { openingHours: weekday('08:30', '18:30') })).statusCode,
    ).toBe(200)

    const saved = await patch(`/staff/${staff.anna}`, {
      weeklyHours: { ...weekday('09:00', '17:00'), 1: [{ start: '09:00', end: '21:00' }] },
    })
    expect(saved.statusCode).toBe(200)
    expect(saved.json()).toEqual({
      id: staff.anna,
      outsideOpeningHours: { 1: [{ start: '18:30', end: '21:00' }] },
      version: 2,
    })

    // Monday 11 March, 19:00 in Berlin: within Anna's hours, but the clinic is closed.
    const evening = bookingRequest({
      lines: [{ serviceId: services.consult, staffId: staff.anna, guestIndex: 0 }],
      start: '2030-03-11T18:00:00.000Z',
    })
    const refused = await book(app, evening)
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({ statusMessage: 'No Slots available' })

    const flagOf = async () =>
      (await app.inject({ method: 'GET', url: '/api/admin/staff', headers: auth }))
        .json()
        .find((member: { id: number }) => member.id === staff.anna).outsideOpeningHours
    expect(await flagOf()).toBe(false)
    const marked = await patch(`/staff/${staff.anna}`, { outsideOpeningHours: true })
    expect(marked.json()).toEqual({ id: staff.anna, outsideOpeningHours: {}, version: 3 })
    // The dashboard's staff list shows the switch as saved.
    expect(await flagOf()).toBe(true)
    expect((await book(app, evening)).statusCode).toBe(201)
    await app.close()
  })
})

describe('two edits of one staff member (optimistic concurrency)', () => {
  it('apply the first save from a version and refuse the second, changing nothing of it', async () => {
    const { app, staff } = await buildFixture()
    const patch = (payload: object) =>
      app.inject({
        method: 'PATCH',
        url: `/api/admin/staff/${staff.anna}`,
        headers: auth,
        payload,
      })
    const stored = async (): Promise<AdminStaff> =>
      (await app.inject({ method: 'GET', url: '/api/admin/staff', headers: auth }))
        .json()
        .find((member: AdminStaff) => member.id === staff.anna)
    const before = await stored()

    const first = await patch({ name: 'Anna A.', version: before.version })
    expect([first.statusCode, first.json()]).toEqual([
      200,
      expect.objectContaining({ id: staff.anna, version: before.version + 1 }),
    ])
    const second = await patch({
      timeZone: 'Europe/Lisbon',
      weeklyHours: weekday('10:00', '12:00'),
      version: before.version,
    })
    expect([second.statusCode, second.json()]).toEqual([
      409,
      {
        statusCode: 409,
        statusMessage: 'Conflict',
        message:
          'Someone else saved this staff member while you were editing it. Your changes are ' +
          'still here: reload the staff member to see theirs, then save again.',
        code: 'version_conflict',
        currentVersion: before.version + 1,
      },
    ])
    expect(await stored()).toEqual({ ...before, name: 'Anna A.', version: before.version + 1 })

    // A script's change, without a version, is applied whatever came before (last write wins);
    // a version alone changes nothing.
    expect((await patch({ name: 'Anna B.' })).json().version).toBe(before.version + 2)
    const unchanged = await patch({ version: before.version + 2 })
    expect([unchanged.statusCode, unchanged.json().version]).toEqual([200, before.version + 2])
    expect(await stored()).toEqual({ ...before, name: 'Anna B.', version: before.version + 2 })

    for (const version of [0, 1.5, 'two', null]) {
      const refused = await patch({ name: 'X', version })
      expect([refused.statusCode, refused.json()]).toEqual([
        400,
        expect.objectContaining({ statusCode: 400, message: expect.stringContaining('version') }),
      ])
    }
    const unknown = await app.inject({
      method: 'PATCH',
      url: '/api/admin/staff/999999',
      headers: auth,
      payload: { name: 'X', version: 1 },
    })
    expect(unknown.statusCode).toBe(404)
    await app.close()
  })

  it('let a staff account save its own hours from a version, and no one else’s', async () => {
    const { app, staff } = await buildFixture()
    const practitioner = await account(app, 'staff', staff.anna)
    const hours = (id: number, version: number) =>
      practitioner.request({
        method: 'PATCH',
        url: `/api/admin/staff/${id}`,
        payload: { weeklyHours: weekday('09:00', '12:00'), version },
      })
    const saved = await hours(staff.anna, 1)
    expect([saved.statusCode, saved.json().version]).toEqual([200, 2])
    expect((await hours(staff.anna, 1)).statusCode).toBe(409)
    expect((await hours(staff.ben, 1)).statusCode).toBe(403)
    await app.close()
  })
})
