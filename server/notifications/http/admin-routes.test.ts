import type { AdminRole } from '../../../src/lib/admin/api-types'
import type { FormDefinition } from '../../../src/lib/forms/definition'
import { account, type Browser } from '../../admin/test-support'
import { buildFixture, type Fixture } from '../../booking/test-fixtures'

/** The webhooks' admin API as the dashboard calls it: with a session's cookie and CSRF header. */

const SURVEY: FormDefinition = {
  title: { en: 'How was it?' },
  pages: [{ id: 'only', fields: [{ id: 'stars', type: 'rating', label: { en: 'Stars' } }] }],
}
// Loopback, which the test's settings let webhooks reach; nothing listens, nothing is sent.
const TARGET = 'http://127.0.0.1:9/hooks'

let fixture: Fixture
let providerId: number
const browsers = {} as Record<AdminRole, Browser>

beforeAll(async () => {
  fixture = await buildFixture({ config: { outboundAllowedNetworks: ['127.0.0.0/8'] } })
  const { rows } = await fixture.app.db.query<{ id: number }>(
    'SELECT id FROM providers WHERE slug = $1',
    [fixture.providerSlug],
  )
  providerId = rows[0]!.id
  for (const role of ['owner', 'admin', 'front_desk'] as const) {
    browsers[role] = await account(fixture.app, role)
  }
  browsers.staff = await account(fixture.app, 'staff', fixture.staff.anna)
}, 60_000)
afterAll(() => fixture.app.close())

const create = (browser: Browser, payload: object, csrf = true) =>
  browser.request({
    method: 'POST',
    url: `/api/admin/providers/${providerId}/webhooks`,
    payload,
    csrf,
  })

let surveys = 0

/** A form.submitted delivery to the endpoint, queued as a visitor's response queues it. */
async function deliveryTo(owner: Browser) {
  surveys += 1
  const form = await owner.request({
    method: 'POST',
    url: '/api/admin/forms',
    payload: { slug: `survey-${surveys}`, kind: 'survey', published: true, definition: SURVEY },
  })
  expect(form.statusCode).toBe(201)
  const answered = await fixture.app.inject({
    method: 'POST',
    url: `/api/forms/${form.json().id}/responses`,
    payload: { version: 1, locale: 'en', answers: { stars: 4 } },
  })
  expect(answered.statusCode).toBe(201)
}

describe("the webhooks' admin API with a dashboard session", () => {
  it.each(['owner', 'admin'] as const)(
    'lets an %s add, list, change, resend and delete an endpoint',
    async (role) => {
      const browser = browsers[role]
      const created = await create(browser, { url: TARGET, eventTypes: ['form.submitted'] })
      expect(created.statusCode).toBe(201)
      const endpoint = created.json()
      expect(endpoint).toMatchObject({ providerId, url: TARGET, enabled: true })
      expect(endpoint.secret).toMatch(/^whsec_/)

      const listed = await browser.request({
        method: 'GET',
        url: `/api/admin/providers/${providerId}/webhooks`,
      })
      expect(listed.json().endpoints).toContainEqual({
        id: endpoint.id,
        providerId,
        url: TARGET,
        eventTypes: ['form.submitted'],
        enabled: true,
        createdAt: expect.any(String),
      })

      await deliveryTo(browser)
      const log = await browser.request({
        method: 'GET',
        url: `/api/admin/webhooks/${endpoint.id}/deliveries`,
      })
      expect(log.json()).toMatchObject({
        deliveries: [{ eventType: 'form.submitted', state: 'pending', attempts: 0 }],
        next: null,
      })
      const resent = await browser.request({
        method: 'POST',
        url: `/api/admin/webhook-deliveries/${log.json().deliveries[0].id}/resend`,
      })
      expect(resent.statusCode).toBe(202)

      const disabled = await browser.request({
        method: 'PATCH',
        url: `/api/admin/webhooks/${endpoint.id}`,
        payload: { enabled: false },
      })
      expect(disabled.json()).toMatchObject({ id: endpoint.id, enabled: false })
      const deleted = await browser.request({
        method: 'DELETE',
        url: `/api/admin/webhooks/${endpoint.id}`,
      })
      expect(deleted.statusCode).toBe(204)

      const { rows } = await fixture.app.db.query<{ action: string }>(
        'SELECT action FROM audit_log WHERE actor = $1 ORDER BY id',
        [browser.email],
      )
      expect(rows.map((row) => row.action)).toEqual(
        expect.arrayContaining([
          'POST /api/admin/providers/:id/webhooks',
          'POST /api/admin/webhook-deliveries/:id/resend',
          'PATCH /api/admin/webhooks/:id',
          'DELETE /api/admin/webhooks/:id',
        ]),
      )
    },
  )

  it.each(['front_desk', 'staff'] as const)('refuses every webhooks route to %s', async (role) => {
    const endpoint = (
      await create(browsers.owner, { url: TARGET, eventTypes: ['booking.created'] })
    ).json()
    for (const [method, url] of [
      ['GET', `/api/admin/providers/${providerId}/webhooks`],
      ['POST', `/api/admin/providers/${providerId}/webhooks`],
      ['PATCH', `/api/admin/webhooks/${endpoint.id}`],
      ['DELETE', `/api/admin/webhooks/${endpoint.id}`],
      ['GET', `/api/admin/webhooks/${endpoint.id}/deliveries`],
      ['POST', '/api/admin/webhook-deliveries/1/resend'],
    ] as const) {
      const response = await browsers[role].request({
        method,
        url,
        ...(method === 'POST' || method === 'PATCH'
          ? { payload: { url: TARGET, eventTypes: ['booking.created'] } }
          : {}),
      })
      expect([method, url, response.statusCode]).toEqual([method, url, 403])
      expect(response.json().code).toBe('forbidden')
    }
  })

  it('refuses a change without the CSRF header', async () => {
    const forged = await create(
      browsers.owner,
      { url: TARGET, eventTypes: ['booking.created'] },
      false,
    )
    expect(forged.statusCode).toBe(403)
    expect(forged.json().message).toBe(
      'The x-csrf-token header is missing or wrong: sign in again.',
    )
    const resend = await browsers.admin.request({
      method: 'POST',
      url: '/api/admin/webhook-deliveries/1/resend',
      csrf: false,
    })
    expect(resend.statusCode).toBe(403)
  })

  it('answers 400 with the error object for bad input and 404 for unknown ids', async () => {
    const noEvents = await create(browsers.owner, { url: TARGET, eventTypes: [] })
    expect(noEvents.statusCode).toBe(400)
    expect(noEvents.json()).toMatchObject({ statusCode: 400, message: expect.any(String) })
    const privateTarget = await create(browsers.owner, {
      url: 'http://10.0.0.5/hooks',
      eventTypes: ['booking.created'],
    })
    expect(privateTarget.statusCode).toBe(400)
    expect(privateTarget.json().fields).toEqual({ url: expect.stringContaining('10.0.0.5') })
    for (const [method, url] of [
      ['DELETE', '/api/admin/webhooks/999999'],
      ['GET', '/api/admin/webhooks/999999/deliveries'],
      ['POST', '/api/admin/webhook-deliveries/999999/resend'],
    ] as const) {
      const missing = await browsers.owner.request({ method, url })
      expect([url, missing.statusCode]).toEqual([url, 404])
    }
  })
})
