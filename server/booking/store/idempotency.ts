import crypto from 'node:crypto'
import type { Queryable } from '../../db'

/**
 * A create request may be retried with the same Idempotency-Key; the replay gets the first
 * response. That response holds the visitor's manage token, so it is stored encrypted with a key
 * derived from the Idempotency-Key, which only the client has (the table keeps the key's hash).
 */
export interface StoredResponse {
  statusCode: number
  body: unknown
}

const sha256 = (text: string) => crypto.createHash('sha256').update(text, 'utf8').digest()

function keyId(key: string): string {
  return sha256(`id:${key}`).toString('hex')
}

function encrypt(key: string, plain: string): string {
  const iv = crypto.randomBytes(12)
  const cipher = crypto.createCipheriv('aes-256-gcm', sha256(`enc:${key}`), iv)
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
  return Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64')
}

function decrypt(key: string, sealed: string): string {
  const bytes = Buffer.from(sealed, 'base64')
  const decipher = crypto.createDecipheriv(
    'aes-256-gcm',
    sha256(`enc:${key}`),
    bytes.subarray(0, 12),
  )
  decipher.setAuthTag(bytes.subarray(12, 28))
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8')
}

/** JSON with every object's keys sorted, so `{a, b}` and `{b, a}` are one request. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, field]) => field !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([key, field]) => `${JSON.stringify(key)}:${canonicalJson(field)}`).join(',')}}`
  }
  return JSON.stringify(value)
}

export function requestFingerprint(body: unknown): string {
  return sha256(canonicalJson(body)).toString('hex')
}

export async function findStoredResponse(
  db: Queryable,
  key: string,
): Promise<{ fingerprint: string; response: StoredResponse } | undefined> {
  const { rows } = await db.query<{
    request_hash: string
    status_code: number
    response: { sealed: string }
  }>('SELECT request_hash, status_code, response FROM idempotency_keys WHERE key = $1', [
    keyId(key),
  ])
  const row = rows[0]
  if (!row) return undefined
  return {
    fingerprint: row.request_hash,
    response: { statusCode: row.status_code, body: JSON.parse(decrypt(key, row.response.sealed)) },
  }
}

/**
 * The first statement of a booking's transaction: a concurrent twin with the same key blocks here
 * until this transaction ends, then fails with a unique violation and rolls back whole.
 */
export async function claimKey(tx: Queryable, key: string, fingerprint: string): Promise<void> {
  await tx.query(
    `INSERT INTO idempotency_keys (key, request_hash, status_code, response) VALUES ($1, $2, 0, '{}')`,
    [keyId(key), fingerprint],
  )
}

/** The last statement of the same transaction: the response a replay will get. */
export async function storeResponse(tx: Queryable, key: string, response: StoredResponse) {
  await tx.query('UPDATE idempotency_keys SET status_code = $2, response = $3 WHERE key = $1', [
    keyId(key),
    response.statusCode,
    { sealed: encrypt(key, JSON.stringify(response.body)) },
  ])
}

export const isKeyClaimed = (error: unknown) =>
  (error as { code?: string; constraint?: string }).code === '23505' &&
  (error as { constraint?: string }).constraint === 'idempotency_keys_pkey'

/**
 * How long a replay gets the first answer. Clients retry within seconds or minutes (the widget,
 * a flaky connection); a day also covers a retry queue that waited out an outage.
 */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60_000

/** Deletes up to `limit` keys past their time; how many it deleted. */
export async function pruneIdempotencyKeys(
  db: Queryable,
  now: number,
  limit: number,
): Promise<number> {
  const { affectedRows } = await db.query(
    `DELETE FROM idempotency_keys WHERE key IN (
       SELECT key FROM idempotency_keys WHERE created_at < $1::timestamptz LIMIT $2)`,
    [new Date(now - IDEMPOTENCY_KEY_TTL_MS).toISOString(), limit],
  )
  return affectedRows
}
