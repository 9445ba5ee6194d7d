import zlib from 'node:zlib'
import type { SlotsResponse } from '../../src/lib/booking/api-types'
import type { Queryable } from '../db'
import {
  availabilityChanges,
  createSlotCache,
  touches,
  type AvailabilityChange,
  type Scope,
} from './slot-cache'
import { buildFixture, NOW, type Fixture } from './test-fixtures'

/**
 * A database that answers the revision query with whatever the test says now: the revision, the
 * oldest change kept and the changes since (none kept unless the test says).
 */
function revisions() {
  const state = {
    revision: 1,
    oldest: null as number | null,
    changes: [] as AvailabilityChange[],
  }
  const db = {
    query: async () => ({
      rows: [
        {
          revision: String(state.revision),
          oldest: state.oldest === null ? null : String(state.oldest),
          changes: state.changes,
        },
      ],
    }),
    exec: async () => undefined,
  } as unknown as Queryable
  return { state, db }
}

const change = (named: Partial<AvailabilityChange>): AvailabilityChange => ({
  staffId: null,
  serviceId: null,
  providerId: null,
  ...named,
})

const answer =
  (value: string, exactUntil = Infinity, scope?: Scope) =>
  async () => ({ value, exactUntil, ...(scope ? { scope } : {}) })

// Provider 1: staff 10 (A) performs service 1; staff 30 (C) performs service 2 (B).
const serviceOfA: Scope = { providerId: 1, staffIds: [10], serviceIds: [1] }
const serviceBOfC: Scope = { providerId: 1, staffIds: [30], serviceIds: [2] }

describe('what a change touches', () => {
  it('names a staff member, a service, a provider, or anything', () => {
    expect(touches(change({ staffId: 10 }), serviceOfA)).toBe(true)
    expect(touches(change({ staffId: 10 }), serviceBOfC)).toBe(false)
    expect(touches(change({ serviceId: 2 }), serviceBOfC)).toBe(true)
    expect(touches(change({ serviceId: 2 }), serviceOfA)).toBe(false)
    // A member starting to perform service B names both.
    expect(touches(change({ staffId: 10, serviceId: 2 }), serviceBOfC)).toBe(true)
    expect(touches(change({ providerId: 1 }), serviceBOfC)).toBe(true)
    expect(touches(change({ providerId: 2 }), serviceBOfC)).toBe(false)
    expect(touches(change({}), serviceBOfC)).toBe(true)
    expect(touches(change({ staffId: 99 }), undefined)).toBe(true)
  })
})

