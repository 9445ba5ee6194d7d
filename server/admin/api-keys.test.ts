import Fastify, { type FastifyInstance, type InjectOptions } from 'fastify'
import type { AdminBooking, ApiKey, ApiScope, CreatedApiKey } from '../../src/lib/admin/api-types'
import { NOW, book, bookingRequest, buildFixture, type Fixture } from '../booking/test-fixtures'
import { buildTestApp } from '../test-app'
import { createApiKey } from './api-keys'
import { requireAdmin } from './auth'
import { keyDecision } from './key-scopes'
import { account, bearer } from './test-support'

/** Requests one key may make a minute in this file's app. */
const KEY_LIMIT = 10

let fixture: Fixture
let app: FastifyInstance
let clock = NOW
/** Each test starts 20 minutes after the last, so no rate-limit window carries over. */
let start = NOW

beforeAll(async () => {
  fixture = await buildFixture({
    now: () => clock,
    config: { apiKeyRateLimitPerMinute: KEY_LIMIT },
  })
  app = fixture.app
}, 60_000)
afterAll(() => app.close())
beforeEach(() => {
  start += 20 * 60_000
  clock = start
})

async function makeKey(
  scopes: ApiScope[],
  extra: { name?: string; expiresAt?: string } = {},
): Promise<CreatedApiKey> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/admin/api-keys',
    headers: bearer,
    payload: { name: 'CRM', scopes, ...extra },
  })
  if (response.statusCode !== 201) throw new Error(response.body)
  return response.json()
}

const withKey = (key: CreatedApiKey, options: InjectOptions) =>
  app.inject({
    ...options,
    headers: { ...options.headers, authorization: `Bearer ${key.key}` },
  })

const listKeys = async () =>
  (
    await app.inject({ method: 'GET', url: '/api/admin/api-keys', headers: bearer })
  ).json() as ApiKey[]

let nextDay = 0
/** A consultation with Anna at 09:00 UTC on a weekday of its own, from Tuesday 5 March. */
async function aBooking(): Promise<AdminBooking> {
  let day = new Date(Date.UTC(2030, 2, 5 + nextDay++, 9))
  while ([0, 6].includes(day.getUTCDay())) day = new Date(Date.UTC(2030, 2, 5 + nextDay++, 9))
  const response = await book(
    app,
    bookingRequest({
      lines: [{ serviceId: fixture.services.consult, staffId: fixture.staff.anna, guestIndex: 0 }],
      start: day.toISOString(),
    }),
  )
  if (response.statusCode !== 201) throw new Error(response.body)
  return response.json().booking
}

