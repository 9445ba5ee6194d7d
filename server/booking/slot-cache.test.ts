import zlib from 'node:zlib'
import type { SlotsResponse } from '../../src/lib/booking/api-types'
import type { Queryable } from '../db'
import { createSlotCache } from './slot-cache'
import { buildFixture, NOW, type Fixture } from './test-fixtures'

/** A database that answers the revision query with whatever the test says now. */
function revisions() {
  const state = { revision: 1 }
  const db = {
    query: async () => ({ rows: [{ revision: String(state.revision) }] }),
    exec: async () => undefined,
  } as unknown as Queryable
  return { state, db }
}

const answer =
  (value: string, exactUntil = Infinity) =>
  async () => ({ value, exactUntil })

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
