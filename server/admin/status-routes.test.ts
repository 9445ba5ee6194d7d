import type { FastifyInstance } from 'fastify'
import { ADMIN_TOKEN } from '../booking/test-fixtures'
import { buildTestApp } from '../test-app'
import { account, bearer } from './test-support'

let apps: FastifyInstance[] = []
afterEach(async () => {
  await Promise.all(apps.map((app) => app.close()))
  apps = []
})

async function appWith(config: Parameters<typeof buildTestApp>[0]) {
  const app = await buildTestApp({ adminToken: ADMIN_TOKEN, ...config })
  apps.push(app)
  return app
}

describe('GET /api/admin/status', () => {
  it('names the test paths taken to every signed-in role, and to nobody else', async () => {
    const app = await appWith({ paymentProvider: 'local', smtpUrl: undefined })
    const desk = await account(app, 'front_desk')
    const answer = await desk.request({ method: 'GET', url: '/api/admin/status' })
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toEqual({ testPaths: ['payments', 'mail'] })
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
    expect(answer.json()).toEqual({ testPaths: [] })
  }, 60_000)
})
