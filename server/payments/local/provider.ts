import crypto from 'node:crypto'
import type { Database, Queryable } from '../../db'
import { enqueue } from '../../jobs/store'
import { toPaymentEvent } from '../events'
import {
  ProviderFailed,
  type Checkout,
  type CheckoutRequest,
  type CheckoutState,
  type PaymentEvent,
  type PaymentProvider,
} from '../provider'
import { signatureHeader, verifySignature } from '../signature'

export const LOCAL_SIGNATURE_HEADER = 'local-payments-signature'

/** Sends one webhook; resolves to the HTTP status the endpoint answered. */
export type WebhookTransport = (
  url: string,
  body: string,
  headers: Record<string, string>,
) => Promise<number>

const fetchTransport: WebhookTransport = async (url, body, headers) => {
  const response = await fetch(url, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', ...headers },
    signal: AbortSignal.timeout(10_000),
  })
  return response.status
}

export interface LocalSession {
  id: string
  bookingId: number
  amount: number
  currency: string
  description: string
  returnUrl: string
  cancelUrl: string
  status: 'open' | 'complete' | 'expired'
  paymentStatus: 'unpaid' | 'paid'
  paymentId: string | null
  refundedAmount: number
  expiresAt: number
}

const newId = (prefix: string) => `${prefix}_${crypto.randomBytes(12).toString('base64url')}`

/**
 * The embedded test provider, the default: it keeps its sessions in our database, serves a
 * checkout page with test cards (./checkout-page.ts) and sends Stripe-shaped events to our webhook
 * endpoint, signed with Stripe's scheme, through the job queue (so a failed delivery is retried
 * with backoff, as a real provider does). No network beyond this server.
 */
export class LocalProvider implements PaymentProvider {
  readonly name = 'local' as const
  readonly minimumSessionMinutes = 1
  private secret: string | undefined

  constructor(
    private readonly options: {
      db: Database
      siteUrl: string
      now: () => number
      transport?: WebhookTransport
    },
  ) {}

  /** The signing secret, made once per database so every process signs and verifies alike. */
  async webhookSecret(): Promise<string> {
    if (this.secret) return this.secret
    await this.options.db.query(
      `INSERT INTO local_payment_secrets (name, secret) VALUES ('webhook', $1)
       ON CONFLICT (name) DO NOTHING`,
      [crypto.randomBytes(32).toString('hex')],
    )
    const { rows } = await this.options.db.query<{ secret: string }>(
      `SELECT secret FROM local_payment_secrets WHERE name = 'webhook'`,
    )
    this.secret = rows[0]?.secret as string
    return this.secret
  }

  checkoutUrl(sessionId: string) {
    return `${this.options.siteUrl}/payments/local/checkout/${sessionId}`
  }

  async createCheckout(request: CheckoutRequest): Promise<Checkout> {
    const { db } = this.options
    await this.webhookSecret()
    // The same key gives the same session, as at a real provider.
    await db.query(
      `INSERT INTO local_checkout_sessions
         (id, idempotency_key, booking_id, amount, currency, description, return_url, cancel_url,
          expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (idempotency_key) DO NOTHING`,
      [
        newId('lcs'),
        request.idempotencyKey,
        request.bookingId,
        request.amount,
        request.currency,
        request.description,
        request.returnUrl,
        request.cancelUrl,
        new Date(request.expiresAt).toISOString(),
      ],
    )
    const { rows } = await db.query<{ id: string; expiresAt: Date }>(
      `SELECT id, expires_at AS "expiresAt" FROM local_checkout_sessions
        WHERE idempotency_key = $1`,
      [request.idempotencyKey],
    )
    const row = rows[0] as { id: string; expiresAt: Date }
    return { sessionId: row.id, url: this.checkoutUrl(row.id), expiresAt: +row.expiresAt }
  }

  async findSession(db: Queryable, sessionId: string, lock = false): Promise<LocalSession | null> {
    const { rows } = await db.query<LocalSession & { expiresAt: Date }>(
      `SELECT id, booking_id AS "bookingId", amount, currency, description,
              return_url AS "returnUrl", cancel_url AS "cancelUrl", status,
              payment_status AS "paymentStatus", payment_id AS "paymentId",
              refunded_amount AS "refundedAmount", expires_at AS "expiresAt"
         FROM local_checkout_sessions WHERE id = $1 ${lock ? 'FOR UPDATE' : ''}`,
      [sessionId],
    )
    const row = rows[0]
    if (!row) return null
    // A session past its time is expired whether or not anyone has said so yet.
    const expired = row.status === 'open' && +row.expiresAt <= this.options.now()
    return { ...row, status: expired ? 'expired' : row.status, expiresAt: +row.expiresAt }
  }

  async retrieveCheckout(sessionId: string): Promise<CheckoutState> {
    const session = await this.findSession(this.options.db, sessionId)
    if (!session) throw new ProviderFailed(`No local checkout session ${sessionId}.`)
    const paid = session.paymentStatus === 'paid'
    return {
      sessionId: session.id,
      bookingId: session.bookingId,
      status: paid ? 'paid' : session.status === 'expired' ? 'expired' : 'open',
      paymentId: session.paymentId,
      amountPaid: paid ? session.amount : 0,
      currency: session.currency,
    }
  }

