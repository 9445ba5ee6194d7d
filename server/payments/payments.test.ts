import { createHash } from 'node:crypto'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import type { BookingView } from '../../src/lib/booking/api-types'
import { expireHold } from '../booking/commands/expire'
import {
  ADMIN_TOKEN,
  NOW,
  book,
  bookingRequest,
  buildFixture,
  type Fixture,
} from '../booking/test-fixtures'
import { REFUND_REPEAT_WINDOW_MS } from './commands/refund'
import { LOCAL_SIGNATURE_HEADER } from './local/provider'
import { signatureHeader } from './signature'

// The background loop stays off: each test moves the clock and runs due jobs itself.
process.env.JOBS_POLL_MS = '0'

const BOOT_TIMEOUT_MS = 60_000
const HOLD_MINUTES = 15
const TUESDAY_9 = '2030-03-05T09:00:00.000Z'

let fixture: Fixture
let app: FastifyInstance
let clock: number
/** Every webhook the local provider sent, as it sent it (for replays). */
const delivered: { body: string; headers: Record<string, string> }[] = []

beforeAll(async () => {
  fixture = await buildFixture({
    now: () => clock,
    config: { paymentProvider: 'local', paymentHoldMinutes: HOLD_MINUTES },
    paymentOverrides: {
      // The provider's webhooks reach this app in process, exactly as over HTTP.
      webhookTransport: async (url, body, headers) => {
        delivered.push({ body, headers })
        const response = await fixture.app.inject({
          method: 'POST',
          url: new URL(url).pathname,
          payload: body,
          headers: { 'content-type': 'application/json', ...headers },
        })
        return response.statusCode
      },
    },
  })
  app = fixture.app
}, BOOT_TIMEOUT_MS)
afterAll(() => app.close())
beforeEach(() => {
  clock = NOW
  delivered.length = 0
})

let day = 0
/** Each test books its own weekday morning, so no test finds another's seats taken. */
function nextStart() {
  let start: Date
  do {
    day++
    start = new Date(Date.parse(TUESDAY_9) + day * 24 * 60 * 60_000)
  } while (start.getUTCDay() === 0 || start.getUTCDay() === 6)
  return start.toISOString()
}

const shockwaveAt = (start: string) =>
  bookingRequest({
    lines: [{ serviceId: fixture.services.shockwave, staffId: null, guestIndex: 0 }],
    start,
    termsAccepted: true,
  })

async function holdShockwave(start = nextStart()) {
  const response = await book(app, shockwaveAt(start))
  expect(response.statusCode).toBe(201)
  const { booking, manageToken } = response.json() as { booking: BookingView; manageToken: string }
  return { booking, token: manageToken, start }
}

async function checkout(token: string) {
  const response = await app.inject({
    method: 'POST',
    url: `/api/bookings/manage/${token}/payment/checkout`,
    payload: { locale: 'de' },
  })
  expect(response.statusCode).toBe(200)
  return response.json() as { url: string; holdExpiresAt: string }
}

async function payWith(url: string, card: string) {
  return app.inject({
    method: 'POST',
    url: new URL(url).pathname,
    payload: `card=${encodeURIComponent(card)}&expiry=12%2F34&cvc=123`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  })
}

async function bookingOf(token: string) {
  const response = await app.inject({ method: 'GET', url: `/api/bookings/manage/${token}` })
  return response.json().booking as BookingView
}

async function eventTypes(bookingId: number) {
  const { rows } = await app.db.query<{ type: string }>(
    'SELECT type FROM booking_events WHERE booking_id = $1 ORDER BY version',
    [bookingId],
  )
  return rows.map((row) => row.type)
}

async function postWebhook(body: string, signature: string) {
  return app.inject({
    method: 'POST',
    url: '/api/payments/webhooks/local',
    payload: body,
    headers: { 'content-type': 'application/json', [LOCAL_SIGNATURE_HEADER]: signature },
  })
}

async function localSecret() {
  const { rows } = await app.db.query<{ secret: string }>(
    `SELECT secret FROM local_payment_secrets WHERE name = 'webhook'`,
  )
  return rows[0]?.secret as string
}

