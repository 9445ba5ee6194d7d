import crypto from 'node:crypto'
import type { ApiKey, ApiScope, CreatedApiKey } from '../../src/lib/admin/api-types'
import type { Queryable } from '../db'
import { hashSecret } from '../booking/store/manage-token'

/** Every key starts so: a Bearer value that does is looked up as a key, anything else is ADMIN_TOKEN. */
export const KEY_PREFIX = 'hp_live_'
/** How many of the random characters the shown prefix keeps: enough to tell keys apart in a list. */
const SHOWN_CHARACTERS = 4
/** A key's last use is written at most this often: reads by a key mostly write nothing. */
export const LAST_USE_EVERY_MS = 60_000

/** A key that may be used now, as the admin scope needs it. */
export interface LiveKey {
  id: number
  name: string
  prefix: string
  scopes: ApiScope[]
}

const iso = (ms: number) => new Date(ms).toISOString()
const isoOrNull = (value: Date | null) => (value ? new Date(value).toISOString() : null)

/** A new key: answered once; only its SHA-256 is kept. */
export async function createApiKey(
  db: Queryable,
  request: { name: string; scopes: ApiScope[]; expiresAt: string | null; createdBy: number | null },
  now: number,
): Promise<CreatedApiKey> {
  const key = KEY_PREFIX + crypto.randomBytes(32).toString('base64url')
  const prefix = key.slice(0, KEY_PREFIX.length + SHOWN_CHARACTERS)
  const { rows } = await db.query<{ id: number; createdAt: Date; expiresAt: Date | null }>(
    `INSERT INTO api_keys (name, prefix, hash, scopes, created_by, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     RETURNING id, created_at AS "createdAt", expires_at AS "expiresAt"`,
    [
      request.name,
      prefix,
      hashSecret(key),
      request.scopes,
      request.createdBy,
      iso(now),
      request.expiresAt,
    ],
  )
  const row = rows[0]!
  return {
    id: row.id,
    name: request.name,
    prefix,
    scopes: request.scopes,
    expiresAt: isoOrNull(row.expiresAt),
    createdAt: iso(now),
    key,
  }
}

/** Every key, oldest first, with who made it and when it was last used; never the hash. */
export async function listApiKeys(db: Queryable): Promise<ApiKey[]> {
  const { rows } = await db.query<
    Omit<ApiKey, 'createdAt' | 'expiresAt' | 'lastUsedAt' | 'revokedAt'> & {
      createdAt: Date
      expiresAt: Date | null
      lastUsedAt: Date | null
      revokedAt: Date | null
    }
  >(
    `SELECT k.id, k.name, k.prefix, k.scopes, u.email AS "createdBy", k.created_at AS "createdAt",
            k.expires_at AS "expiresAt", k.last_used_at AS "lastUsedAt", k.revoked_at AS "revokedAt"
       FROM api_keys k LEFT JOIN admin_users u ON u.id = k.created_by
      ORDER BY k.id`,
  )
  return rows.map((row) => ({
    ...row,
    createdAt: new Date(row.createdAt).toISOString(),
    expiresAt: isoOrNull(row.expiresAt),
    lastUsedAt: isoOrNull(row.lastUsedAt),
    revokedAt: isoOrNull(row.revokedAt),
  }))
}

/** Revokes a key (again: nothing changes); the key as it now is, or undefined if none has the id. */
export async function revokeApiKey(db: Queryable, id: number, now: number) {
  const { rows } = await db.query<{ name: string; prefix: string }>(
    `UPDATE api_keys SET revoked_at = COALESCE(revoked_at, $2) WHERE id = $1 RETURNING name, prefix`,
    [id, iso(now)],
  )
  return rows[0]
}

/**
 * The key a Bearer value is, if it is live (not revoked, not expired). Its last use is written
 * only when the one stored is a minute old or more, so most requests by a key only read.
 */
export async function findLiveKey(
  db: Queryable,
  key: string,
  now: number,
): Promise<LiveKey | undefined> {
  const { rows } = await db.query<LiveKey & { lastUsedAt: Date | null }>(
    `SELECT id, name, prefix, scopes, last_used_at AS "lastUsedAt" FROM api_keys
      WHERE hash = $1 AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > $2)`,
    [hashSecret(key), iso(now)],
  )
  const row = rows[0]
  if (!row) return undefined
  const { lastUsedAt, ...live } = row
  if (!lastUsedAt || now - new Date(lastUsedAt).getTime() >= LAST_USE_EVERY_MS) {
    await db.query('UPDATE api_keys SET last_used_at = $2 WHERE id = $1', [row.id, iso(now)])
  }
  return live
}

/** How the audit log and booking histories name what a key did. */
export const keyActorName = (key: Pick<LiveKey, 'name' | 'prefix'>) =>
  `key ${key.prefix} (${key.name})`
