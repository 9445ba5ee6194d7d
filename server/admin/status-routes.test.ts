import type { FastifyInstance } from 'fastify'
import { ADMIN_TOKEN } from '../booking/test-fixtures'
import { SiteRebuildQueue } from '../site/rebuild-queue'
import { buildTestApp } from '../test-app'
import { account, bearer } from './test-support'

let apps: FastifyInstance[] = []
afterEach(async () => {
  await Promise.all(apps.map((app) => app.close()))
  apps = []
})

async function appWith(
  config: Parameters<typeof buildTestApp>[0],
  options: Parameters<typeof buildTestApp>[1] = {},
) {
  const app = await buildTestApp({ adminToken: ADMIN_TOKEN, ...config }, options)
  apps.push(app)
  return app
}

describe('GET /api/admin/status', () => {
  it('names the test paths taken to every signed-in role, and to nobody else', async () => {
    const app = await appWith({ paymentProvider: 'local', smtpUrl: undefined })
    const desk = await account(app, 'front_desk')
    const answer = await desk.request({ method: 'GET', url: '/api/admin/status' })
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toMatchObject({ testPaths: ['payments', 'mail'] })
    const anonymous = await app.inject({ method: 'GET', url: '/api/admin/status' })
    expect(anonymous.statusCode).toBe(401)
  }, 60_000)

  it('names none of them when mail goes through SMTP and payments through Stripe', async () => {
    const app = await appWith({
      paymentProvider: 'stripe',
      stripeSecretKey: 'sk_test_status',
      stripeWebhookSecret: 'whsec_status',
      smtpUrl: 'smtp://127.0.0.1:2525',
    })
    const answer = await app.inject({ method: 'GET', url: '/api/admin/status', headers: bearer })
    expect(answer.json()).toMatchObject({ testPaths: [] })
  }, 60_000)

  it('says the site changes with the next deploy when this server builds none', async () => {
    const app = await appWith({})
    const answer = await app.inject({ method: 'GET', url: '/api/admin/status', headers: bearer })
    expect(answer.json()).toMatchObject({ site: { state: 'deploy', queued: false } })
  }, 60_000)

  it('says a rebuild is queued after a price change, and after nothing the site does not show', async () => {
    let time = Date.parse('2026-03-02T09:00:00Z')
    let fire: (() => void) | undefined
    const built: string[] = []
    const queue = new SiteRebuildQueue(
      async (version) => {
        built.push(version)
      },
      { info: () => undefined, error: () => undefined },
      {
        clock: {
          now: () => time,
          setTimer: (run) => {
            fire = run
            return () => (fire = undefined)
          },
        },
      },
    )
    const app = await appWith({}, { siteRebuild: queue })
    const admin = (method: 'POST' | 'PATCH', url: string, payload: object) =>
      app.inject({ method, url: `/api/admin${url}`, headers: bearer, payload })
    const provider = await admin('POST', '/providers', {
      slug: 'clinic',
      name: 'Clinic',
      timeZone: 'Europe/Berlin',
    })
    const service = await admin('POST', '/services', {
      providerId: provider.json().id,
      slug: 'pilates',
      name: 'Clinical Pilates',
      durationMinutes: 45,
      priceCents: 2200,
    })
    const status = async () =>
      (await app.inject({ method: 'GET', url: '/api/admin/status', headers: bearer })).json()
    const version = async () =>
      (await app.inject({ method: 'GET', url: '/api/content/version' })).json().version as string
    // The setup's own changes are built; the site is then current.
    fire!()
    await queue.idle()
    expect(built).toEqual([await version()])
    expect((await status()).site).toEqual({ state: 'current', queued: false })

    const refused = await admin('PATCH', `/services/${service.json().id}`, { priceCents: -1 })
    expect(refused.statusCode).toBe(400)
    const link = await admin('POST', '/one-time-links', { serviceId: service.json().id })
    expect(link.statusCode).toBe(201)
    expect((await status()).site).toEqual({ state: 'current', queued: false })

    time += 60_000
    const changed = await admin('PATCH', `/services/${service.json().id}`, { priceCents: 2400 })
    expect(changed.statusCode).toBe(200)
    expect((await status()).site).toEqual({
      state: 'queued',
      since: '2026-03-02T09:01:00.000Z',
      queued: true,
    })
    fire!()
    await queue.idle()
    expect(built).toHaveLength(2)
    expect(built[1]).toBe(await version())
    expect((await status()).site).toEqual({ state: 'current', queued: false })
  }, 60_000)
})
