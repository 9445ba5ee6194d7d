import { readConfig } from '../config'
import type { Database } from '../db'
import { openPostgres } from '../db/postgres'
import { openTestDatabase } from '../db/test-database'

/**
 * A migrated database for one test file without the app around it (server/db/test-database.ts).
 * `openAnother()` opens a second pool on the same PostgreSQL schema, as a second API process
 * would; PGlite has only its one connection, so there both runners share it.
 */
export async function openJobsTestDatabase() {
  const { databaseUrl } = readConfig(process.env)
  const db = await openTestDatabase(databaseUrl)
  const others: Database[] = []
  return {
    db,
    async openAnother() {
      if (!databaseUrl) return db
      const { rows } = await db.query<{ schema: string }>('SELECT current_schema() AS schema')
      const other = await openPostgres(databaseUrl, rows[0]?.schema)
      others.push(other)
      return other
    },
    async close() {
      await Promise.all(others.map((other) => other.close()))
      await db.close()
    },
  }
}