describe('an API key', () => {
  it('is answered once when made, and reads what its scope allows', async () => {
    const key = await makeKey(['bookings:read'])
    expect(key).toEqual({
      id: expect.any(Number),
      name: 'CRM',
      prefix: key.key.slice(0, 12),
      scopes: ['bookings:read'],
      expiresAt: null,
      createdAt: new Date(clock).toISOString(),
      key: expect.stringMatching(/^hp_live_[\w-]{43}$/),
    })
    expect(key.prefix).toMatch(/^hp_live_[\w-]{4}$/)
    const bookings = await withKey(key, { method: 'GET', url: '/api/admin/bookings' })
    expect(bookings.statusCode).toBe(200)
    const head = await withKey(key, { method: 'HEAD', url: '/api/admin/bookings.csv' })
    expect(head.statusCode).toBe(200)
  })

  it('is refused, naming the scope, where its scopes do not reach', async () => {
    const key = await makeKey(['bookings:read'])
    const booking = await aBooking()
    const cancel = await withKey(key, {
      method: 'POST',
      url: `/api/admin/bookings/${booking.id}/cancel`,
      payload: { reason: 'No longer needed' },
    })
    expect(cancel.statusCode).toBe(403)
    expect(cancel.json()).toEqual({
      statusCode: 403,
      statusMessage: 'Forbidden',
      message: 'This API key lacks the scope bookings:write.',
      code: 'missing_scope',
    })
    const services = await withKey(key, { method: 'GET', url: '/api/admin/services' })
    expect(services.statusCode).toBe(403)
    expect(services.json().message).toBe('This API key lacks the scope catalogue:read.')
    const booked = await app.inject({
      method: 'GET',
      url: `/api/admin/bookings/${booking.id}`,
      headers: bearer,
    })
    expect(booked.json().booking.status).toBe('confirmed')
  })

  it('writes with its write scope, and the audit log and history name the key', async () => {
    const key = await makeKey(['bookings:write'], { name: 'Front desk CRM' })
    const booking = await aBooking()
    const cancel = await withKey(key, {
      method: 'POST',
      url: `/api/admin/bookings/${booking.id}/cancel`,
      payload: { reason: 'Moved away' },
    })
    expect(cancel.statusCode).toBe(200)
    const cancelled: AdminBooking = cancel.json().booking
    expect(cancelled.status).toBe('cancelled')
    expect(cancelled.history.at(-1)).toMatchObject({
      type: 'booking.cancelled',
      actor: `key ${key.prefix} (Front desk CRM)`,
    })
    const { rows } = await app.db.query<{ actor: string; action: string }>(
      'SELECT actor, action FROM audit_log WHERE target = $1',
      [`booking:${booking.id}`],
    )
    expect(rows).toEqual([
      { actor: `key ${key.prefix} (Front desk CRM)`, action: expect.stringContaining('cancel') },
    ])
    // A write scope does not read: each is asked for on its own.
    const read = await withKey(key, { method: 'GET', url: `/api/admin/bookings/${booking.id}` })
    expect(read.statusCode).toBe(403)
  })

  it('leaves an audit row by the scope hook on routes that write none of their own', async () => {
    const key = await makeKey(['catalogue:write'])
    const moved = await withKey(key, {
      method: 'PATCH',
      url: `/api/admin/services/${fixture.services.massage}`,
      payload: { location: 'Room 2' },
    })
    expect(moved.statusCode).toBe(200)
    const { rows } = await app.db.query<{ actor: string }>(
      `SELECT actor FROM audit_log WHERE action = 'PATCH /api/admin/services/:id' ORDER BY id DESC LIMIT 1`,
    )
    expect(rows[0]?.actor).toBe(`key ${key.prefix} (CRM)`)
  })

  it('stops working when it expires (401, as a wrong token)', async () => {
    const key = await makeKey(['bookings:read'], {
      expiresAt: new Date(clock + 3_600_000).toISOString(),
    })
    expect(key.expiresAt).toBe(new Date(clock + 3_600_000).toISOString())
    const before = await withKey(key, { method: 'GET', url: '/api/admin/bookings' })
    expect(before.statusCode).toBe(200)
    clock += 3_600_000
    const after = await withKey(key, { method: 'GET', url: '/api/admin/bookings' })
    expect(after.statusCode).toBe(401)
    expect(after.json()).toMatchObject({ code: 'unauthorized' })
  })

  it('stops working once revoked, and revoking is audited', async () => {
    const key = await makeKey(['bookings:read'])
    expect((await withKey(key, { method: 'GET', url: '/api/admin/bookings' })).statusCode).toBe(200)
    const revoke = () =>
      app.inject({ method: 'DELETE', url: `/api/admin/api-keys/${key.id}`, headers: bearer })
    expect((await revoke()).statusCode).toBe(204)
    const after = await withKey(key, { method: 'GET', url: '/api/admin/bookings' })
    expect(after.statusCode).toBe(401)
    expect(after.json()).toMatchObject({ code: 'unauthorized' })
    expect((await listKeys()).find(({ id }) => id === key.id)?.revokedAt).toBe(
      new Date(clock).toISOString(),
    )
    // Again: nothing changes, the first revocation's time stays.
    clock += 1000
    expect((await revoke()).statusCode).toBe(204)
    expect((await listKeys()).find(({ id }) => id === key.id)?.revokedAt).toBe(
      new Date(clock - 1000).toISOString(),
    )
    const { rows } = await app.db.query<{ actor: string; detail: object }>(
      `SELECT actor, detail FROM audit_log WHERE action = 'api_key.revoked' AND target = $1`,
      [`api_key:${key.id}`],
    )
    expect(rows[0]).toEqual({ actor: 'token', detail: { key: `key ${key.prefix} (CRM)` } })
    const unknown = await app.inject({
      method: 'DELETE',
      url: '/api/admin/api-keys/999999',
      headers: bearer,
    })
    expect(unknown.statusCode).toBe(404)
  })

  it('refuses an unknown key with 401', async () => {
    const unknown = await app.inject({
      method: 'GET',
      url: '/api/admin/bookings',
      headers: { authorization: `Bearer hp_live_${'A'.repeat(43)}` },
    })
    expect(unknown.statusCode).toBe(401)
    expect(unknown.json()).toMatchObject({ code: 'unauthorized' })
  })
})

