import type { Database } from './database'
import { migrate } from './migrate'
import { openPglite } from './pglite'
import { openPostgres } from './postgres'

export type { Database, DatabaseKind, Queryable, QueryResult } from './database'
export { DatabaseBusy } from './database'
export { setupTransaction } from './setup-lock'

export interface DatabaseOptions {
  databaseUrl?: string
  /** PGlite data directory or `memory://`. */
  dataDir: string
  /** PostgreSQL schema to use instead of `public` (isolates parallel test runs). */
  schema?: string
  /** PostgreSQL's connections per process (DATABASE_POOL_SIZE); PGlite has one. */
  poolSize?: number
}

/** Opens the configured database and brings its schema up to date. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const db = options.databaseUrl
    ? await openPostgres(options.databaseUrl, options.schema, { size: options.poolSize })
    : await openPglite(options.dataDir)
  try {
    await migrate(db)
  } catch (error) {
    await db.close()
    throw error
  }
  return db
}
