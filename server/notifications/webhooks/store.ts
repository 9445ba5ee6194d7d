import crypto from 'node:crypto'
import type { DeliveryLogEntry, WebhookEndpoint } from '../../../src/lib/admin/webhook-types'
import type { Database, Queryable } from '../../db'
import type { BookingEvent } from '../../booking/store/events'
import { enqueue } from '../../jobs/store'
import { webhookEventType, type WebhookEventType } from '../rules'
import { WEBHOOK_ATTEMPTS } from './deliver'

export type { DeliveryLogEntry, WebhookEndpoint }

const ENDPOINT_COLUMNS = `id, provider_id AS "providerId", url, event_types AS "eventTypes",
  enabled, created_at AS "createdAt"`

/** A Standard Webhooks secret: `whsec_` and 24 random bytes in base64. */
export function newWebhookSecret(): string {
  return `whsec_${crypto.randomBytes(24).toString('base64')}`
}

export async function createEndpoint(
  db: Queryable,
  input: { providerId: number; url: string; eventTypes: WebhookEventType[]; secret: string },
): Promise<WebhookEndpoint> {
  const { rows } = await db.query<WebhookEndpoint>(
    `INSERT INTO webhook_endpoints (provider_id, url, event_types, secret)
     VALUES ($1, $2, $3, $4) RETURNING ${ENDPOINT_COLUMNS}`,
    [input.providerId, input.url, input.eventTypes, input.secret],
  )
  return rows[0] as WebhookEndpoint
}

export async function listEndpoints(db: Queryable, providerId: number) {
  const { rows } = await db.query<WebhookEndpoint>(
    `SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints WHERE provider_id = $1 ORDER BY id`,
    [providerId],
  )
  return rows
}

export async function updateEndpoint(
  db: Queryable,
  id: number,
  change: { url?: string; eventTypes?: WebhookEventType[]; enabled?: boolean },
): Promise<WebhookEndpoint | undefined> {
  const { rows } = await db.query<WebhookEndpoint>(
    `UPDATE webhook_endpoints
        SET url = COALESCE($2, url), event_types = COALESCE($3, event_types),
            enabled = COALESCE($4, enabled)
      WHERE id = $1 RETURNING ${ENDPOINT_COLUMNS}`,
    [id, change.url ?? null, change.eventTypes ?? null, change.enabled ?? null],
  )
  return rows[0]
}

export async function deleteEndpoint(db: Queryable, id: number): Promise<boolean> {
  const { affectedRows } = await db.query('DELETE FROM webhook_endpoints WHERE id = $1', [id])
  return affectedRows === 1
}

/**
 * What a receiver learns of an event: the type, when, and the event's own facts (times, ids,
 * statuses, reasons) with the booking's id and provider. No manage token, no contact details:
 * a receiver that needs them asks the admin API with its own credentials.
 */
function payloadOf(event: BookingEvent, provider: string) {
  return {
    type: webhookEventType(event),
    timestamp: event.createdAt,
    data: { bookingId: event.bookingId, version: event.version, provider, ...event.payload },
  }
}

/**
 * Queues a delivery per endpoint of the booking's provider that wants the event, in the outbox
 * reader's transaction; an endpoint and event pair is queued once however many readers run.
 */
