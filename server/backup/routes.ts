import type { FastifyPluginAsync } from 'fastify'
import { writeAudit } from '../admin/audit'
import { actorOf, requireAdmin, type AdminAuth } from '../admin/auth'
import type { Database } from '../db'
import { HttpError } from '../errors'
import { fileAnswer } from '../openapi/schemas'

/**
 * `GET /api/admin/backup`: the embedded database, copied while it serves (`npm run backup`). Owners
 * only (ADMIN_TOKEN acts as one): the copy holds what makes an owner, among other secrets (the demo
 * database's admin token, the manage-link key, every password hash; README, "Backups").
 */
export const backupRoutes: FastifyPluginAsync<{
  db: Database
  auth: AdminAuth
  now: () => number
}> = async (app, { db, auth, now }) => {
  requireAdmin(app, auth, ['owner'])
  app.get(
    '/backup',
    {
      schema: {
        response: {
          200: fileAnswer('application/gzip', 'The database directory as a gzipped tar archive'),
        },
      },
    },
    async (request, reply) => {
      if (!db.snapshot) {
        throw new HttpError(
          409,
          'Conflict',
          'This server uses PostgreSQL (DATABASE_URL): back it up with pg_dump, as docs/deploy.md says.',
        )
      }
      // A read, yet the audit log keeps who carried every secret away.
      await writeAudit(db, { actor: actorOf(request).name, action: 'backup.taken' })
      const tarball = Buffer.from(await (await db.snapshot()).arrayBuffer())
      const stamp = new Date(now()).toISOString().replace(/[:.]/g, '-')
      return reply
        .header('content-type', 'application/gzip')
        .header('content-disposition', `attachment; filename="backup-${stamp}.tar.gz"`)
        .header('cache-control', 'no-store')
        .send(tarball)
    },
  )
}
