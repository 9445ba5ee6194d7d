/**
 * What the booking side needs of a payment provider. Amounts are integers in the currency's
 * minor unit. Every call that creates something at the provider carries an idempotency key, so a
 * retry after a lost answer finds what the first call made instead of making it twice.
 */
export interface CheckoutRequest {
  bookingId: number
  /** What the visitor pays now (the deposit, or the whole price). */
  amount: number
  currency: string
  description: string
  /** Where the visitor lands after paying ({CHECKOUT_SESSION_ID} is replaced by the session). */
  returnUrl: string
  /** Where "back" on the checkout page leads. */
  cancelUrl: string
  /** The session ends then (the booking's hold lasts at least as long). */
  expiresAt: number
  idempotencyKey: string
}

export interface Checkout {
  sessionId: string
  /** The provider's page, opened top-level: card pages are never framed. */
  url: string
  expiresAt: number
}

/** A session as the provider knows it, for confirming without waiting for the webhook. */
export interface CheckoutState {
  sessionId: string
  bookingId: number | null
  status: 'open' | 'paid' | 'expired'
  paymentId: string | null
  amountPaid: number
  currency: string
}

/** A verified provider event, in the booking side's terms. */
export type PaymentEvent =
  | {
      id: string
      kind: 'paid'
      bookingId: number
      sessionId: string
      paymentId: string
      amount: number
      currency: string
    }
  | { id: string; kind: 'failed'; bookingId: number; reason: string }
  | { id: string; kind: 'session_expired'; bookingId: number; sessionId: string }
  /** Verified, but nothing for us to do (an event type we do not act on). */
  | { id: string; kind: 'ignored'; type: string }

export type ProviderName = 'local' | 'stripe'

export interface PaymentProvider {
  readonly name: ProviderName
  /** The shortest session the provider accepts: a hold is never shorter. */
  readonly minimumSessionMinutes: number
  createCheckout(request: CheckoutRequest): Promise<Checkout>
  retrieveCheckout(sessionId: string): Promise<CheckoutState>
  /** Ends an open session; one already completed or expired is left as it is. */
  cancelCheckout(sessionId: string): Promise<void>
  refund(request: {
    paymentId: string
    amount: number
    idempotencyKey: string
  }): Promise<{ refundId: string }>
  /**
   * Verifies a webhook's signature over the raw body and returns its event; throws
   * WebhookRejected for a forged, altered or stale one.
   */
  parseWebhook(
    rawBody: Buffer,
    headers: Record<string, unknown>,
    now: number,
  ): Promise<PaymentEvent>
}

/** A webhook that does not prove it comes from the provider: answered 400, never applied. */
export class WebhookRejected extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'WebhookRejected'
  }
}

/** The provider could not do what was asked (unreachable, or it refused). */
export class ProviderFailed extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'ProviderFailed'
  }
}
