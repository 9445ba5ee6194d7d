import type { OutboxMessage, OutboxPage } from '../../../src/lib/notifications/api-types'
import type { Queryable } from '../../db'

/** One e-mail of the local outbox, as GET /api/admin/outbox shows it. */
export type { OutboxMessage }

/**
 * The e-mails kept in the local outbox (no SMTP_URL), newest first, `limit` at a time; `next` is
 * the `before` that reads the following page, null on the last one.
 */
export async function readOutbox(
  db: Queryable,
  page: { limit: number; before?: number },
): Promise<OutboxPage> {
  const { rows } = await db.query<OutboxMessage>(
    `SELECT id, booking_id AS "bookingId", kind, recipient AS "to", subject, body_text AS text,
            body_html AS html, sent_at AS "sentAt"
       FROM mail_messages
      WHERE transport = 'outbox' AND ($1::bigint IS NULL OR id < $1)
      ORDER BY id DESC LIMIT $2`,
    [page.before ?? null, page.limit],
  )
  const messages = rows.map((row) => ({
    ...row,
    id: Number(row.id),
    sentAt: new Date(row.sentAt).toISOString(),
  }))
  const next = messages.length === page.limit ? messages.at(-1)?.id : undefined
  return { messages, next: next ?? null }
}

/** The HTML part of the local outbox's e-mail `id`; null when the outbox has no such e-mail. */
export async function readOutboxHtml(db: Queryable, id: number): Promise<string | null> {
  const { rows } = await db.query<{ html: string }>(
    `SELECT body_html AS html FROM mail_messages WHERE id = $1 AND transport = 'outbox'`,
    [id],
  )
  return rows[0]?.html ?? null
}
