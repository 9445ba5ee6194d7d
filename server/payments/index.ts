import type { ServerConfig } from '../config'
import type { Database } from '../db'
import { LocalProvider, type WebhookTransport } from './local/provider'
import type { PaymentProvider } from './provider'
import { StripeProvider } from './stripe/provider'

export interface ProviderOverrides {
  /** How the local provider posts its webhooks (tests route them through app.inject). */
  webhookTransport?: WebhookTransport
  /** The fetch the Stripe client uses (tests answer from recorded fixtures). */
  stripeFetch?: typeof fetch
}

/** The configured payment provider. */
export function createPaymentProvider(
  config: ServerConfig,
  deps: { db: Database; now: () => number } & ProviderOverrides,
): PaymentProvider {
  if (config.paymentProvider === 'stripe') {
    return new StripeProvider({
      // readConfig refuses to start without both.
      secretKey: config.stripeSecretKey as string,
      webhookSecret: config.stripeWebhookSecret as string,
      ...(deps.stripeFetch ? { fetch: deps.stripeFetch } : {}),
    })
  }
  return new LocalProvider({
    db: deps.db,
    siteUrl: config.siteUrl,
    now: deps.now,
    ...(deps.webhookTransport ? { transport: deps.webhookTransport } : {}),
  })
}