describe('the slot cache', () => {
  it('computes an answer once however many ask for it at once', async () => {
    const { db } = revisions()
    const cache = createSlotCache(db)
    let computed = 0
    const compute = async () => {
      computed += 1
      await new Promise((resolve) => setTimeout(resolve, 10))
      return { value: 'month', exactUntil: Infinity }
    }
    const answers = await Promise.all([1, 2, 3].map(() => cache.get('k', NOW, compute)))
    expect(answers).toEqual(['month', 'month', 'month'])
    expect(computed).toBe(1)
  })

  it('computes again once the revision moves on, and keeps nothing from an older one', async () => {
    const { state, db } = revisions()
    const cache = createSlotCache(db)
    expect(await cache.get('k', NOW, answer('before'))).toBe('before')
    state.revision = 2
    expect(await cache.get('k', NOW, answer('after'))).toBe('after')
    // A request that read revision 1 before the change was committed answers for itself only.
    state.revision = 1
    expect(await cache.get('k', NOW, answer('late'))).toBe('late')
    state.revision = 2
    expect(await cache.get('k', NOW, answer('not asked'))).toBe('after')
  })

  it('keeps an answer only until the clock alone would change it, and a minute at most', async () => {
    const { db } = revisions()
    const cache = createSlotCache(db)
    expect(await cache.get('k', NOW, answer('first', NOW + 5_000))).toBe('first')
    expect(await cache.get('k', NOW + 4_999, answer('not asked'))).toBe('first')
    expect(await cache.get('k', NOW + 5_000, answer('second'))).toBe('second')
    expect(await cache.get('k', NOW + 64_999, answer('not asked'))).toBe('second')
    expect(await cache.get('k', NOW + 65_000, answer('third'))).toBe('third')
  })

  it('drops only what the changes since touch', async () => {
    const { state, db } = revisions()
    const cache = createSlotCache(db)
    expect(await cache.get('a', NOW, answer('a1', Infinity, serviceOfA))).toBe('a1')
    expect(await cache.get('b', NOW, answer('b1', Infinity, serviceBOfC))).toBe('b1')
    expect(await cache.get('none', NOW, answer('n1'))).toBe('n1')
    // A booking of staff member A: their months go, service B's month of C stays.
    Object.assign(state, { revision: 2, oldest: 1, changes: [change({ staffId: 10 })] })
    expect(await cache.get('a', NOW, answer('a2', Infinity, serviceOfA))).toBe('a2')
    state.changes = []
    expect(await cache.get('b', NOW, answer('not asked'))).toBe('b1')
    expect(await cache.get('none', NOW, answer('n2'))).toBe('n2')
    // A change to service B, or to the whole provider, takes service B's month.
    Object.assign(state, { revision: 3, changes: [change({ serviceId: 2 })] })
    expect(await cache.get('b', NOW, answer('b2', Infinity, serviceBOfC))).toBe('b2')
    Object.assign(state, { revision: 4, changes: [change({ providerId: 1 })] })
    expect(await cache.get('b', NOW, answer('b3', Infinity, serviceBOfC))).toBe('b3')
  })

  it('drops everything when changes since its revision are no longer kept', async () => {
    const { state, db } = revisions()
    const cache = createSlotCache(db)
    expect(await cache.get('b', NOW, answer('b1', Infinity, serviceBOfC))).toBe('b1')
    // Revisions 2 to 4 went by unseen and their changes are gone: nothing kept can be trusted.
    Object.assign(state, { revision: 5, oldest: 4, changes: [change({ staffId: 10 })] })
    expect(await cache.get('b', NOW, answer('b2', Infinity, serviceBOfC))).toBe('b2')
  })

  it('drops what was being computed when a change arrives, whatever it turns out to touch', async () => {
    const { state, db } = revisions()
    const cache = createSlotCache(db)
    let release = () => {}
    const slow = cache.get('b', NOW, async () => {
      await new Promise<void>((resolve) => (release = resolve))
      return { value: 'b-old', exactUntil: Infinity, scope: serviceBOfC }
    })
    await new Promise((resolve) => setTimeout(resolve, 5))
    Object.assign(state, { revision: 2, oldest: 1, changes: [change({ staffId: 10 })] })
    expect(await cache.get('a', NOW, answer('a1', Infinity, serviceOfA))).toBe('a1')
    release()
    expect(await slow).toBe('b-old')
    state.changes = []
    expect(await cache.get('b', NOW, answer('b-new', Infinity, serviceBOfC))).toBe('b-new')
  })

  it('keeps no failure', async () => {
    const { db } = revisions()
    const cache = createSlotCache(db)
    await expect(
      cache.get('k', NOW, async () => Promise.reject(new Error('no such service'))),
    ).rejects.toThrow('no such service')
    expect(await cache.get('k', NOW, answer('found'))).toBe('found')
  })
})

