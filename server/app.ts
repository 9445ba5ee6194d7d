import { createRequire } from 'node:module'
import compress from '@fastify/compress'
import cookie from '@fastify/cookie'
import cors from '@fastify/cors'
import Fastify, { type FastifyInstance } from 'fastify'
import pinoPretty from 'pino-pretty'
import { activeTestPaths, testPathWarnings, type ServerConfig } from './config'
import { openDatabase, type Database } from './db'
import { frameworkErrorOptions, registerErrorHandling } from './errors'
import { demoAdminToken } from './admin-auth'
import { adminAccountRoutes } from './admin/account-routes'
import { apiKeyRoutes } from './admin/api-key-routes'
import { adminStatusRoutes } from './admin/status-routes'
import type { AdminAuth } from './admin/auth'
import { adminAvailabilityRoutes } from './admin/availability-routes'
import { adminBookingRoutes } from './admin/booking-routes'
import { demoOwner } from './admin/owners'
import { PASSWORD_COST, type HashCost } from './admin/passwords'
import { backupRoutes } from './backup/routes'
import { adminRoutes } from './booking/http/admin-routes'
import { bookingRoutes } from './booking/http/routes'
import { seedBookingSetup } from './booking/seed'
import { contentAdminRoutes } from './content/admin-routes'
import { MEDIA_PATH } from '../src/lib/content/media-sizes'
import { canPreview } from './content/preview'
import { loadSite } from './content/read'
import { contentRoutes } from './content/routes'
import { seedDemoContent } from './content/seed'
import { formAdminRoutes, formRoutes } from './forms/routes'
import { seedDemoForms } from './forms/seed'
import { healthRoutes, type SiteStatus } from './health/routes'
import { calendarFeedRoutes, calendarAdminRoutes } from './calendars/routes'
import { recheckBeforeBooking } from './calendars/jobs'
import { seedDemoCalendar } from './calendars/demo'
import { calendarServices, syncConnection } from './calendars/sync'
import { JobRunner, jobHandlers } from './jobs'
import { loadLinkKey } from './booking/store/link-key'
import { notificationAdminRoutes } from './notifications/http/admin-routes'
import { createMailer } from './notifications/mail/transport'
import { targetPolicy } from './notifications/webhooks/targets'
import { COMPRESSION } from './encoded-json'
import { redactedRequest } from './log-redaction'
import { createMetrics } from './metrics/metrics'
import { metricsRoutes } from './metrics/routes'
import { registerApiDescription, type RegisteredRoute } from './openapi/description'
import { registerSecurityHeaders } from './security-headers'
import { requestRebuildAfterAdminChanges } from './site/follow-changes'
import type { SiteRebuildQueue } from './site/rebuild-queue'
import { siteRoutes } from './site/routes'
import { embedRoutes } from './embed/routes'
import { embedCheckRoutes } from './embed/check-route'
import { providerEmbedOrigins, widgetFramers } from './embed/frame-origins'
import { createPaymentProvider, type ProviderOverrides } from './payments'
import {
  paymentAdminRoutes,
  paymentManageRoutes,
  paymentWebhookRoutes,
} from './payments/http/routes'
import { localCheckoutRoutes } from './payments/local/checkout-page'
import { LocalProvider } from './payments/local/provider'
import { MovableClock, testClockRoutes } from './test-clock'

// The API's version as published in its description: the product's own.
const PACKAGE_VERSION = (createRequire(import.meta.url)('../package.json') as { version: string })
  .version

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
  /** The clock; tests freeze it. With TEST_CLOCK, `POST /api/test/clock` moves it forward. */
  now?: () => number
  /** Waits before answering a throttled sign-in; tests record the pause instead of waiting. */
  sleep?: (ms: number) => Promise<void>
  /** Whether the served site is being built (npm start rebuilds it while the API answers). */
  siteStatus?: () => SiteStatus
  /**
   * The queue that rebuilds the served site after a change it shows (`npm start` passes one);
   * without it, this server builds nothing and the site changes with the next `npm run build`.
   */
  siteRebuild?: SiteRebuildQueue
  /** Tests route the local provider's webhooks and the Stripe client's requests themselves. */
  paymentOverrides?: ProviderOverrides
  /**
   * What the passwords this app sets cost to hash (server/admin/passwords.ts). API tests make
   * accounts cheaply; a stored hash names its own cost, so checking one follows it.
   */
  passwordCost?: HashCost
  /** Sees every answer before it leaves: the API tests check each against the description. */
  checkAnswer?: Parameters<typeof registerApiDescription>[1]['checkAnswer']
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Database
    jobs: JobRunner
    /** Where to sign in, logged at start; `npm start` repeats them when the site is ready. */
    startNotes: readonly string[]
    /** The API routes registered, which the published description must cover (server/openapi). */
    apiRoutes: readonly RegisteredRoute[]
  }
}

