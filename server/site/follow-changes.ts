import type { FastifyInstance } from 'fastify'
import { contentVersion } from '../content/read'
import type { Queryable } from '../db'
import type { SiteRebuildQueue } from './rebuild-queue'

const READS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * After every change made through the admin API, asks `queue` for the site of the content
 * version then current: the version moves with everything the site shows (the content tables,
 * and since migration 008 providers, services, staff and their links, opening hours included),
 * so a booking or a mail setting leaves it alone and asks for nothing. Read before the answer
 * leaves, so the dashboard's next status already says a build is coming.
 */
export function requestRebuildAfterAdminChanges(
  app: FastifyInstance,
  db: Queryable,
  queue: SiteRebuildQueue,
) {
  app.addHook('onSend', async (request, reply) => {
    if (READS.has(request.method) || reply.statusCode >= 400) return
    if (!request.url.startsWith('/api/admin/')) return
    // A version that cannot be read is asked for at the next change or the next periodic check.
    const version = await contentVersion(db).catch(() => undefined)
    if (version !== undefined) queue.request(version)
  })
}