describe('a month of slots over HTTP, cached', () => {
  let fixture: Fixture
  let now = NOW

  beforeEach(async () => {
    now = NOW
    fixture = await buildFixture({ now: () => now })
  })

  afterEach(async () => {
    await fixture.app.close()
  })

  const monthFor = async (staffId: number, headers: Record<string, string> = {}) => {
    const response = await fixture.app.inject({
      method: 'GET',
      url: `/api/services/${fixture.services.consult}/slots?month=2030-03&timeZone=Europe/Berlin&staffId=${staffId}`,
      headers,
    })
    expect(response.statusCode).toBe(200)
    return response
  }
  const starts = async (staffId: number, day: string) =>
    ((await monthFor(staffId)).json() as SlotsResponse).days[day]?.map((slot) => slot.start) ?? []

  it('follows changes written straight to the database, as another process would write them', async () => {
    const { anna } = fixture.staff
    expect(await starts(anna, '2030-03-05')).toContain('2030-03-05T08:00:00.000Z')
    await fixture.app.db.query(
      `INSERT INTO staff_sessions (staff_id, service_id, start_at, end_at, blocked, capacity, seats_taken)
       VALUES ($1, $2, '2030-03-05T08:00Z', '2030-03-05T08:30Z',
               tstzrange('2030-03-05T08:00Z', '2030-03-05T08:40Z'), 1, 1)`,
      [anna, fixture.services.consult],
    )
    expect(await starts(anna, '2030-03-05')).not.toContain('2030-03-05T08:00:00.000Z')
    await fixture.app.db.query(`UPDATE staff SET weekly_hours = '{}' WHERE id = $1`, [anna])
    expect(await starts(anna, '2030-03-05')).toEqual([])
  })

  it('stops offering a time as soon as the clock brings it inside the notice', async () => {
    await fixture.app.db.query('UPDATE services SET minimum_notice_minutes = 60 WHERE id = $1', [
      fixture.services.consult,
    ])
    const { anna } = fixture.staff
    // Monday 9:00 in Berlin is 8:00 UTC; half a minute later it is less than an hour away.
    now = Date.parse('2030-03-04T06:59:30Z')
    expect(await starts(anna, '2030-03-04')).toContain('2030-03-04T08:00:00.000Z')
    now = Date.parse('2030-03-04T07:00:01Z')
    const monday = await starts(anna, '2030-03-04')
    expect(monday).not.toContain('2030-03-04T08:00:00.000Z')
    expect(monday).toContain('2030-03-04T08:30:00.000Z')
  })

  it('answers the same JSON in brotli, gzip and plain', async () => {
    const { anna } = fixture.staff
    const plain = await monthFor(anna)
    const br = await monthFor(anna, { 'accept-encoding': 'br;q=1, gzip;q=0.5' })
    const gzip = await monthFor(anna, { 'accept-encoding': 'gzip' })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(br.headers['content-encoding']).toBe('br')
    expect(gzip.headers['content-encoding']).toBe('gzip')
    for (const response of [plain, br, gzip]) {
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8')
      expect(response.headers.vary).toContain('Accept-Encoding')
    }
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body)
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain.body)
    expect(plain.rawPayload.length).toBeGreaterThan(5 * br.rawPayload.length)
  })
})

