import { buildApp, type AppOptions } from './app'
import { readConfig, type ServerConfig } from './config'
import { openTestDatabase } from './db/test-database'
import type { HashCost } from './admin/passwords'
import { answerContract, type ContractViolation } from './openapi/contract'

const violations: ContractViolation[] = []
/** Every answer of every test app, held to the description the app publishes. */
const checkAnswer = answerContract((violation) => violations.push(violation))

/** The answers since the last call that the description does not allow (server/jest.setup.ts). */
export function takeContractViolations(): ContractViolation[] {
  return violations.splice(0)
}

/**
 * What passwords cost to hash in API tests: 2^10 rather than production's 2^15, a millisecond
 * rather than a fifth of a second of a core. The suite signs in and sets passwords a few hundred
 * times; server/admin/sessions.test.ts checks production's cost itself.
 */
export const TEST_PASSWORD_COST: HashCost = { N: 2 ** 10, r: 8, p: 1 }

/**
 * Builds the app as production does, on a database of the test's own taken from
 * server/db/test-database.ts (migrated PGlite, or a PostgreSQL schema when DATABASE_URL is set:
 * CI's second run), so parallel test files never see each other's rows; only its passwords are
 * cheaper to hash (TEST_PASSWORD_COST).
 */
export async function buildTestApp(
  overrides: Partial<ServerConfig> = {},
  options: Pick<
    AppOptions,
    'now' | 'sleep' | 'seedDemo' | 'paymentOverrides' | 'siteRebuild' | 'passwordCost'
  > = {},
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
    outboundAllowedNetworks: [],
    ...overrides,
  }
  const database = await openTestDatabase(config.databaseUrl)
  return buildApp({
    config,
    database,
    logger: false,
    passwordCost: TEST_PASSWORD_COST,
    checkAnswer,
    ...options,
  })
}
