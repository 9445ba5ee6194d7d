import Stripe from 'stripe'
import type { BookingView } from '../../../src/lib/booking/api-types'
import { NOW, book, bookingRequest, buildFixture, type Fixture } from '../../booking/test-fixtures'
import { WebhookRejected } from '../provider'
import recordedSession from './fixtures/checkout-session.json'
import { StripeProvider } from './provider'

/**
 * The Stripe provider, offline: the client's fetch is replaced by one that answers from a recorded
 * Checkout Session and refuses anything else, so no test reaches Stripe's servers; webhooks are
 * signed with the library's own generateTestHeaderString.
 */
const WEBHOOK_SECRET = 'whsec_test_secret_for_offline_tests'
const FAKE_KEY = 'sk_test_offline_never_sent_anywhere'
const stripe = new Stripe(FAKE_KEY)

interface Sent {
  method: string
  url: string
  body: URLSearchParams
  headers: Headers
}

/** A fetch that answers Stripe's Checkout Session and refund calls from fixtures. */
function recordedStripe(session: Record<string, unknown> = recordedSession) {
  const sent: Sent[] = []
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input))
    if (url.hostname !== 'api.stripe.com') throw new Error(`refused: ${url.href}`)
    const request: Sent = {
      method: init?.method ?? 'GET',
      url: url.pathname,
      body: new URLSearchParams(typeof init?.body === 'string' ? init.body : ''),
      headers: new Headers(init?.headers),
    }
    sent.push(request)
    const answer = (body: object, status = 200) =>
      new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json', 'request-id': 'req_offline' },
      })
    if (url.pathname === '/v1/checkout/sessions' && request.method === 'POST') {
      return answer({
        ...session,
        amount_total: Number(request.body.get('line_items[0][price_data][unit_amount]')),
        client_reference_id: request.body.get('client_reference_id'),
        expires_at: Number(request.body.get('expires_at')),
      })
    }
    if (url.pathname.startsWith('/v1/checkout/sessions/')) return answer(session)
    if (url.pathname === '/v1/refunds') {
      return answer({ id: 're_offline_1', object: 'refund', amount: 2000, status: 'succeeded' })
    }
    return answer({ error: { type: 'invalid_request_error', message: 'not recorded' } }, 404)
  }) as typeof globalThis.fetch
  return { fetch, sent }
}

function signedEvent(type: string, object: object, timestamp = Math.floor(NOW / 1000)) {
  const body = JSON.stringify({
    id: `evt_${type}_${Math.random()}`,
    object: 'event',
    type,
    data: { object },
  })
  const header = stripe.webhooks.generateTestHeaderString({
    payload: body,
    secret: WEBHOOK_SECRET,
    timestamp,
  })
  return { body, header }
}

const completed = (bookingId: number) => ({
  ...recordedSession,
  client_reference_id: String(bookingId),
  status: 'complete',
  payment_status: 'paid',
  payment_intent: 'pi_offline_1',
})

describe('the Stripe provider, offline', () => {
  it('creates a Checkout Session for what is due now, with an idempotency key', async () => {
    const { fetch, sent } = recordedStripe()
    const provider = new StripeProvider({
      secretKey: FAKE_KEY,
      webhookSecret: WEBHOOK_SECRET,
      fetch,
    })
    const checkout = await provider.createCheckout({
      bookingId: 7,
      amount: 2000,
      currency: 'EUR',
      description: 'Shockwave · Test Clinic',
      returnUrl: 'http://site/en/widget/verify-payment-callback?session_id={CHECKOUT_SESSION_ID}',
      cancelUrl: 'http://site/en/widget/verify-payment-callback?cancelled=1',
      expiresAt: NOW + 30 * 60_000,
      idempotencyKey: 'checkout-1-123',
    })
    expect(checkout.url).toBe(recordedSession.url)
    expect(checkout.sessionId).toBe(recordedSession.id)
    const [request] = sent
    expect(request?.headers.get('idempotency-key')).toBe('checkout-1-123')
    expect(request?.body.get('mode')).toBe('payment')
    expect(request?.body.get('line_items[0][price_data][currency]')).toBe('eur')
    expect(request?.body.get('line_items[0][price_data][unit_amount]')).toBe('2000')
    expect(request?.body.get('client_reference_id')).toBe('7')
    expect(request?.body.get('metadata[bookingId]')).toBe('7')
  })

  it('verifies webhooks with constructEvent on the raw body', async () => {
    const provider = new StripeProvider({ secretKey: FAKE_KEY, webhookSecret: WEBHOOK_SECRET })
    const { body, header } = signedEvent('checkout.session.completed', completed(7))
    const event = await provider.parseWebhook(
      Buffer.from(body),
      { 'stripe-signature': header },
      NOW,
    )
    expect(event).toMatchObject({
      kind: 'paid',
      bookingId: 7,
      paymentId: 'pi_offline_1',
      amount: 2000,
      currency: 'EUR',
    })
    const parse = (raw: string, signature: string, now = NOW) =>
      provider.parseWebhook(Buffer.from(raw), { 'stripe-signature': signature }, now)
    await expect(parse(body.replace('2000', '1'), header)).rejects.toThrow(WebhookRejected)
    await expect(parse(body, header, NOW + 10 * 60_000)).rejects.toThrow(WebhookRejected)
    await expect(parse(body, 't=1,v1=00')).rejects.toThrow(WebhookRejected)
  })
})

