import type { FastifyPluginAsync } from 'fastify'
import type { Database } from '../db'
import { HttpError } from '../errors'

export const healthRoutes: FastifyPluginAsync<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/health',
    {
      schema: {
        response: {
          200: {
            type: 'object',
            required: ['status', 'database'],
            properties: {
              status: { const: 'ok' },
              database: { enum: ['pglite', 'postgres'] },
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
      return { status: 'ok' as const, database: db.kind }
    },
  )
}
