import crypto from 'node:crypto'
import { WebhookRejected } from './provider'

/**
 * Webhook signatures in Stripe's scheme, for the local provider: the header is
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. The timestamp is signed too, so an old
 * delivery cannot be replayed with a fresh time, and one older than the tolerance is refused.
 */
export const SIGNATURE_TOLERANCE_SECONDS = 300

export function signatureHeader(body: string, secret: string, timestampSeconds: number): string {
  return `t=${timestampSeconds},v1=${hmac(`${timestampSeconds}.${body}`, secret)}`
}

const hmac = (payload: string, secret: string) =>
  crypto.createHmac('sha256', secret).update(payload, 'utf8').digest('hex')

export function verifySignature(
  body: string,
  header: unknown,
  secret: string,
  nowMs: number,
  toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS,
): void {
  if (typeof header !== 'string' || header.length > 2000) {
    throw new WebhookRejected('The webhook has no signature header.')
  }
  const parts = header.split(',').map((part) => part.split('=', 2) as [string, string?])
  const timestamp = Number(parts.find(([key]) => key === 't')?.[1])
  const signatures = parts.filter(([key]) => key === 'v1').map(([, value]) => value ?? '')
  if (!Number.isInteger(timestamp) || signatures.length === 0) {
    throw new WebhookRejected('The webhook signature header is malformed.')
  }
  const expected = Buffer.from(hmac(`${timestamp}.${body}`, secret), 'hex')
  const matches = signatures.some((signature) => {
    const given = Buffer.from(signature, 'hex')
    // timingSafeEqual needs equal lengths; a wrong length is a wrong signature.
    return given.length === expected.length && crypto.timingSafeEqual(given, expected)
  })
  if (!matches) throw new WebhookRejected('The webhook signature does not match its body.')
  if (Math.abs(nowMs / 1000 - timestamp) > toleranceSeconds) {
    throw new WebhookRejected('The webhook timestamp is outside the tolerance.')
  }
}