describe('payments with Stripe, end to end in the API', () => {
  let fixture: Fixture
  const recorded = recordedStripe()

  beforeAll(async () => {
    fixture = await buildFixture({
      config: {
        paymentProvider: 'stripe',
        stripeSecretKey: FAKE_KEY,
        stripeWebhookSecret: WEBHOOK_SECRET,
      },
      paymentOverrides: { stripeFetch: recorded.fetch },
    })
  }, 60_000)
  afterAll(() => fixture.app.close())

  it('holds the booking 30 minutes at least, and confirms it on the signed webhook', async () => {
    const { app } = fixture
    const created = await book(
      app,
      bookingRequest({
        lines: [{ serviceId: fixture.services.shockwave, staffId: null, guestIndex: 0 }],
        start: '2030-03-05T10:00:00.000Z',
        termsAccepted: true,
      }),
    )
    expect(created.statusCode).toBe(201)
    const { booking, manageToken } = created.json() as { booking: BookingView; manageToken: string }
    expect(booking.status).toBe('held')
    // Stripe's sessions last 30 minutes at least: so does the hold.
    expect(Date.parse(booking.holdExpiresAt as string) - NOW).toBeGreaterThanOrEqual(30 * 60_000)
    const checkout = await app.inject({
      method: 'POST',
      url: `/api/bookings/manage/${manageToken}/payment/checkout`,
      payload: { locale: 'en' },
    })
    expect(checkout.statusCode).toBe(200)
    expect(checkout.json().url).toBe(recordedSession.url)

    const post = (body: string, header: string) =>
      app.inject({
        method: 'POST',
        url: '/api/payments/webhooks/stripe',
        payload: body,
        headers: { 'content-type': 'application/json', 'stripe-signature': header },
      })
    const forged = signedEvent('checkout.session.completed', completed(booking.id))
    // One hex digit changed, always to another one: the signature no longer matches the body.
    const tampered = forged.header.replace(/v1=(.)/, (_, digit: string) =>
      digit === '0' ? 'v1=1' : 'v1=0',
    )
    const refused = await post(forged.body, tampered)
    expect(refused.statusCode).toBe(400)
    const { body, header } = signedEvent('checkout.session.completed', completed(booking.id))
    const accepted = await post(body, header)
    expect(accepted.json()).toEqual({ received: true, result: 'applied' })
    const view = await app.inject({ method: 'GET', url: `/api/bookings/manage/${manageToken}` })
    expect(view.json().booking).toMatchObject({
      status: 'confirmed',
      payment: { status: 'paid', paidAmount: 2000, provider: 'stripe' },
    })
    // The local provider's routes do not exist with Stripe configured.
    const local = await app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/local',
      payload: body,
      headers: { 'content-type': 'application/json' },
    })
    expect(local.statusCode).toBe(404)
    expect(recorded.sent.every((request) => request.url.startsWith('/v1/'))).toBe(true)
  })
})

describe('a payment provider that cannot be reached', () => {
  it('loses no booking and makes none twice: the checkout is refused with 502, then works', async () => {
    let down = true
    const recorded = recordedStripe()
    const fixture = await buildFixture({
      config: {
        paymentProvider: 'stripe',
        stripeSecretKey: FAKE_KEY,
        stripeWebhookSecret: WEBHOOK_SECRET,
      },
      paymentOverrides: {
        stripeFetch: (async (input: string | URL | Request, init?: RequestInit) => {
          if (down) throw new TypeError('fetch failed')
          return recorded.fetch(input, init)
        }) as typeof globalThis.fetch,
      },
    })
    try {
      const { app } = fixture
      const created = await book(
        app,
        bookingRequest({
          lines: [{ serviceId: fixture.services.shockwave, staffId: null, guestIndex: 0 }],
          start: '2030-03-05T11:00:00.000Z',
          termsAccepted: true,
        }),
      )
      const { manageToken } = created.json() as { manageToken: string }
      const checkout = () =>
        app.inject({
          method: 'POST',
          url: `/api/bookings/manage/${manageToken}/payment/checkout`,
          payload: { locale: 'en' },
        })
      const refused = await checkout()
      expect(refused.statusCode).toBe(502)
      expect(refused.json()).toMatchObject({
        statusCode: 502,
        statusMessage: 'The payment provider could not be reached. Please try again.',
        code: 'payment_provider_unavailable',
      })
      const view = await app.inject({ method: 'GET', url: `/api/bookings/manage/${manageToken}` })
      expect(view.json().booking).toMatchObject({ status: 'held', payment: { status: 'pending' } })
      down = false
      const [first, second] = [await checkout(), await checkout()]
      expect(first.statusCode).toBe(200)
      expect(second.json().url).toBe(first.json().url)
      // One session asked for, with the key that makes a retry after a lost answer find it.
      const creates = recorded.sent.filter((r) => r.url === '/v1/checkout/sessions')
      expect(creates).toHaveLength(1)
      const { rows } = await app.db.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM bookings',
      )
      expect(rows[0]?.count).toBe(1)
    } finally {
      await fixture.app.close()
    }
  })
})
