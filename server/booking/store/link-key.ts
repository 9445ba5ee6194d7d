import crypto from 'node:crypto'
import type { Queryable } from '../../db'

const KEY_NAME = 'manage-link-key'

/**
 * The key manage tokens are sealed under: derived from LINK_SECRET when it is set, so a copy of
 * the database alone opens nothing; otherwise (the embedded default) one made on first start and
 * kept in `server_secrets`, the same for every process on the database.
 */
export async function loadLinkKey(db: Queryable, linkSecret: string | undefined): Promise<Buffer> {
  if (linkSecret) return crypto.createHash('sha256').update(linkSecret, 'utf8').digest()
  // Two processes starting together both insert; the first row wins and both read it.
  await db.query(
    `INSERT INTO server_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`,
    [KEY_NAME, crypto.randomBytes(32)],
  )
  const { rows } = await db.query<{ value: Buffer | Uint8Array }>(
    'SELECT value FROM server_secrets WHERE name = $1',
    [KEY_NAME],
  )
  return Buffer.from(rows[0]?.value as Uint8Array)
}
