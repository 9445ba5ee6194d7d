import { buildApp, type AppOptions } from './app'
import { readConfig, type ServerConfig } from './config'
import { openTestDatabase } from './db/test-database'

/**
 * Builds the app exactly as production does, on a database of the test's own taken from
 * server/db/test-database.ts (migrated PGlite, or a PostgreSQL schema when DATABASE_URL is set:
 * CI's second run), so parallel test files never see each other's rows.
 */
export async function buildTestApp(
  overrides: Partial<ServerConfig> = {},
  options: Pick<AppOptions, 'now' | 'sleep' | 'seedDemo' | 'paymentOverrides' | 'siteRebuild'> = {},
) {
  const config: ServerConfig = {
    ...readConfig(process.env),
    dataDir: 'memory://',
    publicDir: '/nonexistent-public-dir',
    // Jobs run when a test says so (app.jobs.runDueJobs()), not on a timer racing its assertions.
    jobsPollMs: 0,
    // Mail stays in the local outbox and webhooks go to public addresses only, whatever the
    // developer's environment says; a test that wants SMTP or loopback receivers says so.
    smtpUrl: undefined,
    webhookAllowedNetworks: [],
    ...overrides,
  }
  const database = await openTestDatabase(config.databaseUrl)
  return buildApp({ config, database, logger: false, ...options })
}
