import type { FastifyInstance } from 'fastify'
import { buildTestApp } from './test-app'

const UNKNOWN_BOOKING = `/api/bookings/manage/${'x'.repeat(43)}`

/** The proxy's address, as the socket shows it, and the visitor it forwards. */
const throughProxy = (visitor: string) => ({
  remoteAddress: '10.0.0.5',
  headers: { 'x-forwarded-for': visitor },
})

describe('behind a reverse proxy', () => {
  let apps: FastifyInstance[] = []
  afterEach(async () => {
    await Promise.all(apps.map((app) => app.close()))
    apps = []
  })

  const statuses = async (app: FastifyInstance, visitors: string[]) => {
    const answers = []
    for (const visitor of visitors) {
      answers.push(
        (await app.inject({ method: 'GET', url: UNKNOWN_BOOKING, ...throughProxy(visitor) }))
          .statusCode,
      )
    }
    return answers
  }

  it('counts each visitor apart once the proxy is trusted (TRUST_PROXY)', async () => {
    const app = await buildTestApp({ rateLimitPerMinute: 2, trustProxy: ['10.0.0.0/8'] })
    apps.push(app)
    expect(
      await statuses(app, ['203.0.113.1', '203.0.113.1', '203.0.113.1', '203.0.113.2']),
    ).toEqual([404, 404, 429, 404])
  })

  it('takes every visitor for the proxy without it, sharing one count', async () => {
    const app = await buildTestApp({ rateLimitPerMinute: 2 })
    apps.push(app)
    expect(await statuses(app, ['203.0.113.1', '203.0.113.2', '203.0.113.3'])).toEqual([
      404, 404, 429,
    ])
  })

  it('starts a new window once the last one is over', async () => {
    let now = Date.parse('2030-03-04T06:00:00Z')
    const app = await buildTestApp({ rateLimitPerMinute: 1 }, { now: () => now })
    apps.push(app)
    expect(await statuses(app, ['a'])).toEqual([404])
    const limited = await app.inject({ method: 'GET', url: UNKNOWN_BOOKING, ...throughProxy('a') })
    expect(limited.json()).toMatchObject({
      statusCode: 429,
      message: 'Too many booking requests. Please try again in 60 seconds.',
    })
    now += 60_000
    expect(await statuses(app, ['a'])).toEqual([404])
  })
})

describe('CORS for a site served from another origin (CORS_ORIGINS)', () => {
  let app: FastifyInstance
  afterEach(() => app.close())

  const preflight = (origin: string) =>
    app.inject({
      method: 'OPTIONS',
      url: '/api/bookings',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,idempotency-key',
      },
    })

  it('answers a listed origin, with credentials, and no other', async () => {
    app = await buildTestApp({ corsOrigins: ['https://clinic.example'] })
    const allowed = await preflight('https://clinic.example')
    expect(allowed.statusCode).toBe(204)
    expect(allowed.headers).toMatchObject({
      'access-control-allow-origin': 'https://clinic.example',
      'access-control-allow-credentials': 'true',
      'access-control-allow-headers': 'content-type,idempotency-key',
    })
    expect(allowed.headers['access-control-allow-methods']).toContain('POST')
    const other = await preflight('https://evil.example')
    expect(other.headers['access-control-allow-origin']).toBeUndefined()
    const read = await app.inject({
      method: 'GET',
      url: '/api/time-zones',
      headers: { origin: 'https://clinic.example' },
    })
    expect(read.headers['access-control-allow-origin']).toBe('https://clinic.example')
    expect(read.headers.vary).toContain('Origin')
  })

  it('gives an origin it does not list no CORS header at all, credentials included', async () => {
    app = await buildTestApp({ corsOrigins: ['https://clinic.example'] })
    const corsHeaders = (headers: Record<string, unknown>) =>
      Object.keys(headers).filter((name) => name.startsWith('access-control-'))
    const other = await preflight('https://evil.example')
    expect(corsHeaders(other.headers)).toEqual([])
    for (const origin of ['https://evil.example', 'null']) {
      const read = await app.inject({
        method: 'GET',
        url: '/api/time-zones',
        headers: { origin },
      })
      expect([origin, corsHeaders(read.headers)]).toEqual([origin, []])
      // A cache must still keep the listed origin's answer apart from this one.
      expect(read.headers.vary).toContain('Origin')
    }
  })

  it('adds no CORS headers when no origin is listed', async () => {
    app = await buildTestApp()
    const answer = await preflight('https://clinic.example')
    expect(answer.headers['access-control-allow-origin']).toBeUndefined()
  })
})
