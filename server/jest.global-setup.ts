import { readConfig } from './config'
import { preparePgliteTemplateDir, preparePostgres } from './db/test-database'

/**
 * Once per run, before any test file: the migrated PGlite template, as a tarball and unpacked
 * (built only when the migrations changed), and the shared extensions in PostgreSQL. Either may
 * take seconds on a busy machine, which no single test's time-out should have to cover. The
 * PostgreSQL pass needs the PGlite template too: the tests of whole processes (start-up, the CLI)
 * run on the embedded database there as well.
 */
export default async function globalSetup() {
  const { databaseUrl } = readConfig(process.env)
  if (databaseUrl) await preparePostgres(databaseUrl)
  await preparePgliteTemplateDir()
}