describe('payments with the local provider', () => {
  it('holds a booking with a deposit, and confirms it only when the verified webhook says paid', async () => {
    const { booking, token } = await holdShockwave()
    expect(booking.status).toBe('held')
    expect(booking.payment).toMatchObject({
      status: 'pending',
      totalAmount: 9000,
      dueNowAmount: 2000,
      paidAmount: 0,
      currency: 'EUR',
      termsVersion: '1',
      termsAcceptedAt: new Date(NOW).toISOString(),
    })

    const { url } = await checkout(token)
    expect(url).toMatch(/\/payments\/local\/checkout\/lcs_/)
    // Asking again gives the same session: a double click makes one checkout.
    expect((await checkout(token)).url).toBe(url)

    const page = await app.inject({ method: 'GET', url: new URL(url).pathname })
    expect(page.statusCode).toBe(200)
    // In the language of the widget the visitor came from (German here), amount and all.
    expect(page.body).toContain('<html lang="de">')
    expect(page.body).toMatch(/20,00\s€/)
    expect(page.body).toContain('Kartennummer')
    const policy = String(page.headers['content-security-policy'])
    expect(policy).toContain("frame-ancestors 'none'")
    expect(policy).not.toContain('unsafe-inline')
    // The page's one style block is the one its policy allows, by hash.
    const style = /<style>([\s\S]*?)<\/style>/.exec(page.body)?.[1] ?? ''
    expect(policy).toContain(`'sha256-${createHash('sha256').update(style).digest('base64')}'`)
    expect(page.headers['cache-control']).toBe('no-store')

    const paid = await payWith(url, '4242 4242 4242 4242')
    expect(paid.statusCode).toBe(303)
    expect(paid.headers.location).toMatch(
      /\/de\/widget\/verify-payment-callback\?token=.+&session_id=lcs_/,
    )
    // The redirect alone confirms nothing.
    expect((await bookingOf(token)).status).toBe('held')

    await app.jobs.runDueJobs()
    const confirmed = await bookingOf(token)
    expect(confirmed.status).toBe('confirmed')
    expect(confirmed.holdExpiresAt).toBeNull()
    expect(confirmed.payment).toMatchObject({ status: 'paid', paidAmount: 2000 })
    expect(await eventTypes(booking.id)).toEqual([
      'booking.created',
      'payment.succeeded',
      'booking.confirmed',
    ])
  })

  it('records a declined card as failed, keeps the hold, and takes the next card', async () => {
    const { booking, token } = await holdShockwave()
    const { url } = await checkout(token)
    const declined = await payWith(url, '4000000000000002')
    expect(declined.statusCode).toBe(402)
    expect(declined.body).toContain('Ihre Karte wurde abgelehnt.')
    await app.jobs.runDueJobs()
    const failed = await bookingOf(token)
    expect(failed.status).toBe('held')
    expect(failed.payment?.status).toBe('failed')
    // The visitor tries again on the same session while the hold lasts.
    expect((await checkout(token)).url).toBe(url)
    expect((await payWith(url, '4242424242424242')).statusCode).toBe(303)
    await app.jobs.runDueJobs()
    expect((await bookingOf(token)).payment?.status).toBe('paid')
    expect(await eventTypes(booking.id)).toEqual([
      'booking.created',
      'payment.failed',
      'payment.succeeded',
      'booking.confirmed',
    ])
  })

  it('asks for 3-D Secure with the authentication card, and pays once it is completed', async () => {
    const { token } = await holdShockwave()
    const { url } = await checkout(token)
    const challenged = await payWith(url, '4000000000003220')
    expect(challenged.statusCode).toBe(303)
    expect(challenged.headers.location).toBe(`${new URL(url).pathname}/authenticate`)
    const failed = await app.inject({
      method: 'POST',
      url: `${new URL(url).pathname}/authenticate`,
      payload: 'outcome=fail',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(failed.statusCode).toBe(402)
    expect(failed.body).toContain('konnte nicht authentifiziert werden')
    await payWith(url, '4000000000003220')
    const completed = await app.inject({
      method: 'POST',
      url: `${new URL(url).pathname}/authenticate`,
      payload: 'outcome=complete',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(completed.statusCode).toBe(303)
    await app.jobs.runDueJobs()
    expect((await bookingOf(token)).status).toBe('confirmed')
  })

  it('expires an unpaid hold: seats freed, payment expired, the provider session ended', async () => {
    const { booking, token, start } = await holdShockwave()
    const { url } = await checkout(token)
    clock = NOW + HOLD_MINUTES * 60_000
    await app.jobs.runDueJobs()
    const expired = await bookingOf(token)
    expect(expired.status).toBe('expired')
    expect(expired.payment?.status).toBe('expired')
    const page = await app.inject({ method: 'GET', url: new URL(url).pathname })
    expect(page.statusCode).toBe(410)
    expect((await payWith(url, '4242424242424242')).statusCode).toBe(410)
    // The slot is free again.
    const again = await book(app, {
      ...shockwaveAt(start),
      contact: { ...shockwaveAt(start).contact, email: 'b@example.com' },
    })
    expect(again.statusCode).toBe(201)
    expect(await eventTypes(booking.id)).toEqual(['booking.created', 'booking.expired'])
    // Too late to pay: the checkout is refused with the error object.
    const late = await app.inject({
      method: 'POST',
      url: `/api/bookings/manage/${token}/payment/checkout`,
      payload: { locale: 'en' },
    })
    expect(late.statusCode).toBe(409)
    expect(late.json()).toMatchObject({ code: 'payment_not_due' })
  })

  it('confirms a payment that arrives after the hold expired when the seats are still free', async () => {
    const { booking, token } = await holdShockwave()
    const { url } = await checkout(token)
    await payWith(url, '4242424242424242')
    // The webhook is late: the hold runs out before it arrives.
    clock = NOW + (HOLD_MINUTES + 1) * 60_000
    expect(
      await expireHold(
        { db: app.db, siteUrl: '', now: () => clock, linkKey: Buffer.alloc(32) },
        booking.id,
      ),
    ).toBe(true)
    await app.jobs.runDueJobs()
    const late = await bookingOf(token)
    expect(late.status).toBe('confirmed')
    expect(late.payment?.status).toBe('paid')
  })

  it('refunds a payment that arrives after the hold expired and the seats were taken', async () => {
    const { booking, token, start } = await holdShockwave()
    const { url } = await checkout(token)
    await payWith(url, '4242424242424242')
    clock = NOW + (HOLD_MINUTES + 1) * 60_000
    await expireHold(
      { db: app.db, siteUrl: '', now: () => clock, linkKey: Buffer.alloc(32) },
      booking.id,
    )
    const other = await book(app, {
      ...shockwaveAt(start),
      contact: { firstName: 'Bo', lastName: 'Berg', email: 'bo@example.com' },
    })
    expect(other.statusCode).toBe(201)
    await app.jobs.runDueJobs()
    const refunded = await bookingOf(token)
    expect(refunded.status).toBe('expired')
    expect(refunded.payment).toMatchObject({
      status: 'refunded',
      paidAmount: 2000,
      refundedAmount: 2000,
    })
    expect(await eventTypes(booking.id)).toEqual([
      'booking.created',
      'booking.expired',
      'payment.succeeded',
      'payment.refunded',
    ])
    const { rows } = await app.db.query<{ refunded: number }>(
      'SELECT refunded_amount AS refunded FROM local_checkout_sessions WHERE booking_id = $1',
      [booking.id],
    )
    expect(rows[0]?.refunded).toBe(2000)
  })

  it('applies a redelivered webhook once', async () => {
    const { booking, token } = await holdShockwave()
    await payWith((await checkout(token)).url, '4242424242424242')
    await app.jobs.runDueJobs()
    const sent = delivered.find((webhook) => webhook.body.includes('checkout.session.completed'))
    expect(sent).toBeDefined()
    const again = await postWebhook(sent!.body, sent!.headers[LOCAL_SIGNATURE_HEADER] as string)
    expect(again.statusCode).toBe(200)
    expect(again.json()).toEqual({ received: true, result: 'duplicate' })
    expect(await eventTypes(booking.id)).toEqual([
      'booking.created',
      'payment.succeeded',
      'booking.confirmed',
    ])
  })

  it('refuses a forged, altered or stale webhook with 400 and changes nothing', async () => {
    const { booking, token } = await holdShockwave()
    const body = JSON.stringify({
      id: 'levt_forged',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: 'lcs_forged',
          client_reference_id: String(booking.id),
          payment_status: 'paid',
          payment_intent: 'lpi_forged',
          amount_total: 2000,
          currency: 'eur',
        },
      },
    })
    const now = Math.floor(NOW / 1000)
    const forged = await postWebhook(body, signatureHeader(body, 'not-the-secret', now))
    expect(forged.statusCode).toBe(400)
    expect(forged.json()).toMatchObject({ statusCode: 400, code: 'webhook_rejected' })
    const secret = await localSecret()
    const altered = await postWebhook(body.replace('2000', '1'), signatureHeader(body, secret, now))
    expect(altered.statusCode).toBe(400)
    const stale = await postWebhook(body, signatureHeader(body, secret, now - 600))
    expect(stale.statusCode).toBe(400)
    expect(stale.json().message).toMatch(/tolerance/)
    const unsigned = await postWebhook(body, '')
    expect(unsigned.statusCode).toBe(400)
    expect((await bookingOf(token)).status).toBe('held')
  })

  // Regression: a correctly signed event with such an amount was answered 500, which a provider
  // redelivers forever.
  it('refuses a signed event whose amount is negative or not a number with 400, changing nothing', async () => {
    const { booking, token } = await holdShockwave()
    const secret = await localSecret()
    const now = Math.floor(NOW / 1000)
    for (const [n, amount] of [-2000, 'abc', 20.5].entries()) {
      const body = JSON.stringify({
        id: `levt_bad_amount_${n}`,
        type: 'checkout.session.completed',
        data: {
          object: {
            id: `lcs_bad_amount_${n}`,
            client_reference_id: String(booking.id),
            payment_status: 'paid',
            payment_intent: `lpi_bad_amount_${n}`,
            amount_total: amount,
            currency: 'eur',
          },
        },
      })
      const refused = await postWebhook(body, signatureHeader(body, secret, now))
      expect(refused.statusCode).toBe(400)
      expect(refused.json()).toMatchObject({
        statusCode: 400,
        statusMessage: 'Bad Request',
        code: 'webhook_rejected',
        message: expect.stringContaining('not a positive whole number of cents'),
      })
    }
    const unchanged = await bookingOf(token)
    expect(unchanged.status).toBe('held')
    expect(unchanged.payment).toMatchObject({ status: 'pending', paidAmount: 0 })
    expect(await eventTypes(booking.id)).toEqual(['booking.created'])
    const { rows } = await app.db.query(
      `SELECT 1 FROM payment_provider_events WHERE event_id LIKE 'levt_bad_amount_%'`,
    )
    expect(rows).toEqual([])
  })

  it('refunds per the service’s policy when a paid booking is cancelled before the cut-off', async () => {
    const { booking, token } = await holdShockwave()
    await payWith((await checkout(token)).url, '4242424242424242')
    await app.jobs.runDueJobs()
    const cancelled = await app.inject({
      method: 'POST',
      url: `/api/bookings/manage/${token}/cancel`,
      payload: { reason: 'Cannot come' },
    })
    expect(cancelled.statusCode).toBe(200)
    await app.jobs.runDueJobs()
    expect((await bookingOf(token)).payment).toMatchObject({
      status: 'refunded',
      refundedAmount: 2000,
    })
    expect((await eventTypes(booking.id)).slice(-2)).toEqual([
      'booking.cancelled',
      'payment.refunded',
    ])
  })

  it('lets the business list payments and refund part of one, never more than was paid', async () => {
    const { booking, token } = await holdShockwave()
    await payWith((await checkout(token)).url, '4242424242424242')
    await app.jobs.runDueJobs()
    const admin = { authorization: `Bearer ${ADMIN_TOKEN}` }
    const list = await app.inject({
      method: 'GET',
      url: `/api/admin/payments?bookingId=${booking.id}`,
      headers: admin,
    })
    expect(list.statusCode).toBe(200)
    const [payment] = list.json().payments
    expect(payment).toMatchObject({ bookingId: booking.id, status: 'paid', paidAmount: 2000 })
    expect(payment.history.map((entry: { status: string }) => entry.status)).toEqual([
      'pending',
      'paid',
    ])
    const refund = (amount: number) =>
      app.inject({
        method: 'POST',
        url: `/api/admin/payments/${payment.id}/refund`,
        headers: admin,
        payload: { amount, reason: 'Goodwill' },
      })
    const part = await refund(500)
    expect(part.statusCode).toBe(200)
    expect(part.json().payment).toMatchObject({
      status: 'partially_refunded',
      refundedAmount: 500,
    })
    const tooMuch = await refund(1600)
    expect(tooMuch.statusCode).toBe(409)
    expect(tooMuch.json()).toMatchObject({ code: 'refund_too_large' })
    const noToken = await app.inject({ method: 'GET', url: '/api/admin/payments' })
    expect(noToken.statusCode).toBe(401)
    const bad = await app.inject({
      method: 'POST',
      url: `/api/admin/payments/${payment.id}/refund`,
      headers: admin,
      payload: { amount: -5 },
    })
    expect(bad.statusCode).toBe(400)
  })

  // Regression: ten at once gave 500 to some (a duplicate key on the refund's idempotency key).
  describe('ten refunds of one payment at once', () => {
    async function paidPayment() {
      const { booking, token } = await holdShockwave()
      await payWith((await checkout(token)).url, '4242424242424242')
      await app.jobs.runDueJobs()
      const { rows } = await app.db.query<{ id: number }>(
        'SELECT id FROM payments WHERE booking_id = $1',
        [booking.id],
      )
      const id = rows[0]!.id
      const refund = (amount: number, key?: string) =>
        app.inject({
          method: 'POST',
          url: `/api/admin/payments/${id}/refund`,
          headers: {
            authorization: `Bearer ${ADMIN_TOKEN}`,
            ...(key ? { 'idempotency-key': key } : {}),
          },
          payload: { amount, reason: 'Goodwill' },
        })
      const refunds = async () => {
        const { rows: counts } = await app.db.query<{ refunds: number; local: number }>(
          `SELECT (SELECT count(*) FROM payment_refunds WHERE payment_id = $1)::int AS refunds,
                  (SELECT count(*) FROM local_refunds r JOIN local_checkout_sessions s
                      ON s.id = r.session_id WHERE s.booking_id = $2)::int AS local`,
          [id, booking.id],
        )
        return counts[0]
      }
      return { refund, refunds }
    }

    /** Ten requests at once: each answered 200 with the first one's answer. */
    async function tenAtOnce(ask: () => Promise<LightMyRequestResponse>) {
      const answers = await Promise.all(Array.from({ length: 10 }, ask))
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200))
      const first = answers[0]!.json()
      for (const answer of answers) expect(answer.json()).toEqual(first)
      return first
    }

    it('refunds once without a key, and a refund of the same amount later is a new one', async () => {
      const { refund, refunds } = await paidPayment()
      const first = await tenAtOnce(() => refund(500))
      expect(first.payment).toMatchObject({ status: 'partially_refunded', refundedAmount: 500 })
      expect(await refunds()).toEqual({ refunds: 1, local: 1 })
      clock += REFUND_REPEAT_WINDOW_MS
      const second = await refund(500)
      expect(second.statusCode).toBe(200)
      expect(second.json().payment.refundedAmount).toBe(1000)
      expect(await refunds()).toEqual({ refunds: 2, local: 2 })
    })

    it('refunds once with one Idempotency-Key, and answers a later repeat alike', async () => {
      const { refund, refunds } = await paidPayment()
      const first = await tenAtOnce(() => refund(500, 'refund-once-1234'))
      expect(first.payment).toMatchObject({ status: 'partially_refunded', refundedAmount: 500 })
      clock += 10 * REFUND_REPEAT_WINDOW_MS
      const later = await refund(500, 'refund-once-1234')
      expect(later.statusCode).toBe(200)
      expect(later.json()).toEqual(first)
      expect(await refunds()).toEqual({ refunds: 1, local: 1 })
      const other = await refund(700, 'refund-once-1234')
      expect(other.statusCode).toBe(422)
      expect(other.json()).toMatchObject({ code: 'idempotency_key_reused' })
    })
  })

  it('answers bad checkout input with a 4xx error object', async () => {
    const { token } = await holdShockwave()
    const badLocale = await app.inject({
      method: 'POST',
      url: `/api/bookings/manage/${token}/payment/checkout`,
      payload: { locale: 'xx' },
    })
    expect(badLocale.statusCode).toBe(400)
    expect(badLocale.json()).toMatchObject({ statusCode: 400 })
    const unknown = await app.inject({
      method: 'POST',
      url: `/api/bookings/manage/${'x'.repeat(43)}/payment/checkout`,
      payload: { locale: 'en' },
    })
    expect(unknown.statusCode).toBe(404)
    const noSession = await app.inject({ method: 'GET', url: '/payments/local/checkout/lcs_none' })
    expect(noSession.statusCode).toBe(404)
  })

  it('answers the payment page in the language it shows, and refuses an unknown language', async () => {
    const { token } = await holdShockwave()
    const polled = await app.inject({
      method: 'GET',
      url: `/api/bookings/manage/${token}/payment?locale=de`,
    })
    expect(polled.statusCode).toBe(200)
    const { links } = (polled.json() as { booking: BookingView }).booking
    expect(links?.cancel).toBe(`http://127.0.0.1:8000/de/widget/cancel-booking?token=${token}`)
    const details = new URL(links?.google ?? '').searchParams.get('details')
    expect(details).toContain(`Termin absagen: ${links?.cancel}`)
    const bad = await app.inject({
      method: 'GET',
      url: `/api/bookings/manage/${token}/payment?locale=xx`,
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ statusCode: 400 })
  })

  it('confirms by retrieving the session when the visitor polls before the webhook came', async () => {
    const { token } = await holdShockwave()
    await payWith((await checkout(token)).url, '4242424242424242')
    const polled = await app.inject({ method: 'GET', url: `/api/bookings/manage/${token}/payment` })
    expect(polled.statusCode).toBe(200)
    expect(polled.json().booking).toMatchObject({
      status: 'confirmed',
      payment: { paidAmount: 2000 },
    })
    // The webhook that follows finds the payment done and changes nothing.
    await app.jobs.runDueJobs()
    expect((await bookingOf(token)).payment?.status).toBe('paid')
  })

  it('closes the payment and ends the provider session when a held booking is cancelled', async () => {
    const { booking, token } = await holdShockwave()
    const { url } = await checkout(token)
    const cancelled = await app.inject({
      method: 'POST',
      url: `/api/bookings/manage/${token}/cancel`,
      payload: { reason: 'Changed my mind' },
    })
    expect(cancelled.statusCode).toBe(200)
    expect(cancelled.json().booking.payment.status).toBe('cancelled')
    await app.jobs.runDueJobs()
    expect((await app.inject({ method: 'GET', url: new URL(url).pathname })).statusCode).toBe(410)
    expect(await eventTypes(booking.id)).toEqual(['booking.created', 'booking.cancelled'])
  })

  it('leaves a paid booking of a service the business confirms "requested", and refunds a decline in full', async () => {
    const admin = { authorization: `Bearer ${ADMIN_TOKEN}` }
    const provider = await app.inject({ method: 'GET', url: '/api/providers/clinic' })
    const service = await app.inject({
      method: 'POST',
      url: '/api/admin/services',
      headers: admin,
      payload: {
        providerId: provider.json().id,
        slug: 'paid-assessment',
        name: 'Assessment',
        durationMinutes: 30,
        priceCents: 6000,
        depositPercent: 50,
        requiresConfirmation: true,
        refundPolicy: 'none',
      },
    })
    expect(service.statusCode).toBe(201)
    const serviceId = service.json().id as number
    await app.inject({
      method: 'PATCH',
      url: `/api/admin/staff/${fixture.staff.ben}`,
      headers: admin,
      payload: { serviceIds: [fixture.services.consult, fixture.services.massage, serviceId] },
    })
    const created = await book(
      app,
      bookingRequest({
        lines: [{ serviceId, staffId: null, guestIndex: 0 }],
        start: nextStart(),
        termsAccepted: true,
      }),
    )
    expect(created.statusCode).toBe(201)
    const { booking, manageToken } = created.json() as { booking: BookingView; manageToken: string }
    expect(booking.payment).toMatchObject({ dueNowAmount: 3000, totalAmount: 6000 })
    await payWith((await checkout(manageToken)).url, '4242424242424242')
    await app.jobs.runDueJobs()
    expect((await bookingOf(manageToken)).status).toBe('requested')

    // The business declines: whatever the visitor's refund policy, the money goes back.
    const declined = await app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${booking.id}/decline`,
      headers: admin,
      payload: { reason: 'Fully booked that day' },
    })
    expect(declined.statusCode).toBe(200)
    await app.jobs.runDueJobs()
    expect((await bookingOf(manageToken)).payment).toMatchObject({
      status: 'refunded',
      refundedAmount: 3000,
    })
  })

  it('moves a paid booking to a new time without asking to pay again', async () => {
    const { booking, token } = await holdShockwave()
    await payWith((await checkout(token)).url, '4242424242424242')
    await app.jobs.runDueJobs()
    const moved = await app.inject({
      method: 'POST',
      url: `/api/bookings/manage/${token}/reschedule`,
      payload: { start: nextStart(), timeZone: 'Europe/Berlin' },
    })
    expect(moved.statusCode).toBe(200)
    expect(moved.json().booking).toMatchObject({
      status: 'confirmed',
      holdExpiresAt: null,
      payment: { status: 'paid', paidAmount: 2000, dueNowAmount: 2000 },
    })
    const { rows } = await app.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM payments WHERE booking_id = $1',
      [booking.id],
    )
    expect(rows[0]?.count).toBe(1)
  })
})