describe('the list of keys', () => {
  it('shows each key with its last use (written at most once a minute), never the key or its hash', async () => {
    const key = await makeKey(['content:read'])
    const listed = () => listKeys().then((keys) => keys.find(({ id }) => id === key.id)!)
    expect((await listed()).lastUsedAt).toBeNull()
    const firstUse = clock + 1000
    clock = firstUse
    await withKey(key, { method: 'GET', url: '/api/admin/content/site' })
    clock += 30_000
    await withKey(key, { method: 'GET', url: '/api/admin/content/site' })
    expect((await listed()).lastUsedAt).toBe(new Date(firstUse).toISOString())
    clock = firstUse + 60_000
    await withKey(key, { method: 'GET', url: '/api/admin/content/site' })
    const entry = await listed()
    expect(entry).toEqual({
      id: key.id,
      name: 'CRM',
      prefix: key.prefix,
      scopes: ['content:read'],
      createdBy: null,
      createdAt: key.createdAt,
      expiresAt: null,
      lastUsedAt: new Date(firstUse + 60_000).toISOString(),
      revokedAt: null,
    })
    const body = (await app.inject({ method: 'GET', url: '/api/admin/api-keys', headers: bearer }))
      .body
    expect(body).not.toContain(key.key)
    expect(body).not.toContain('hash')
  })

  it('names the account that made a key; only owners and admins may make, list or revoke', async () => {
    const admin = await account(app, 'admin')
    const made = await admin.request({
      method: 'POST',
      url: '/api/admin/api-keys',
      payload: { name: 'Accounting export', scopes: ['bookings:read'] },
    })
    expect(made.statusCode).toBe(201)
    expect((await listKeys()).find(({ id }) => id === made.json().id)?.createdBy).toBe(admin.email)
    for (const role of ['front_desk', 'editor'] as const) {
      const browser = await account(app, role)
      for (const request of [
        { method: 'GET', url: '/api/admin/api-keys' },
        {
          method: 'POST',
          url: '/api/admin/api-keys',
          payload: { name: 'x', scopes: ['content:read'] },
        },
        { method: 'DELETE', url: `/api/admin/api-keys/${made.json().id}` },
      ] as const) {
        expect((await browser.request(request)).statusCode).toBe(403)
      }
    }
  })
})

describe('what a key can never do', () => {
  it('cannot make, list or revoke keys, nor reach accounts, audit or backups, whatever its scopes', async () => {
    const key = await makeKey([
      'bookings:write',
      'catalogue:write',
      'content:write',
      'webhooks:write',
    ])
    for (const request of [
      { method: 'GET', url: '/api/admin/api-keys' },
      {
        method: 'POST',
        url: '/api/admin/api-keys',
        payload: { name: 'x', scopes: ['content:read'] },
      },
      { method: 'DELETE', url: `/api/admin/api-keys/${key.id}` },
      { method: 'GET', url: '/api/admin/users' },
      { method: 'GET', url: '/api/admin/audit' },
      { method: 'GET', url: '/api/admin/backup' },
      { method: 'GET', url: '/api/admin/session' },
    ] as const) {
      const response = await withKey(key, request)
      expect([request.url, response.statusCode, response.json().code]).toEqual([
        request.url,
        403,
        'forbidden',
      ])
    }
  })

  it('is counted per key and minute: beyond the limit 429, other keys and ADMIN_TOKEN unaffected', async () => {
    const [busy, other] = [await makeKey(['bookings:read']), await makeKey(['bookings:read'])]
    const list = { method: 'GET', url: '/api/admin/bookings' } as const
    for (let i = 0; i < KEY_LIMIT; i++) expect((await withKey(busy, list)).statusCode).toBe(200)
    const refused = await withKey(busy, list)
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toEqual({
      statusCode: 429,
      statusMessage: 'Too Many Requests',
      message: 'Too many API key requests. Please try again in 60 seconds.',
      code: 'rate_limited',
    })
    expect(refused.headers['retry-after']).toBe('60')
    expect((await withKey(other, list)).statusCode).toBe(200)
    expect((await app.inject({ ...list, headers: bearer })).statusCode).toBe(200)
    clock += 60_000
    expect((await withKey(busy, list)).statusCode).toBe(200)
  })
})

