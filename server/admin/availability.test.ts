import type { SlotsResponse } from '../../src/lib/booking/api-types'
import { encodePartyLines } from '../../src/lib/booking/party'
import type { AuditEntry, BlockedPeriod, DateOverride } from '../../src/lib/admin/api-types'
import { book, bookingRequest, buildFixture, type Fixture } from '../booking/test-fixtures'
import { account, bearer, type Browser } from './test-support'

let fixture: Fixture
let anna: Browser

beforeAll(async () => {
  fixture = await buildFixture()
  anna = await account(fixture.app, 'staff', fixture.staff.anna)
}, 60_000)
afterAll(() => fixture.app.close())

// The fixture's clock stands on Monday 4 March 2030, 07:00 in Berlin: tomorrow is Tuesday.
const TOMORROW = '2030-03-05'

async function consultSlots(staffId?: number) {
  const lines = [{ serviceId: fixture.services.consult, staffId: staffId ?? null }]
  const response = await fixture.app.inject({
    method: 'GET',
    url: `/api/slots?month=2030-03&timeZone=Europe/Berlin&lines=${encodePartyLines(lines)}&seats=1`,
  })
  expect(response.statusCode).toBe(200)
  return response.json() as SlotsResponse
}

const admin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  fixture.app.inject({
    method,
    url: `/api/admin${url}`,
    headers: bearer,
    ...(payload ? { payload } : {}),
  })

describe('blocked periods', () => {
  it("take tomorrow's slots away at once, refuse bookings in them, and give them back", async () => {
    expect((await consultSlots()).days[TOMORROW]?.length).toBeGreaterThan(0)
    const blocked = await admin('POST', '/blocked-periods', {
      staffId: null,
      start: '2030-03-04T23:00:00Z',
      end: '2030-03-05T23:00:00Z',
      reason: 'Team day',
    })
    expect(blocked.statusCode).toBe(201)
    const period = blocked.json() as BlockedPeriod
    expect(period).toMatchObject({
      staffId: null,
      reason: 'Team day',
      start: '2030-03-04T23:00:00.000Z',
    })
    const after = await consultSlots()
    expect(after.days[TOMORROW] ?? []).toEqual([])
    expect(after.days['2030-03-06']?.length).toBeGreaterThan(0)

    const refused = await book(
      fixture.app,
      bookingRequest({
        lines: [{ serviceId: fixture.services.consult, staffId: null, guestIndex: 0 }],
        start: '2030-03-05T09:00:00.000Z',
      }),
    )
    expect(refused.statusCode).toBe(409)
    expect(refused.json().code).toBe('no_slots')

    const listed = await admin(
      'GET',
      '/blocked-periods?from=2030-03-01T00:00:00Z&to=2030-04-01T00:00:00Z',
    )
    expect(listed.json()).toEqual([period])
    expect((await admin('DELETE', `/blocked-periods/${period.id}`)).statusCode).toBe(204)
    expect((await consultSlots()).days[TOMORROW]?.length).toBeGreaterThan(0)
    expect((await admin('DELETE', `/blocked-periods/${period.id}`)).statusCode).toBe(404)
  })

  it("of one staff member leave the others' slots, and a staff account blocks only its own", async () => {
    const mine = await anna.request({
      method: 'POST',
      url: '/api/admin/blocked-periods',
      payload: {
        staffId: fixture.staff.anna,
        start: '2030-03-05T00:00:00Z',
        end: '2030-03-06T00:00:00Z',
        reason: '',
      },
    })
    expect(mine.statusCode).toBe(201)
    expect((await consultSlots(fixture.staff.anna)).days[TOMORROW] ?? []).toEqual([])
    expect((await consultSlots(fixture.staff.ben)).days[TOMORROW]?.length).toBeGreaterThan(0)
    const others = await anna.request({
      method: 'POST',
      url: '/api/admin/blocked-periods',
      payload: {
        staffId: fixture.staff.ben,
        start: '2030-03-05T00:00:00Z',
        end: '2030-03-06T00:00:00Z',
      },
    })
    expect(others.statusCode).toBe(403)
    const backwards = await anna.request({
      method: 'POST',
      url: '/api/admin/blocked-periods',
      payload: {
        staffId: fixture.staff.anna,
        start: '2030-03-06T00:00:00Z',
        end: '2030-03-05T00:00:00Z',
      },
    })
    expect(backwards.statusCode).toBe(400)
    expect(
      (
        await anna.request({
          method: 'DELETE',
          url: `/api/admin/blocked-periods/${mine.json().id}`,
        })
      ).statusCode,
    ).toBe(204)
  })
})

