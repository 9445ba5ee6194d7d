import type { Database, Queryable } from './database'

// Any fixed number works: it only has to be the same for every process setting up one database.
const SETUP_LOCK_ID = 7_240_311

/**
 * Runs `work` in one transaction that holds the database's setup lock. Migrations and demo seeds
 * run in it, so several processes starting against one empty PostgreSQL (two servers, parallel
 * test workers) take turns: the second finds the schema migrated and the demo loaded, and each
 * seed's "is it empty?" check sees what the first committed. PGlite has one connection, and its
 * data directory one process (data-dir-lock.ts), so there is no one to take turns with.
 */
export async function setupTransaction<T>(
  db: Database,
  work: (tx: Queryable) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    if (db.kind === 'postgres') {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [SETUP_LOCK_ID])
    }
    return work(tx)
  })
}