describe('ADMIN_TOKEN', () => {
  it('still acts as an owner, and a wrong token is still 401', async () => {
    for (const url of ['/api/admin/users', '/api/admin/audit', '/api/admin/bookings']) {
      expect((await app.inject({ method: 'GET', url, headers: bearer })).statusCode).toBe(200)
    }
    const wrong = await app.inject({
      method: 'GET',
      url: '/api/admin/bookings',
      headers: { authorization: 'Bearer not-the-token-0123456789abcdef' },
    })
    expect(wrong.statusCode).toBe(401)
  })

  it('need not be set for keys to work', async () => {
    const bare = await buildTestApp({ adminToken: undefined })
    try {
      const key = await createApiKey(
        bare.db,
        { name: 'Site sync', scopes: ['catalogue:read'], expiresAt: null, createdBy: null },
        Date.now(),
      )
      const services = await bare.inject({
        method: 'GET',
        url: '/api/admin/services',
        headers: { authorization: `Bearer ${key.key}` },
      })
      expect(services.statusCode).toBe(200)
      const token = await bare.inject({
        method: 'GET',
        url: '/api/admin/services',
        headers: { authorization: 'Bearer something-else' },
      })
      expect(token.json()).toMatchObject({ statusCode: 403, code: 'tokens_switched_off' })
    } finally {
      await bare.close()
    }
  })
  it('is still the token when it happens to start like a key', async () => {
    const adminToken = 'hp_live_an-operators-token-0123456789abcdef'
    const keyLike = await buildTestApp({ adminToken })
    try {
      const answer = await keyLike.inject({
        method: 'GET',
        url: '/api/admin/services',
        headers: { authorization: `Bearer ${adminToken}` },
      })
      expect(answer.statusCode).toBe(200)
    } finally {
      await keyLike.close()
    }
  })
})

describe('making a key', () => {
  it('answers 400 with a message beside each wrong field', async () => {
    const post = (payload: object) =>
      app.inject({ method: 'POST', url: '/api/admin/api-keys', headers: bearer, payload })
    const fieldsOf = async (payload: object) => {
      const response = await post(payload)
      expect(response.statusCode).toBe(400)
      expect(response.json().code).toBe('invalid_request')
      return Object.keys(response.json().fields as object)
    }
    expect(await fieldsOf({ name: '', scopes: ['bookings:read'] })).toEqual(['name'])
    expect(await fieldsOf({ name: 'x'.repeat(101), scopes: ['bookings:read'] })).toEqual(['name'])
    expect(await fieldsOf({ scopes: ['bookings:read'] })).toEqual(['name'])
    expect(await fieldsOf({ name: 'CRM', scopes: [] })).toEqual(['scopes'])
    expect(await fieldsOf({ name: 'CRM' })).toEqual(['scopes'])
    expect(await fieldsOf({ name: 'CRM', scopes: ['everything'] })).toEqual(['scopes.0'])
    expect(await fieldsOf({ name: 'CRM', scopes: ['content:read'], expiresAt: 'soon' })).toEqual([
      'expiresAt',
    ])
    const past = await post({
      name: 'CRM',
      scopes: ['content:read'],
      expiresAt: new Date(clock).toISOString(),
    })
    expect(past.statusCode).toBe(400)
    expect(past.json().fields).toEqual({ expiresAt: 'The expiry must be in the future.' })
    expect((await post({ name: 'x'.repeat(100), scopes: ['content:read'] })).statusCode).toBe(201)
  })
})

describe('the scope of every admin route', () => {
  it('is decided for each route the server registers: an undecided one stops the app', async () => {
    // Every app the tests build registers all the server's admin routes: each has a decision,
    // or none of them would start. Here, one without.
    const bare = Fastify({ logger: false })
    const auth = { adminToken: undefined, db: app.db, now: () => clock, keyRequestsPerMinute: 1 }
    const routes = async (scope: FastifyInstance) => {
      requireAdmin(scope, auth)
      scope.get('/bookings', async () => [])
      scope.post('/nothing-decided', async () => ({}))
    }
    await expect(bare.register(routes, { prefix: '/api/admin' })).rejects.toThrow(
      'POST /api/admin/nothing-decided: an admin route with no single API key decision; ' +
        'add it to server/admin/key-scopes.ts',
    )
    await bare.close()
  })

  it('reads with the read scope and writes with the write scope', () => {
    expect(keyDecision('GET', '/api/admin/content/:kind')).toBe('content:read')
    expect(keyDecision('HEAD', '/api/admin/forms/:id/responses.csv')).toBe('forms:read')
    expect(keyDecision('POST', '/api/admin/content/preview-tokens')).toBe('content:write')
    expect(keyDecision('GET', '/api/admin/providers/:id/webhooks')).toBe('webhooks:write')
    expect(keyDecision('PATCH', '/api/admin/providers/:id')).toBe('catalogue:write')
    expect(keyDecision('POST', '/api/admin/payments/:id/refund')).toBe('bookings:write')
    expect(keyDecision('GET', '/api/admin/staff/:id/calendars')).toBe('no-keys')
    expect(keyDecision('GET', '/api/admin/statuses')).toBeUndefined()
  })
})
