import type { AuditEntry, AuditPage } from '../../src/lib/admin/api-types'
import type { Queryable } from '../db'

export interface AuditRecord {
  actor: string
  action: string
  target?: string | null
  detail?: object
}

/** One row of the audit log; `tx` is the action's own transaction where it has one. */
export async function writeAudit(tx: Queryable, record: AuditRecord) {
  await tx.query('INSERT INTO audit_log (actor, action, target, detail) VALUES ($1, $2, $3, $4)', [
    record.actor,
    record.action,
    record.target ?? null,
    record.detail ?? {},
  ])
}

/** Newest first, `limit` a page; the cursor is the last id seen (ids only grow). */
export async function listAudit(
  db: Queryable,
  cursor: number | undefined,
  limit: number,
): Promise<AuditPage> {
  const { rows } = await db.query<AuditEntry & { at: Date }>(
    `SELECT id::int AS id, at, actor, action, target, detail FROM audit_log
      WHERE ($1::bigint IS NULL OR id < $1) ORDER BY id DESC LIMIT $2`,
    [cursor ?? null, limit + 1],
  )
  const entries = rows
    .slice(0, limit)
    .map((row) => ({ ...row, at: new Date(row.at).toISOString() }))
  return {
    entries,
    nextCursor: rows.length > limit ? String(entries.at(-1)?.id) : null,
  }
}