describe('the changes the database records', () => {
  let fixture: Fixture

  beforeAll(async () => {
    fixture = await buildFixture()
  })

  afterAll(async () => {
    await fixture.app.close()
  })

  it('drop the months a write touches and keep the others', async () => {
    const db = fixture.app.db
    const { anna, ben, carla } = fixture.staff
    const { consult, yoga } = fixture.services
    const { rows } = await db.query<{ providerId: number }>(
      'SELECT provider_id AS "providerId" FROM services WHERE id = $1',
      [consult],
    )
    const providerId = rows[0]?.providerId as number
    const scopes: Record<'consult' | 'yoga', Scope> = {
      consult: { providerId, staffIds: [anna, ben], serviceIds: [consult] },
      yoga: { providerId, staffIds: [carla], serviceIds: [yoga] },
    }
    const cache = createSlotCache(db)
    const computed = { consult: 0, yoga: 0 }
    const ask = async () => {
      for (const key of ['consult', 'yoga'] as const) {
        await cache.get(key, NOW, async () => {
          computed[key] += 1
          return { value: key, exactUntil: Infinity, scope: scopes[key] }
        })
      }
    }
    await ask()
    const writes: [string, string, unknown[], { consult: boolean; yoga: boolean }][] = [
      [
        "a booking of Anna's",
        `INSERT INTO staff_sessions (staff_id, service_id, start_at, end_at, blocked, capacity, seats_taken)
         VALUES ($1, $2, '2030-03-05T08:00Z', '2030-03-05T08:30Z',
                 tstzrange('2030-03-05T08:00Z', '2030-03-05T08:40Z'), 1, 1)`,
        [anna, consult],
        { consult: true, yoga: false },
      ],
      [
        'a blocked period of Anna',
        `INSERT INTO blocked_periods (provider_id, staff_id, during)
         VALUES ($1, $2, tstzrange('2030-03-06T08:00Z', '2030-03-06T12:00Z'))`,
        [providerId, anna],
        { consult: true, yoga: false },
      ],
      [
        "a busy time in Anna's calendar",
        `WITH c AS (INSERT INTO calendar_connections (staff_id, kind, url)
                    VALUES ($1, 'ics', 'https://calendar.example/anna.ics') RETURNING id)
         INSERT INTO calendar_busy (connection_id, during)
         SELECT id, tstzrange('2030-03-07T08:00Z', '2030-03-07T09:00Z') FROM c`,
        [anna],
        { consult: true, yoga: false },
      ],
      [
        "Anna's hours",
        `UPDATE staff SET weekly_hours = '{"1": [{"start": "10:00", "end": "12:00"}]}'
          WHERE id = $1`,
        [anna],
        { consult: true, yoga: false },
      ],
      [
        'a day off for Anna',
        `INSERT INTO staff_date_overrides (staff_id, date, ranges) VALUES ($1, '2030-03-08', '[]')`,
        [anna],
        { consult: true, yoga: false },
      ],
      [
        'the consultation itself',
        'UPDATE services SET minimum_notice_minutes = 120 WHERE id = $1',
        [consult],
        { consult: true, yoga: false },
      ],
      [
        'a holiday of the whole clinic',
        `INSERT INTO blocked_periods (provider_id, during)
         VALUES ($1, tstzrange('2030-03-09T00:00Z', '2030-03-10T00:00Z'))`,
        [providerId],
        { consult: true, yoga: true },
      ],
      [
        'Carla taking consultations too',
        'INSERT INTO staff_services (staff_id, service_id) VALUES ($1, $2)',
        [carla, consult],
        { consult: true, yoga: true },
      ],
      [
        "a booking of Carla's class",
        `INSERT INTO staff_sessions (staff_id, service_id, start_at, end_at, blocked, capacity, seats_taken)
         VALUES ($1, $2, '2030-03-05T10:00Z', '2030-03-05T11:00Z',
                 tstzrange('2030-03-05T10:00Z', '2030-03-05T11:00Z'), 8, 1)`,
        [carla, yoga],
        { consult: false, yoga: true },
      ],
    ]
    for (const [what, sql, params, dropped] of writes) {
      const before = { ...computed }
      await db.query(sql, params)
      await ask()
      expect([what, computed.consult - before.consult, computed.yoga - before.yoga]).toEqual([
        what,
        dropped.consult ? 1 : 0,
        dropped.yoga ? 1 : 0,
      ])
    }
  })

  it('says which revisions it no longer knows the changes of', async () => {
    const db = fixture.app.db
    const now = await availabilityChanges(db, -1n)
    expect(now.changes).toBe('all')
    expect(await availabilityChanges(db, now.revision)).toEqual({
      revision: now.revision,
      changes: [],
    })
    await db.query('DELETE FROM availability_changes')
    await db.query('UPDATE staff SET priority = priority WHERE id = $1', [fixture.staff.ben])
    expect(await availabilityChanges(db, now.revision)).toEqual({
      revision: now.revision + 1n,
      changes: [{ staffId: fixture.staff.ben, serviceId: null, providerId: null }],
    })
    await db.query('DELETE FROM availability_changes')
    await db.query('UPDATE staff SET priority = priority WHERE id = $1', [fixture.staff.ben])
    expect((await availabilityChanges(db, now.revision)).changes).toBe('all')
  })
})
