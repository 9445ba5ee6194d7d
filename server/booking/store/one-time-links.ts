import type { Queryable } from '../../db'
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
