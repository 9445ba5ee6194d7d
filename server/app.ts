import zlib from 'node:zlib'
import compress from '@fastify/compress'
import Fastify, { type FastifyInstance } from 'fastify'
import type { ServerConfig } from './config'
import { openDatabase, type Database } from './db'
import { frameworkErrorOptions, registerErrorHandling } from './errors'
import { adminRoutes } from './booking/http/admin-routes'
import { bookingRoutes } from './booking/http/routes'
import { seedBookingSetup } from './booking/seed'
import { contentAdminRoutes } from './content/admin-routes'
import { isPreviewTokenValid } from './content/preview'
import { loadSite } from './content/read'
import { contentRoutes } from './content/routes'
import { seedDemoContent } from './content/seed'
import { healthRoutes, type SiteStatus } from './health/routes'
import { JobRunner, jobHandlers } from './jobs'
import { redactedRequest } from './log-redaction'
import { siteRoutes } from './site/routes'

export interface AppOptions {
  config: ServerConfig
  /**
   * An open, migrated database to use instead of opening the configured one; the app closes it.
   * Tests pass one of their own (server/db/test-database.ts); everything else is as in production.
   */
  database?: Database
  logger?: boolean
  /** Load the demo booking setup and demo content into an empty database (npm start does). */
  seedDemo?: boolean
  /** The clock; tests freeze it. */
  now?: () => number
  /** Whether the served site is being built (npm start rebuilds it while the API answers). */
  siteStatus?: () => SiteStatus
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Database
    jobs: JobRunner
  }
}

/** Builds the whole product's server: API under /api, the built site everywhere else. */
export async function buildApp({
  config,
  database,
  logger = true,
  seedDemo = false,
  now = Date.now,
  siteStatus = () => 'ready',
}: AppOptions) {
  const db =
    database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }))
  const app: FastifyInstance = Fastify({
    logger: logger
      ? { level: config.logLevel, serializers: { req: (request) => redactedRequest(request) } }
      : false,
    bodyLimit: 256 * 1024,
    ...frameworkErrorOptions,
    // Unknown fields must be reported, not silently dropped.
    ajv: { customOptions: { removeAdditional: false, allErrors: false } },
  })
  const ctx = { db, siteUrl: config.siteUrl, now }
  const jobs = new JobRunner({
    db,
    handlers: jobHandlers(ctx),
    now,
    log: app.log,
    pollMs: config.jobsPollMs,
  })
  app.decorate('db', db)
  app.decorate('jobs', jobs)
  app.addHook('onClose', async () => {
    // The job being run finishes before the database closes under it.
    await jobs.stop()
    await db.close()
  })
  // JOBS_POLL_MS=0: the caller runs due jobs itself (tests, with `app.jobs.runDueJobs()`).
  if (config.jobsPollMs > 0) app.addHook('onReady', async () => jobs.start())
  registerErrorHandling(app)
  if (seedDemo && (await seedBookingSetup(db))) app.log.info('Loaded the demo booking setup')
  if (seedDemo && (await seedDemoContent(db, { now: now() }))) {
    app.log.info('Loaded the demo content')
  }
  // Every text response leaves compressed: the API's JSON here (a month of slots is 59 KB raw),
  // the built site's files precompressed at build (server/site/routes.ts). Quality 4 brotli is
  // about gzip's speed at a smaller size, which is what a response made per request needs.
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  })
  await app.register(healthRoutes, { prefix: '/api', db, siteStatus })
  await app.register(bookingRoutes, {
    prefix: '/api',
    ctx,
    rateLimitPerMinute: config.rateLimitPerMinute,
  })
  await app.register(adminRoutes, { prefix: '/api/admin', ctx, adminToken: config.adminToken })
  await app.register(contentRoutes, {
    prefix: '/api',
    ctx,
    rateLimitPerMinute: config.rateLimitPerMinute,
  })
  await app.register(contentAdminRoutes, {
    prefix: '/api/admin/content',
    ctx,
    adminToken: config.adminToken,
  })
  await app.register(siteRoutes, {
    publicDir: config.publicDir,
    rootPagePath: async () => (await loadSite(db, true)).rootPagePath,
    isPreviewTokenValid: (token) => isPreviewTokenValid(db, token, now()),
    rateLimitPerMinute: config.rateLimitPerMinute,
  })
  return app
}