export async function queueDeliveriesFor(tx: Queryable, event: BookingEvent) {
  const type = webhookEventType(event)
  const { rows: endpoints } = await tx.query<{ id: number; provider: string }>(
    `SELECT e.id, p.slug AS provider
       FROM bookings b JOIN providers p ON p.id = b.provider_id
       JOIN webhook_endpoints e ON e.provider_id = b.provider_id
      WHERE b.id = $1 AND e.enabled AND $2 = ANY (e.event_types)`,
    [event.bookingId, type],
  )
  for (const endpoint of endpoints) {
    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO webhook_deliveries (endpoint_id, event_id, message_id, event_type, payload)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT ON CONSTRAINT webhook_deliveries_once DO NOTHING RETURNING id`,
      [
        endpoint.id,
        event.id,
        `msg_${event.id}_${endpoint.id}`,
        type,
        payloadOf(event, endpoint.provider),
      ],
    )
    if (rows[0]) await queueAttempts(tx, Number(rows[0].id))
  }
}

/** A stored form response, as its form.submitted event (migration 013) records it. */
export interface FormSubmitted {
  eventId: number
  formId: number
  formSlug: string
  responseId: number
  version: number
  bookingId: number | null
}

/**
 * Queues form.submitted for every endpoint that wants it, in the transaction that stores the
 * response: the business's endpoints for a standalone form, the booking's provider's for intake
 * answers. The payload names the form and response, never the answers: they are personal, and
 * the admin API gives them to whoever holds its token.
 */
export async function queueFormDeliveries(tx: Queryable, event: FormSubmitted) {
  const { rows: endpoints } = await tx.query<{ id: number; provider: string }>(
    `SELECT e.id, p.slug AS provider
       FROM webhook_endpoints e JOIN providers p ON p.id = e.provider_id
      WHERE e.enabled AND 'form.submitted' = ANY (e.event_types)
        AND ($1::integer IS NULL
             OR e.provider_id = (SELECT provider_id FROM bookings WHERE id = $1))`,
    [event.bookingId],
  )
  for (const endpoint of endpoints) {
    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO webhook_deliveries (endpoint_id, form_event_id, message_id, event_type, payload)
       VALUES ($1, $2, $3, 'form.submitted', $4)
       ON CONFLICT ON CONSTRAINT webhook_deliveries_form_once DO NOTHING RETURNING id`,
      [
        endpoint.id,
        event.eventId,
        `msg_form_${event.eventId}_${endpoint.id}`,
        {
          type: 'form.submitted',
          timestamp: new Date().toISOString(),
          data: {
            formId: event.formId,
            form: event.formSlug,
            responseId: event.responseId,
            version: event.version,
            bookingId: event.bookingId,
            provider: endpoint.provider,
          },
        },
      ],
    )
    if (rows[0]) await queueAttempts(tx, Number(rows[0].id))
  }
}

function queueAttempts(tx: Queryable, deliveryId: number) {
  return enqueue(tx, {
    type: 'webhooks.deliver',
    payload: { deliveryId },
    dedupeKey: `webhook:${deliveryId}`,
    maxAttempts: WEBHOOK_ATTEMPTS,
  })
}

/** An endpoint's deliveries, newest first, `limit` at a time before the id `before`. */
export async function listDeliveries(
  db: Queryable,
  endpointId: number,
  page: { limit: number; before?: number },
) {
  const { rows } = await db.query<DeliveryLogEntry>(
    `SELECT id, message_id AS "messageId", event_type AS "eventType", state, attempts,
            last_status_code AS "lastStatusCode", last_error AS "lastError",
            created_at AS "createdAt", last_attempt_at AS "lastAttemptAt",
            delivered_at AS "deliveredAt", payload
       FROM webhook_deliveries
      WHERE endpoint_id = $1 AND ($2::bigint IS NULL OR id < $2)
      ORDER BY id DESC LIMIT $3`,
    [endpointId, page.before ?? null, page.limit],
  )
  return rows.map((row) => ({ ...row, id: Number(row.id) }))
}

/**
 * Sends a delivery again with a fresh series of attempts, under the same webhook-id: whether it
 * failed for good or was delivered, the receiver can tell it is the same event. False when there
 * is no such delivery.
 */
export async function resendDelivery(db: Database, deliveryId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const { affectedRows } = await tx.query(
      `UPDATE webhook_deliveries SET state = 'pending', delivered_at = NULL WHERE id = $1`,
      [deliveryId],
    )
    if (affectedRows !== 1) return false
    await queueAttempts(tx, deliveryId)
    return true
  })
}