describe('date overrides and staff', () => {
  it('sets, lists and removes a day off, and the slots follow', async () => {
    const { anna: annaId } = fixture.staff
    const set = await anna.request({
      method: 'PUT',
      url: `/api/admin/staff/${annaId}/overrides/2030-03-07`,
      payload: { ranges: [] },
    })
    expect(set.json()).toEqual({ date: '2030-03-07', ranges: [] })
    expect((await consultSlots(annaId)).days['2030-03-07'] ?? []).toEqual([])
    const listed = await anna.request({
      method: 'GET',
      url: `/api/admin/staff/${annaId}/overrides?from=2030-03-01&to=2030-03-31`,
    })
    expect(listed.json() as DateOverride[]).toEqual([{ date: '2030-03-07', ranges: [] }])
    const removed = await anna.request({
      method: 'DELETE',
      url: `/api/admin/staff/${annaId}/overrides/2030-03-07`,
    })
    expect(removed.statusCode).toBe(204)
    expect((await consultSlots(annaId)).days['2030-03-07']?.length).toBeGreaterThan(0)
    const unreal = await anna.request({
      method: 'PUT',
      url: `/api/admin/staff/${annaId}/overrides/2030-02-30`,
      payload: { ranges: [] },
    })
    expect(unreal.statusCode).toBe(400)
  })

  it('lists the staff with their hours and services; a staff account sees itself', async () => {
    const all = await admin('GET', '/staff')
    expect(all.json().map((s: { name: string }) => s.name)).toEqual(['Anna', 'Ben', 'Carla'])
    expect(all.json()[0]).toMatchObject({
      timeZone: 'Europe/Berlin',
      weeklyHours: { 1: [{ start: '09:00', end: '17:00' }] },
      serviceIds: expect.arrayContaining([fixture.services.consult]),
    })
    const own = await anna.request({ method: 'GET', url: '/api/admin/staff' })
    expect(own.json().map((s: { id: number }) => s.id)).toEqual([fixture.staff.anna])
  })
})

describe('the audit log', () => {
  it('records availability changes and the older admin write routes, newest first, paged', async () => {
    await admin('PUT', `/staff/${fixture.staff.ben}/overrides/2030-04-01`, { ranges: [] })
    await fixture.app.inject({
      method: 'PATCH',
      url: `/api/admin/services/${fixture.services.yoga}`,
      headers: bearer,
      payload: { name: 'Yoga' },
    })
    const first = await admin('GET', '/audit?limit=2')
    const page = first.json() as { entries: AuditEntry[]; nextCursor: string }
    expect(page.entries.map(({ actor, action, target }) => [actor, action, target])).toEqual([
      ['token', 'PATCH /api/admin/services/:id', null],
      ['token', 'availability.override_set', `staff:${fixture.staff.ben}`],
    ])
    expect(page.entries[0]?.detail).toEqual({ params: { id: fixture.services.yoga } })
    const next = await admin('GET', `/audit?limit=2&cursor=${page.nextCursor}`)
    const ids = (next.json() as { entries: AuditEntry[] }).entries.map((entry) => entry.id)
    expect(Math.max(...ids)).toBeLessThan(Math.min(...page.entries.map((entry) => entry.id)))
  })
})
