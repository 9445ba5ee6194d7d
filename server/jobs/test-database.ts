import crypto from 'node:crypto'
import pg from 'pg'
import { readConfig } from '../config'
import { openDatabase, type Database } from '../db'

/**
 * A migrated database for one test file without the app around it: in-memory PGlite, or, when
 * DATABASE_URL is set, a schema of its own in that PostgreSQL. `openAnother()` opens a second
 * pool on the same schema, as a second API process would (PGlite has only the one connection).
 */
export async function openTestDatabase() {
  const { databaseUrl } = readConfig(process.env)
  const schema = databaseUrl ? `test_${crypto.randomBytes(6).toString('hex')}` : undefined
  const open = () => openDatabase({ databaseUrl, dataDir: 'memory://', schema })
  const db = await open()
  const others: Database[] = []
  return {
    db,
    openAnother: async () => {
      const other = databaseUrl ? await open() : db
      if (other !== db) others.push(other)
      return other
    },
    async close() {
      await Promise.all([db, ...others].map((each) => each.close()))
      if (!databaseUrl) return
      const client = new pg.Client({ connectionString: databaseUrl })
      await client.connect()
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
      await client.end()
    },
  }
}
