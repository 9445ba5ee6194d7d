import http from 'node:http'
import https from 'node:https'
import type { LookupFunction } from 'node:net'
import { Webhook } from 'standardwebhooks'
import type { Database } from '../../db'
import type { JobInfo } from '../../jobs/types'
import { checkTarget, OutboundRefused, type CheckedTarget, type TargetPolicy } from './targets'

/**
 * Retries spread over hours: with the runner's backoff (10 s doubling, capped at an hour) the
 * 16th attempt comes roughly 6 to 12 hours after the first.
 */
export const WEBHOOK_ATTEMPTS = 16
const TIMEOUT_MS = 10_000

/**
 * The Standard Webhooks headers for one attempt. The id stays the same on every attempt, so a
 * receiver drops repeats; the timestamp is signed too, so a replayed request is refused.
 */
export function signedHeaders(secret: string, messageId: string, at: Date, body: string) {
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(messageId, at, body),
  }
}

/** Posts to the checked address only: the lookup answers with it whatever DNS says now. */
function post(target: CheckedTarget, headers: Record<string, string>, body: string) {
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if (options.all) {
      callback(null, [{ address: target.address, family: target.family }])
    } else {
      callback(null, target.address, target.family)
    }
  }
  const client = target.url.protocol === 'https:' ? https : http
  return new Promise<number>((resolve, reject) => {
    const request = client.request(
      target.url,
      {
        method: 'POST',
        lookup,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'booking-webhooks/1',
        },
      },
      (response) => {
        // The status is the answer; the body is not read, so no receiver can keep us reading.
        clearTimeout(deadline)
        resolve(response.statusCode ?? 0)
        response.destroy()
      },
    )
    // One deadline for the whole exchange: a receiver that trickles its answer still ends here.
    const deadline = setTimeout(
      () => request.destroy(new Error(`No answer within ${TIMEOUT_MS} ms`)),
      TIMEOUT_MS,
    )
    request.on('error', (error) => {
      clearTimeout(deadline)
      reject(error)
    })
    request.end(body)
  })
}

interface DeliveryRow {
  id: number
  state: string
  messageId: string
  payload: unknown
  url: string
  secret: string
  enabled: boolean
}

async function record(
  db: Database,
  id: number,
  outcome: {
    state: 'pending' | 'delivered' | 'failed'
    at: number
    status?: number
    error?: string
  },
) {
  await db.query(
    `UPDATE webhook_deliveries
        SET state = $2, attempts = attempts + 1, last_attempt_at = $3::timestamptz,
            last_status_code = $4, last_error = $5,
            delivered_at = CASE WHEN $2 = 'delivered' THEN $3::timestamptz END
      WHERE id = $1`,
    [
      id,
      outcome.state,
      new Date(outcome.at).toISOString(),
      outcome.status ?? null,
      outcome.error ?? null,
    ],
  )
}

/**
 * One attempt at a delivery: 2xx is delivered; anything else is logged and thrown for the
 * runner's retry, until the last attempt marks it failed. A refused target is not retried: the
 * address will not become public by waiting.
 */
export async function deliverWebhook(
  deps: { db: Database; now: () => number; targets: TargetPolicy },
  deliveryId: number,
  job: JobInfo,
): Promise<void> {
  const { rows } = await deps.db.query<DeliveryRow>(
    `SELECT d.id, d.state, d.message_id AS "messageId", d.payload, e.url, e.secret, e.enabled
       FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
      WHERE d.id = $1`,
    [deliveryId],
  )
  const delivery = rows[0]
  // Delivered already (a resend raced a retry), or its endpoint was deleted.
  if (!delivery || delivery.state !== 'pending') return
  const at = deps.now()
  if (!delivery.enabled) {
    await record(deps.db, delivery.id, { state: 'failed', at, error: 'The endpoint is disabled' })
    return
  }
  const last = job.attempts >= WEBHOOK_ATTEMPTS
  const body = JSON.stringify(delivery.payload)
  let status: number
  try {
    const target = await checkTarget(delivery.url, deps.targets)
    status = await post(
      target,
      signedHeaders(delivery.secret, delivery.messageId, new Date(at), body),
      body,
    )
  } catch (error) {
    const refused = error instanceof OutboundRefused
    const message = error instanceof Error ? error.message : String(error)
    await record(deps.db, delivery.id, {
      state: refused || last ? 'failed' : 'pending',
      at,
      error: message,
    })
    if (refused || last) return
    throw error
  }
  if (status >= 200 && status < 300) {
    await record(deps.db, delivery.id, { state: 'delivered', at, status })
    return
  }
  await record(deps.db, delivery.id, {
    state: last ? 'failed' : 'pending',
    at,
    status,
    error: `The endpoint answered ${status}`,
  })
  if (!last) throw new Error(`Webhook endpoint answered ${status}`)
}
