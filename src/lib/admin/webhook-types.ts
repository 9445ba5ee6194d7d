/**
 * Webhooks as the admin API gives them (`/api/admin/providers/:id/webhooks`, `/webhooks/:id`,
 * `/webhooks/:id/deliveries`), shared by the server and the dashboard's Webhooks screen.
 */

/** The webhook event types an endpoint may ask for. */
export const WEBHOOK_EVENT_TYPES = [
  'booking.created',
  'booking.requested',
  'booking.confirmed',
  'booking.declined',
  'booking.rescheduled',
  'booking.cancelled',
  'booking.expired',
  'booking.no_show',
  'payment.succeeded',
  'payment.failed',
  'payment.refunded',
  'form.submitted',
] as const
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number]

export interface WebhookEndpoint {
  id: number
  providerId: number
  url: string
  eventTypes: WebhookEventType[]
  enabled: boolean
  createdAt: string
}

/** `POST /api/admin/providers/:id/webhooks`; without `secret` the server makes one. */
export interface NewWebhookEndpoint {
  url: string
  eventTypes: WebhookEventType[]
  secret?: string
}

/** The answer to a creation: the only time the signing secret is given back. */
export interface CreatedWebhookEndpoint extends WebhookEndpoint {
  secret: string
}

/** `PATCH /api/admin/webhooks/:id`. */
export interface WebhookEndpointChange {
  url?: string
  eventTypes?: WebhookEventType[]
  enabled?: boolean
}

export interface DeliveryLogEntry {
  id: number
  messageId: string
  eventType: string
  state: 'pending' | 'delivered' | 'failed'
  attempts: number
  lastStatusCode: number | null
  lastError: string | null
  createdAt: string
  lastAttemptAt: string | null
  deliveredAt: string | null
  payload: unknown
}

/** A page of an endpoint's deliveries, newest first; `next` is the `before` of the next page. */
export interface DeliveryPage {
  deliveries: DeliveryLogEntry[]
  next: number | null
}