  async cancelCheckout(sessionId: string): Promise<void> {
    await this.options.db.transaction(async (tx) => {
      const session = await this.findSession(tx, sessionId, true)
      if (!session || session.status !== 'open') return
      await tx.query(`UPDATE local_checkout_sessions SET status = 'expired' WHERE id = $1`, [
        sessionId,
      ])
      await this.emit(tx, 'checkout.session.expired', this.sessionObject(session, 'expired'))
    })
  }

  /** The checkout page's card was accepted: the session completes and the event goes out. */
  async completeSession(tx: Queryable, session: LocalSession): Promise<void> {
    const paymentId = newId('lpi')
    await tx.query(
      `UPDATE local_checkout_sessions
          SET status = 'complete', payment_status = 'paid', payment_id = $2 WHERE id = $1`,
      [session.id, paymentId],
    )
    await this.emit(tx, 'checkout.session.completed', {
      ...this.sessionObject(session, 'complete'),
      payment_status: 'paid',
      payment_intent: paymentId,
    })
  }

  /** The checkout page's card was refused; the session stays open for another card. */
  async declineSession(tx: Queryable, session: LocalSession, message: string): Promise<void> {
    await this.emit(tx, 'payment_intent.payment_failed', {
      id: newId('lpi'),
      object: 'payment_intent',
      amount: session.amount,
      currency: session.currency.toLowerCase(),
      metadata: { bookingId: String(session.bookingId) },
      last_payment_error: { message },
    })
  }

  async refund(request: { paymentId: string; amount: number; idempotencyKey: string }) {
    return this.options.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: string; left: number }>(
        `SELECT id, amount - refunded_amount AS left FROM local_checkout_sessions
          WHERE payment_id = $1 FOR UPDATE`,
        [request.paymentId],
      )
      const session = rows[0]
      if (!session) throw new ProviderFailed(`No local payment ${request.paymentId}.`)
      // Looked up under the payment's lock: a twin request with the same key waited here for the
      // first to commit, and now finds its refund (as a real provider answers a repeated key).
      const { rows: earlier } = await tx.query<{ id: string }>(
        'SELECT id FROM local_refunds WHERE idempotency_key = $1',
        [request.idempotencyKey],
      )
      if (earlier[0]) return { refundId: earlier[0].id }
      if (request.amount > session.left) {
        throw new ProviderFailed('The refund is more than what is left of the payment.')
      }
      const refundId = newId('lre')
      await tx.query(
        `INSERT INTO local_refunds (id, idempotency_key, session_id, amount) VALUES ($1, $2, $3, $4)`,
        [refundId, request.idempotencyKey, session.id, request.amount],
      )
      await tx.query(
        `UPDATE local_checkout_sessions SET refunded_amount = refunded_amount + $2 WHERE id = $1`,
        [session.id, request.amount],
      )
      return { refundId }
    })
  }

  async parseWebhook(
    rawBody: Buffer,
    headers: Record<string, unknown>,
    now: number,
  ): Promise<PaymentEvent> {
    const body = rawBody.toString('utf8')
    verifySignature(body, headers[LOCAL_SIGNATURE_HEADER], await this.webhookSecret(), now)
    return toPaymentEvent(JSON.parse(body))
  }

  /** Sends one stored event to our webhook endpoint (the `payments.local-webhook` job). */
  async deliver(eventId: string): Promise<void> {
    const { rows } = await this.options.db.query<{ body: string }>(
      'SELECT body FROM local_payment_events WHERE id = $1',
      [eventId],
    )
    const body = rows[0]?.body
    if (!body) return
    const header = signatureHeader(
      body,
      await this.webhookSecret(),
      Math.floor(this.options.now() / 1000),
    )
    const status = await (this.options.transport ?? fetchTransport)(
      `${this.options.siteUrl}/api/payments/webhooks/local`,
      body,
      { [LOCAL_SIGNATURE_HEADER]: header },
    )
    if (status < 200 || status >= 300) {
      throw new Error(`The webhook endpoint answered ${status} to event ${eventId}`)
    }
  }

  private sessionObject(session: LocalSession, status: string) {
    return {
      id: session.id,
      object: 'checkout.session',
      client_reference_id: String(session.bookingId),
      metadata: { bookingId: String(session.bookingId) },
      amount_total: session.amount,
      currency: session.currency.toLowerCase(),
      status,
      payment_status: 'unpaid',
    }
  }

  /** Records an event and queues its delivery in the caller's transaction. */
  private async emit(tx: Queryable, type: string, object: object) {
    const id = newId('levt')
    const body = JSON.stringify({
      id,
      object: 'event',
      type,
      created: Math.floor(this.options.now() / 1000),
      data: { object },
    })
    await tx.query('INSERT INTO local_payment_events (id, body) VALUES ($1, $2)', [id, body])
    await enqueue(tx, { type: 'payments.local-webhook', payload: { eventId: id } })
  }
}
