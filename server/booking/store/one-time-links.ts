import type { Queryable } from '../../db'
import type { AdminOneTimeLink, OneTimeLinkPage } from '../../../src/lib/admin/catalogue-types'
import { refuse } from '../refusals'
import { hashSecret } from './manage-token'

const LIVE = 'used_at IS NULL AND (expires_at IS NULL OR expires_at > now())'

/** The service an unused, unexpired link books. */
export async function serviceOfLink(db: Queryable, slug: string): Promise<number> {
  const { rows } = await db.query<{ serviceId: number }>(
    `SELECT service_id AS "serviceId" FROM one_time_links WHERE slug_hash = $1 AND ${LIVE}`,
    [hashSecret(slug)],
  )
  return rows[0]?.serviceId ?? refuse({ kind: 'link_expired' })
}

/**
 * Spends the link inside the booking's transaction, before anything is planned: the row lock
 * queues a racing twin here, and once the first commits the twin finds the link used.
 */
export async function consumeLink(tx: Queryable, slug: string, serviceIds: number[]) {
  const { rows } = await tx.query<{ id: number }>(
    `UPDATE one_time_links SET used_at = now()
      WHERE slug_hash = $1 AND ${LIVE} AND service_id = ANY($2::int[])
      RETURNING id`,
    [hashSecret(slug), serviceIds],
  )
  return rows[0]?.id ?? refuse({ kind: 'link_expired' })
}

/**
 * Links newest first, `limit` of them from before `before` (an id), each with its state as the
 * booking path sees it (the database's clock, as `LIVE` above) and the booking it made.
 */
export async function listLinks(
  db: Queryable,
  { before, limit }: { before?: number; limit: number },
): Promise<OneTimeLinkPage> {
  const { rows } = await db.query<
    Omit<AdminOneTimeLink, 'createdAt' | 'expiresAt' | 'usedAt'> & {
      createdAt: Date | string
      expiresAt: Date | string | null
      usedAt: Date | string | null
    }
  >(
    `SELECT l.id, l.service_id AS "serviceId", s.name AS "serviceName",
            l.created_at AS "createdAt", l.expires_at AS "expiresAt", l.used_at AS "usedAt",
            b.id AS "bookingId",
            CASE WHEN l.used_at IS NOT NULL THEN 'used'
                 WHEN l.expires_at IS NOT NULL AND l.expires_at <= now() THEN 'expired'
                 ELSE 'unused' END AS state
       FROM one_time_links l
       JOIN services s ON s.id = l.service_id
       LEFT JOIN bookings b ON b.one_time_link_id = l.id
      WHERE $1::int IS NULL OR l.id < $1
      ORDER BY l.id DESC LIMIT $2`,
    [before ?? null, limit + 1],
  )
  const iso = (value: Date | string | null) =>
    value === null ? null : new Date(value).toISOString()
  const links = rows.slice(0, limit).map((row) => ({
    ...row,
    createdAt: new Date(row.createdAt).toISOString(),
    expiresAt: iso(row.expiresAt),
    usedAt: iso(row.usedAt),
  }))
  return { links, next: rows.length > limit ? (links.at(-1)?.id ?? null) : null }
}
