import crypto from 'node:crypto'
import pg from 'pg'
import { buildApp, type AppOptions } from './app'
import { readConfig, type ServerConfig } from './config'

/**
 * Builds the app exactly as production does, on a throw-away database: in-memory PGlite, or,
 * when DATABASE_URL is set (CI's second run), a schema of its own in that PostgreSQL, dropped on
 * close so parallel test files never see each other's rows.
 */
export async function buildTestApp(
  overrides: Partial<ServerConfig> = {},
  options: Pick<AppOptions, 'now' | 'seedDemo'> = {},
) {
  const config: ServerConfig = {
    ...readConfig(process.env),
    dataDir: 'memory://',
    publicDir: '/nonexistent-public-dir',
    ...overrides,
  }
  const schema = config.databaseUrl ? `test_${crypto.randomBytes(6).toString('hex')}` : undefined
  const app = await buildApp({ config, databaseSchema: schema, logger: false, ...options })
  if (schema && config.databaseUrl) {
    const url = config.databaseUrl
    app.addHook('onClose', async () => {
      const client = new pg.Client({ connectionString: url })
      await client.connect()
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
      await client.end()
    })
  }
  return app
}
