import type { FastifyPluginAsync } from 'fastify'
import type { Database } from '../db'
import { HttpError } from '../errors'

/** Whether the site this process serves is built, or being (re)built by `npm start`. */
export type SiteStatus = 'building' | 'ready'

export const healthRoutes: FastifyPluginAsync<{
  db: Database
  siteStatus: () => SiteStatus
}> = async (app, { db, siteStatus }) => {
  app.get(
    '/health',
    {
      schema: {
        response: {
          200: {
            type: 'object',
            required: ['status', 'database', 'site'],
            properties: {
              status: { const: 'ok' },
              database: { enum: ['pglite', 'postgres'] },
              site: { enum: ['building', 'ready'] },
            },
          },
        },
      },
    },
    async () => {
      try {
        await db.query('SELECT 1')
      } catch {
        throw new HttpError(503, 'Service Unavailable', 'The database is not answering.')
      }
      return { status: 'ok' as const, database: db.kind, site: siteStatus() }
    },
  )
}
