import type { FastifyInstance } from 'fastify'
import type { CreatedApiKey } from '../../src/lib/admin/api-types'
import { NOW, book, bookingRequest, buildFixture } from '../booking/test-fixtures'
import { enqueue } from '../jobs/store'
import { buildTestApp } from '../test-app'
import { account, bearer } from '../admin/test-support'

let app: FastifyInstance
let anna: number
beforeAll(async () => {
  const fixture = await buildFixture({ now: () => NOW })
  app = fixture.app
  anna = fixture.staff.anna
}, 60_000)
afterAll(() => app.close())

const scrape = async (headers: Record<string, string> = bearer) => {
  const response = await app.inject({ method: 'GET', url: '/api/metrics', headers })
  return {
    status: response.statusCode,
    text: response.body,
    type: response.headers['content-type'],
  }
}

/** A sample's value in the text format, 0 when the series is not there yet. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((each) => each.startsWith(`${series} `))
  return line ? Number(line.slice(series.length + 1)) : 0
}

describe('GET /api/metrics', () => {
  it('counts a booking, times the route and tells the slot cache, the jobs and the site', async () => {
    // A sweep due a minute and a half ago that no runner has taken yet.
    await enqueue(app.db, { type: 'maintenance.prune', payload: {}, runAt: NOW - 90_000 })
    const before = await scrape()
    expect(before.status).toBe(200)
    expect(before.type).toMatch(/^text\/plain; version=0\.0\.4/)
    const booked = 'bookings_total{outcome="booked"}'
    const month = '/api/services/1/slots?month=2030-03&timeZone=Europe%2FBerlin'
    expect((await app.inject(month)).statusCode).toBe(200)
    expect((await app.inject(month)).statusCode).toBe(200)
    const withAnna = bookingRequest({ lines: [{ serviceId: 1, staffId: anna, guestIndex: 0 }] })
    expect((await book(app, withAnna)).statusCode).toBe(201)
    expect((await book(app, withAnna)).statusCode).toBe(409)

    const after = await scrape()
    expect(sample(after.text, booked) - sample(before.text, booked)).toBe(1)
    expect(sample(after.text, 'bookings_total{outcome="refused"}')).toBe(
      sample(before.text, 'bookings_total{outcome="refused"}') + 1,
    )
    expect(sample(after.text, 'slot_cache_requests_total{result="hit"}')).toBeGreaterThanOrEqual(1)
    expect(sample(after.text, 'slot_cache_requests_total{result="miss"}')).toBeGreaterThanOrEqual(1)
    expect(
      sample(
        after.text,
        'http_request_duration_seconds_count{method="POST",route="/api/bookings",status_code="201"}',
      ),
    ).toBe(1)
    expect(sample(after.text, 'jobs_due')).toBe(1)
    expect(sample(after.text, 'jobs_oldest_due_seconds')).toBe(90)
    expect(sample(after.text, 'mail_messages_failed')).toBe(0)
    expect(sample(after.text, 'webhook_deliveries_failed')).toBe(0)
    expect(sample(after.text, 'database_pool_waiting')).toBe(0)
    expect(sample(after.text, 'site_build_state{state="deploy"}')).toBe(1)
  })

  it('answers the owner, an owner key with metrics:read, and no one else', async () => {
    expect((await scrape({})).status).toBe(401)
    const admin = await account(app, 'admin')
    expect((await admin.request({ method: 'GET', url: '/api/metrics' })).statusCode).toBe(403)
    // Nor may an admin give a key the scope: it is the owner's.
    const byAdmin = await admin.request({
      method: 'POST',
      url: '/api/admin/api-keys',
      payload: { name: 'Scraper', scopes: ['metrics:read'] },
    })
    expect(byAdmin.statusCode).toBe(403)
    expect(byAdmin.json()).toMatchObject({
      message: 'Only an owner may give a key the scope metrics:read.',
    })
    const makeKey = async (scopes: string[]) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/admin/api-keys',
        headers: bearer,
        payload: { name: 'Prometheus', scopes },
      })
      expect(response.statusCode).toBe(201)
      return (response.json() as CreatedApiKey).key
    }
    const scraper = await makeKey(['metrics:read'])
    expect((await scrape({ authorization: `Bearer ${scraper}` })).status).toBe(200)
    const other = await makeKey(['bookings:read'])
    const refused = await app.inject({
      method: 'GET',
      url: '/api/metrics',
      headers: { authorization: `Bearer ${other}` },
    })
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toMatchObject({ code: 'missing_scope' })
  })

  it('answers anyone with METRICS_PUBLIC', async () => {
    const open = await buildTestApp({ metricsPublic: true })
    try {
      const response = await open.inject('/api/metrics')
      expect(response.statusCode).toBe(200)
      expect(response.body).toContain('# TYPE bookings_total counter')
    } finally {
      await open.close()
    }
  })
})
