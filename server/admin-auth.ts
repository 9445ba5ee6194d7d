import crypto from 'node:crypto'
import type { Queryable } from './db'

/**
 * The admin token of a demo database (`npm start` without ADMIN_TOKEN): made on its first start
 * and kept in `server_secrets`, so the admin API, and the local mail outbox with it, works with no
 * setup and keeps its token across restarts. Never used in production or with ADMIN_TOKEN set.
 */
export async function demoAdminToken(db: Queryable): Promise<string> {
  // Two processes starting together both insert; the first row wins and both read it.
  await db.query(
    `INSERT INTO server_secrets (name, value) VALUES ('demo-admin-token', $1)
     ON CONFLICT (name) DO NOTHING`,
    [Buffer.from(crypto.randomBytes(24).toString('hex'))],
  )
  const { rows } = await db.query<{ value: Uint8Array }>(
    `SELECT value FROM server_secrets WHERE name = 'demo-admin-token'`,
  )
  return Buffer.from(rows[0]!.value).toString()
}
