import Stripe from 'stripe'
import { toPaymentEvent } from '../events'
import {
  ProviderFailed,
  WebhookRejected,
  type Checkout,
  type CheckoutRequest,
  type CheckoutState,
  type PaymentEvent,
  type PaymentProvider,
} from '../provider'

export interface StripeProviderOptions {
  secretKey: string
  webhookSecret: string
  /**
   * The fetch the client calls Stripe with: tests pass one that answers from recorded fixtures,
   * so no test ever reaches Stripe's servers.
   */
  fetch?: typeof fetch
}

/** Stripe's Checkout Sessions: https://docs.stripe.com/api/checkout/sessions */
export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const
  // Stripe refuses a Checkout Session that expires sooner than 30 minutes after it is created.
  readonly minimumSessionMinutes = 30
  private readonly stripe: Stripe

  constructor(private readonly options: StripeProviderOptions) {
    this.stripe = new Stripe(options.secretKey, {
      // Retries go through our own jobs and idempotency keys, where they are visible.
      maxNetworkRetries: 0,
      timeout: 15_000,
      telemetry: false,
      ...(options.fetch ? { httpClient: Stripe.createFetchHttpClient(options.fetch) } : {}),
    })
  }

  async createCheckout(request: CheckoutRequest): Promise<Checkout> {
    const session = await this.call('create a checkout session', () =>
      this.stripe.checkout.sessions.create(
        {
          mode: 'payment',
          client_reference_id: String(request.bookingId),
          metadata: { bookingId: String(request.bookingId) },
          payment_intent_data: { metadata: { bookingId: String(request.bookingId) } },
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: request.currency.toLowerCase(),
                unit_amount: request.amount,
                product_data: { name: request.description },
              },
            },
          ],
          success_url: request.returnUrl,
          cancel_url: request.cancelUrl,
          expires_at: Math.floor(request.expiresAt / 1000),
        },
        { idempotencyKey: request.idempotencyKey },
      ),
    )
    if (!session.url) throw new ProviderFailed('Stripe returned a session without a URL.')
    return { sessionId: session.id, url: session.url, expiresAt: session.expires_at * 1000 }
  }

  async retrieveCheckout(sessionId: string): Promise<CheckoutState> {
    const session = await this.call('retrieve a checkout session', () =>
      this.stripe.checkout.sessions.retrieve(sessionId),
    )
    const paid = session.status === 'complete' && session.payment_status === 'paid'
    const paymentIntent = session.payment_intent
    const bookingId = Number(session.client_reference_id)
    return {
      sessionId: session.id,
      bookingId: Number.isInteger(bookingId) && bookingId > 0 ? bookingId : null,
      status: paid ? 'paid' : session.status === 'expired' ? 'expired' : 'open',
      paymentId: typeof paymentIntent === 'string' ? paymentIntent : (paymentIntent?.id ?? null),
      amountPaid: paid ? (session.amount_total ?? 0) : 0,
      currency: (session.currency ?? '').toUpperCase(),
    }
  }

  async cancelCheckout(sessionId: string): Promise<void> {
    try {
      await this.stripe.checkout.sessions.expire(sessionId)
    } catch (error) {
      // Only an open session can be expired: a completed or expired one is already done.
      if (error instanceof Stripe.errors.StripeInvalidRequestError) {
        const state = await this.retrieveCheckout(sessionId)
        if (state.status !== 'open') return
      }
      throw new ProviderFailed('Stripe could not expire the checkout session.', { cause: error })
    }
  }

  async refund(request: { paymentId: string; amount: number; idempotencyKey: string }) {
    const refund = await this.call('refund a payment', () =>
      this.stripe.refunds.create(
        { payment_intent: request.paymentId, amount: request.amount },
        { idempotencyKey: request.idempotencyKey },
      ),
    )
    return { refundId: refund.id }
  }

  async parseWebhook(
    rawBody: Buffer,
    headers: Record<string, unknown>,
    now: number,
  ): Promise<PaymentEvent> {
    const signature = headers['stripe-signature']
    if (typeof signature !== 'string') throw new WebhookRejected('No Stripe-Signature header.')
    let event: Stripe.Event
    try {
      event = this.stripe.webhooks.constructEvent(
        rawBody,
        signature,
        this.options.webhookSecret,
        undefined,
        undefined,
        // The app's clock (milliseconds), so the timestamp tolerance holds with a frozen one.
        now,
      )
    } catch (error) {
      throw new WebhookRejected(error instanceof Error ? error.message : 'Invalid signature.')
    }
    return toPaymentEvent(event as unknown as Parameters<typeof toPaymentEvent>[0])
  }

  private async call<T>(what: string, request: () => Promise<T>): Promise<T> {
    try {
      return await request()
    } catch (error) {
      throw new ProviderFailed(`Stripe could not ${what}.`, { cause: error })
    }
  }
}
