import Fastify, { type FastifyInstance } from 'fastify'
import type { ServerConfig } from './config'
import { openDatabase, type Database } from './db'
import { registerErrorHandling } from './errors'
import { healthRoutes } from './health/routes'
import { siteRoutes } from './site/routes'

export interface AppOptions {
  config: ServerConfig
  /** PostgreSQL schema for this instance (tests isolate themselves with one each). */
  databaseSchema?: string
  logger?: boolean
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Database
  }
}

/** Builds the whole product's server: API under /api, the built site everywhere else. */
export async function buildApp({ config, databaseSchema, logger = true }: AppOptions) {
  const db = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    schema: databaseSchema,
  })
  const app: FastifyInstance = Fastify({
    logger: logger ? { level: config.logLevel } : false,
    bodyLimit: 256 * 1024,
    // Unknown fields must be reported, not silently dropped.
    ajv: { customOptions: { removeAdditional: false, allErrors: false } },
  })
  app.decorate('db', db)
  app.addHook('onClose', async () => {
    await db.close()
  })
  registerErrorHandling(app)
  await app.register(healthRoutes, { prefix: '/api', db })
  await app.register(siteRoutes, { publicDir: config.publicDir })
  return app
}
