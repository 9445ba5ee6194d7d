import type { Queryable } from '../db'

/**
 * How long sent e-mails (the local outbox included) and finished webhook deliveries are kept:
 * a quarter, long enough to answer "did the visitor get the confirmation?".
 */
export const NOTIFICATION_RETENTION_MS = 90 * 24 * 60 * 60_000

/**
 * Deletes up to `limit` finished e-mails and up to `limit` finished deliveries past their
 * retention, by the times the job runner's clock wrote; returns the larger count. Pending ones
 * (a reminder weeks ahead, a delivery still retried) stay.
 */
export async function pruneNotifications(db: Queryable, now: number, limit: number) {
  const before = new Date(now - NOTIFICATION_RETENTION_MS).toISOString()
  const mails = await db.query(
    `DELETE FROM mail_messages WHERE id IN (
       SELECT id FROM mail_messages
        WHERE state IN ('sent', 'skipped', 'failed') AND send_at < $1::timestamptz LIMIT $2)`,
    [before, limit],
  )
  const deliveries = await db.query(
    `DELETE FROM webhook_deliveries WHERE id IN (
       SELECT id FROM webhook_deliveries
        WHERE state IN ('delivered', 'failed') AND last_attempt_at < $1::timestamptz LIMIT $2)`,
    [before, limit],
  )
  return Math.max(mails.affectedRows, deliveries.affectedRows)
}