/** Builds the whole product's server: API under /api, the built site everywhere else. */
export async function buildApp({
  config,
  database,
  logger = true,
  seedDemo = false,
  now: baseNow = Date.now,
  sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  siteStatus = () => 'ready',
  siteRebuild,
  paymentOverrides = {},
  passwordCost = PASSWORD_COST,
  checkAnswer,
}: AppOptions) {
  const db =
    database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      poolSize: config.databasePoolSize,
    }))
  const { trustProxy } = config
  // One clock for everything that expires (holds, links, sessions, rate-limit windows, jobs).
  const clock = config.testClock ? new MovableClock(baseNow) : undefined
  const now = clock?.now ?? baseNow
  const app: FastifyInstance = Fastify({
    logger: logger
      ? {
          level: config.logLevel,
          serializers: { req: (request) => redactedRequest(request) },
          // In this thread and synchronous: a line printed just before an exit is not lost.
          ...(config.logFormat === 'pretty'
            ? {
                stream: pinoPretty({
                  sync: true,
                  ignore: 'pid,hostname',
                  translateTime: 'HH:MM:ss',
                }),
              }
            : {}),
        }
      : false,
    bodyLimit: 256 * 1024,
    // A number of hops, as the function Fastify's types ask for.
    trustProxy:
      typeof trustProxy === 'number' ? (_: string, hop: number) => hop < trustProxy : trustProxy,
    ...frameworkErrorOptions,
    // Unknown fields must be reported, not silently dropped.
    ajv: { customOptions: { removeAdditional: false, allErrors: false } },
  })
  const provider = createPaymentProvider(config, { db, now, ...paymentOverrides })
  const linkKey = await loadLinkKey(db, config.linkSecret)
  const webhookTargets = targetPolicy(config.outboundAllowedNetworks)
  const calendars = calendarServices(
    { db, now, linkKey, siteUrl: config.siteUrl },
    webhookTargets,
    seedDemo,
  )
  const ctx = {
    db,
    siteUrl: config.siteUrl,
    now,
    linkKey,
    payments: { provider, holdMinutes: config.paymentHoldMinutes },
    recheckCalendars: (lines: { serviceId: number; staffId: number | null }[]) =>
      recheckBeforeBooking(calendars, lines),
  }
  const rateLimits = { perMinute: config.rateLimitPerMinute, db, now }
  const jobs = new JobRunner({
    db,
    handlers: jobHandlers(
      ctx,
      { mailer: createMailer(config.smtpUrl), mailFrom: config.mailFrom, webhookTargets },
      { services: calendars, syncEveryMs: config.calendarSyncMinutes * 60_000 },
    ),
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
  registerSecurityHeaders(app)
  const metrics = createMetrics({
    db,
    now,
    site: siteRebuild ?? {
      status: () => ({ state: 'deploy', queued: false }),
      lastBuild: () => undefined,
    },
  })
  metrics.observe(app)
  // Before any route, so each is described and serialised with its own schemas.
  app.decorate(
    'apiRoutes',
    await registerApiDescription(app, {
      siteUrl: config.siteUrl,
      version: PACKAGE_VERSION,
      checkAnswer,
    }),
  )
  if (siteRebuild) requestRebuildAfterAdminChanges(app, db, siteRebuild)
  // Production never takes a test path silently: each one chosen is said at every start.
  const testPaths = activeTestPaths({ ...config, seedDemo })
  if (config.production) testPathWarnings(testPaths).forEach((line) => app.log.warn(line))
  if (clock) {
    app.log.warn("TEST_CLOCK=true: POST /api/test/clock moves this server's clock forward (tests)")
    await app.register(testClockRoutes, { prefix: '/api', clock, jobs })
  }
  // Cookies (the dashboard's session, the visitor's locale) are read from request.cookies and
  // written with reply.setCookie: one parser, which keeps a value it cannot decode as it came.
  await app.register(cookie)
  if (seedDemo && (await seedBookingSetup(db))) app.log.info('Loaded the demo booking setup')
  // The demo's admin API works out of the box: the e-mails it sends wait in its local outbox.
  const adminToken =
    config.adminToken ?? (seedDemo && !config.production ? await demoAdminToken(db) : undefined)
  // What a person at the terminal needs to start: said now, and again by `npm start` once the
  // site is ready, as a first build prints minutes of its own output after these lines.
  const startNotes: string[] = []
  if (adminToken && !config.adminToken) {
    startNotes.push(
      `Admin API token of this demo database (set ADMIN_TOKEN to choose your own): ${adminToken}; ` +
        `the e-mails sent: curl -H "Authorization: Bearer ${adminToken}" ${config.siteUrl}/api/admin/outbox`,
    )
  }
  // The dashboard of an embedded demo database can be signed into at once: a start makes its
  // owner a one-time password, shown then, until the owner has signed in (server/admin/owners.ts).
  const owner =
    seedDemo && !config.production && db.kind === 'pglite'
      ? await demoOwner(db, passwordCost)
      : undefined
  if (owner) {
    startNotes.push(
      `Dashboard of this demo database: ${config.siteUrl}/en/admin/ as ${owner.user.email}, ` +
        `one-time password ${owner.password} (to be changed at the first sign-in)`,
    )
  }
  startNotes.forEach((note) => app.log.info(note))
  app.decorate('startNotes', startNotes)
  const auth: AdminAuth = {
    adminToken,
    db,
    now,
    keyRequestsPerMinute: config.apiKeyRateLimitPerMinute,
  }
  if (seedDemo && (await seedDemoForms(db))) app.log.info('Loaded the demo forms')
  if (seedDemo && (await seedDemoContent(db, { now: now() }))) {
    app.log.info('Loaded the demo content')
  }
  if (seedDemo && (await seedDemoCalendar(db))) {
    // Read at once, so the demo's slots leave its practitioner's own appointments out from the start.
    const { rows } = await db.query<{ id: number }>('SELECT id FROM calendar_connections')
    for (const { id } of rows) await syncConnection(calendars, id)
    app.log.info('Connected the demo calendar')
  }
  // Every text response leaves compressed: the API's JSON here (a month of slots is 59 KB raw),
  // the built site's files precompressed at build (server/site/routes.ts).
  await app.register(compress, { global: true, globalDecompression: false, ...COMPRESSION })
  // A site served from another origin (a CDN, built with GATSBY_API_URL) calls the API across
  // origins. Only the listed origins are answered, with credentials; without the setting the
  // browser's same-origin rule stands, and preflights get no CORS headers.
  if (config.corsOrigins.length > 0) {
    const corsOrigins = new Set(config.corsOrigins)
    await app.register(cors, {
      // A function, not the list: given a list, @fastify/cors still sends the credentials,
      // methods and headers to an origin not on it; `false` sends no CORS header at all.
      origin: (origin, callback) => callback(null, origin !== undefined && corsOrigins.has(origin)),
      credentials: true,
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      maxAge: 600,
    })
  }
  await app.register(healthRoutes, {
    prefix: '/api',
    db,
    siteStatus,
    publicDir: config.publicDir,
    // Development builds for its own SITE_URL when stale (scripts/start.ts).
    siteUrl: config.production ? config.siteUrl : undefined,
  })
  await app.register(bookingRoutes, {
    prefix: '/api',
    ctx,
    rateLimits,
    metrics,
  })
  await app.register(metricsRoutes, {
    prefix: '/api',
    metrics,
    auth,
    publicMetrics: config.metricsPublic,
  })
  await app.register(adminAccountRoutes, {
    prefix: '/api/admin',
    auth,
    rateLimits,
    sleep,
    passwordCost,
  })
  await app.register(apiKeyRoutes, { prefix: '/api/admin', auth })
  await app.register(adminStatusRoutes, {
    prefix: '/api/admin',
    auth,
    testPaths,
    siteBuild: () => siteRebuild?.status() ?? { state: 'deploy', queued: false },
  })
  await app.register(adminBookingRoutes, { prefix: '/api/admin', ctx, auth })
  await app.register(adminAvailabilityRoutes, { prefix: '/api/admin', auth })
  await app.register(adminRoutes, { prefix: '/api/admin', ctx, auth })
  await app.register(calendarAdminRoutes, { prefix: '/api/admin', auth, services: calendars })
  await app.register(calendarFeedRoutes, { prefix: '/api', services: calendars })
  await app.register(notificationAdminRoutes, {
    prefix: '/api/admin',
    db,
    auth,
    webhookTargets,
    dashboardOrigins: config.corsOrigins,
  })
  await app.register(paymentWebhookRoutes, { prefix: '/api/payments', ctx })
  await app.register(paymentManageRoutes, { prefix: '/api/bookings/manage', ctx, rateLimits })
  await app.register(paymentAdminRoutes, {
    prefix: '/api/admin',
    ctx,
    auth,
  })
  if (provider instanceof LocalProvider) {
    await app.register(localCheckoutRoutes, { prefix: '/payments/local/checkout', provider, now })
  }
  await app.register(contentRoutes, {
    prefix: '/api',
    ctx,
    rateLimits,
  })
  await app.register(formRoutes, { prefix: '/api', db, rateLimits })
  await app.register(formAdminRoutes, { prefix: '/api/admin', db, auth })
  await app.register(backupRoutes, { prefix: '/api/admin', db, auth, now })
  await app.register(contentAdminRoutes, {
    prefix: '/api/admin/content',
    ctx,
    auth,
  })
  await app.register(embedRoutes)
  // One reading of who may frame a widget page, for its header and for embed.js's question.
  const framers = widgetFramers(config.embedOrigins, providerEmbedOrigins(db, now))
  await app.register(embedCheckRoutes, {
    prefix: '/api',
    siteUrl: config.siteUrl,
    widgetFramers: framers,
    rateLimits,
  })
  await app.register(siteRoutes, {
    publicDir: config.publicDir,
    site: () =>
      loadSite({
        db,
        publishedOnly: true,
        mediaUrl: (name) => `${config.siteUrl}${MEDIA_PATH}${encodeURIComponent(name)}`,
      }),
    canPreview: (target, token) => canPreview(db, target, token, now()),
    rateLimits,
    widgetFramers: framers,
  })
  return app
}
