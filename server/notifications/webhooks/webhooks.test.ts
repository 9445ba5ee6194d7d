import http from 'node:http'
import { bookWithAnna, runJobsUntil as runJobsUntilShared } from '../test-support'
import type { AddressInfo } from 'node:net'
import { Webhook } from 'standardwebhooks'
import { ADMIN_TOKEN, NOW, buildFixture, type Fixture } from '../../booking/test-fixtures'

const BOOT_TIMEOUT_MS = 60_000

/** A receiver on loopback: records each request and answers with the next queued status. */
interface Received {
  headers: http.IncomingHttpHeaders
  body: string
}
const received: Received[] = []
const answers: number[] = []
const receiver = http.createServer((request, response) => {
  const chunks: Buffer[] = []
  request.on('data', (chunk: Buffer) => chunks.push(chunk))
  request.on('end', () => {
    received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') })
    response.statusCode = answers.shift() ?? 204
    response.end()
  })
})

let fixture: Fixture
let clock: number
let providerId: number
let receiverUrl: string

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`
  clock = NOW
  // The receiver is on loopback, which only this setting lets webhooks reach.
  fixture = await buildFixture({
    now: () => clock,
    config: { outboundAllowedNetworks: ['127.0.0.0/8'] },
  })
  const { rows } = await fixture.app.db.query<{ id: number }>(
    `SELECT id FROM providers WHERE slug = 'clinic'`,
  )
  providerId = rows[0]?.id as number
}, BOOT_TIMEOUT_MS)
afterAll(async () => {
  await fixture.app.close()
  await new Promise((resolve) => receiver.close(resolve))
})
beforeEach(() => {
  received.length = 0
  answers.length = 0
})

function admin(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  return fixture.app.inject({
    method,
    url: `/api/admin${url}`,
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    ...(payload ? { payload } : {}),
  })
}

async function addEndpoint(eventTypes: string[]) {
  const response = await admin('POST', `/providers/${providerId}/webhooks`, {
    url: receiverUrl,
    eventTypes,
  })
  expect(response.statusCode).toBe(201)
  return response.json() as { id: number; secret: string }
}

async function deliveriesOf(endpointId: number) {
  const response = await admin('GET', `/webhooks/${endpointId}/deliveries`)
  expect(response.statusCode).toBe(200)
  return response.json().deliveries as {
    id: number
    messageId: string
    eventType: string
    state: string
    attempts: number
    lastStatusCode: number | null
    payload: { type: string; data: Record<string, unknown> }
  }[]
}

const runJobsUntil = (done: () => Promise<boolean>, stepMs?: number) =>
  runJobsUntilShared(fixture.app, (ms) => (clock += ms), done, stepMs)

/** The library's verifier checks the timestamp against its own clock: give it the test's. */
function verify(secret: string, request: Received) {
  const spy = jest.spyOn(Date, 'now').mockReturnValue(clock)
  try {
    return new Webhook(secret).verify(request.body, {
      'webhook-id': String(request.headers['webhook-id']),
      'webhook-timestamp': String(request.headers['webhook-timestamp']),
      'webhook-signature': String(request.headers['webhook-signature']),
    })
  } finally {
    spy.mockRestore()
  }
}

describe('signed webhooks', () => {
  it('delivers a booking, signed per Standard Webhooks, without tokens or contact details', async () => {
    const endpoint = await addEndpoint(['booking.created', 'booking.cancelled'])
    expect(endpoint.secret).toMatch(/^whsec_/)
    const { id, token } = await bookWithAnna(fixture, { start: '2030-03-05T09:00:00.000Z' })
    await runJobsUntil(async () => received.length === 1)

    const [request] = received as [Received]
    expect(request.headers['content-type']).toBe('application/json')
    const payload = verify(endpoint.secret, request) as {
      type: string
      data: Record<string, unknown>
    }
    expect(payload).toMatchObject({
      type: 'booking.created',
      data: { bookingId: id, version: 1, provider: 'clinic', status: 'confirmed' },
    })
    for (const secret of [token, 'ana@example.com', 'Silva']) {
      expect(request.body).not.toContain(secret)
    }
    // Another secret, or a changed body, fails the library's verification.
    expect(() => verify('whsec_' + Buffer.alloc(24, 1).toString('base64'), request)).toThrow()
    expect(() =>
      verify(endpoint.secret, { ...request, body: request.body.replace('1', '2') }),
    ).toThrow()

    const [delivery] = await deliveriesOf(endpoint.id)
    expect(delivery).toMatchObject({ state: 'delivered', attempts: 1, lastStatusCode: 204 })
    await admin('DELETE', `/webhooks/${endpoint.id}`)
  })

  it('tries a failing receiver again with backoff, under the same webhook-id, and can resend', async () => {
    const endpoint = await addEndpoint(['booking.created'])
    answers.push(500, 503)
    await bookWithAnna(fixture, { start: '2030-03-05T11:00:00.000Z' })
    await runJobsUntil(async () => received.length === 1)
    let [delivery] = await deliveriesOf(endpoint.id)
    expect(delivery).toMatchObject({ state: 'pending', attempts: 1, lastStatusCode: 500 })
    // The runner's waits grow: 5-10 s, then 10-20 s.
    await runJobsUntil(async () => received.length === 3, 5_000)
    ;[delivery] = await deliveriesOf(endpoint.id)
    expect(delivery).toMatchObject({ state: 'delivered', attempts: 3, lastStatusCode: 204 })
    const ids = new Set(received.map((request) => request.headers['webhook-id']))
    expect([...ids]).toEqual([delivery?.messageId])
    for (const request of received) verify(endpoint.secret, request)

    const resend = await admin('POST', `/webhook-deliveries/${delivery?.id}/resend`)
    expect(resend.statusCode).toBe(202)
    await runJobsUntil(async () => received.length === 4)
    expect(received[3]?.headers['webhook-id']).toBe(delivery?.messageId)
    expect((await admin('POST', '/webhook-deliveries/999999/resend')).statusCode).toBe(404)
    await admin('DELETE', `/webhooks/${endpoint.id}`)
  })

  it('sends only the event types an endpoint asked for', async () => {
    const endpoint = await addEndpoint(['booking.cancelled'])
    const { token } = await bookWithAnna(fixture, { start: '2030-03-05T13:00:00.000Z' })
    const cancel = await fixture.app.inject({
      method: 'POST',
      url: `/api/bookings/manage/${token}/cancel`,
      payload: { reason: 'Ill' },
    })
    expect(cancel.statusCode).toBe(200)
    await runJobsUntil(async () => received.length === 1)
    const deliveries = await deliveriesOf(endpoint.id)
    expect(deliveries.map((each) => each.eventType)).toEqual(['booking.cancelled'])
    expect(deliveries[0]?.payload.data).toMatchObject({ reason: 'Ill', by: 'visitor' })
    await admin('DELETE', `/webhooks/${endpoint.id}`)
  })
})

describe('webhook targets in the admin API', () => {
  it('refuses private, loopback and link-local targets with a 400 saying why', async () => {
    for (const url of [
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.5/hooks',
      'http://[::1]:8080/hooks',
      'ftp://example.com/hooks',
    ]) {
      const response = await admin('POST', `/providers/${providerId}/webhooks`, {
        url,
        eventTypes: ['booking.created'],
      })
      expect([url, response.statusCode]).toEqual([url, 400])
    }
    const metadata = await admin('POST', `/providers/${providerId}/webhooks`, {
      url: 'http://169.254.169.254/',
      eventTypes: ['booking.created'],
    })
    expect(metadata.json().message).toBe(
      'The webhook host 169.254.169.254 resolves to 169.254.169.254, a private, loopback or ' +
        'link-local address; webhooks go to public addresses only.',
    )
  })

  it('refuses a target at delivery time too, and does not retry it', async () => {
    // As if the host's DNS had changed to an internal address after the endpoint was added.
    const { rows } = await fixture.app.db.query<{ id: number }>(
      `INSERT INTO webhook_endpoints (provider_id, url, secret, event_types)
       VALUES ($1, 'http://10.0.0.5/hooks', $2, '{booking.created}') RETURNING id`,
      [providerId, 'whsec_' + Buffer.alloc(24, 7).toString('base64')],
    )
    const endpointId = rows[0]?.id as number
    await bookWithAnna(fixture, { start: '2030-03-05T14:00:00.000Z' })
    await runJobsUntil(async () => (await deliveriesOf(endpointId))[0]?.state === 'failed')
    const [delivery] = await deliveriesOf(endpointId)
    expect(delivery).toMatchObject({ attempts: 1, lastStatusCode: null })
    expect(received).toEqual([])
  })

  it('validates the event types and answers 404 for unknown providers and endpoints', async () => {
    const unknownType = await admin('POST', `/providers/${providerId}/webhooks`, {
      url: receiverUrl,
      eventTypes: ['booking.eaten'],
    })
    expect(unknownType.statusCode).toBe(400)
    expect(
      (
        await admin('POST', '/providers/999999/webhooks', {
          url: receiverUrl,
          eventTypes: ['booking.created'],
        })
      ).statusCode,
    ).toBe(404)
    expect((await admin('PATCH', '/webhooks/999999', { enabled: false })).statusCode).toBe(404)
    expect((await admin('GET', '/webhooks/999999/deliveries')).statusCode).toBe(404)
    const endpoint = await addEndpoint(['booking.created'])
    const disabled = await admin('PATCH', `/webhooks/${endpoint.id}`, { enabled: false })
    expect(disabled.json()).toMatchObject({ id: endpoint.id, enabled: false })
    expect(disabled.json()).not.toHaveProperty('secret')
    const listed = await admin('GET', `/providers/${providerId}/webhooks`)
    expect(listed.json().endpoints.map((each: { id: number }) => each.id)).toContain(endpoint.id)
  })
})
