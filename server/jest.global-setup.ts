import { readConfig } from './config'
import { preparePgliteTemplate, preparePostgres } from './db/test-database'

/**
 * Once per run, before any test file: the migrated PGlite template (built only when the
 * migrations changed), or the shared extensions in PostgreSQL. Either may take seconds on a busy
 * machine, which no single test's time-out should have to cover.
 */
export default async function globalSetup() {
  const { databaseUrl } = readConfig(process.env)
  if (databaseUrl) await preparePostgres(databaseUrl)
  else await preparePgliteTemplate()
}
