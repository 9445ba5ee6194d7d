import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import type { Database } from './database'
import { setupTransaction } from './setup-lock'
import { StartupError } from '../startup-error'

export const migrationsDir = path.join(__dirname, 'migrations')

/** Migration files are `NNN-name.sql`, applied once each, in name order. */
export async function listMigrations(dir = migrationsDir): Promise<string[]> {
  const names = (await fs.readdir(dir)).filter((name) => /^\d{3}-[\w-]+\.sql$/.test(name))
  return names.sort()
}

export class MigrationChangedError extends StartupError {
  constructor(name: string) {
    super(
      `Migration ${name} has changed since it was applied to this database. An applied ` +
        'migration must stay as it was: restore the file (git checkout it) and put the change ' +
        'in a new migration.',
    )
    this.name = 'MigrationChangedError'
  }
}

const checksumOf = (sql: string) => crypto.createHash('sha256').update(sql, 'utf8').digest('hex')

/**
 * Applies the migrations not yet applied and records each one's checksum. An applied migration
 * whose file has changed since is refused: its edit would never run here, yet would run on every
 * new database, so the two would silently differ. Databases migrated before checksums were
 * recorded get them from the files as they are at their first start.
 */
export async function migrate(db: Database, dir = migrationsDir): Promise<string[]> {
  const applied: string[] = []
  await setupTransaction(db, async (tx) => {
    await tx.exec(
      `CREATE TABLE IF NOT EXISTS schema_migrations (
         name text PRIMARY KEY,
         applied_at timestamptz NOT NULL DEFAULT now()
       );
       ALTER TABLE schema_migrations ADD COLUMN IF NOT EXISTS checksum text`,
    )
    const done = new Map(
      (
        await tx.query<{ name: string; checksum: string | null }>(
          'SELECT name, checksum FROM schema_migrations',
        )
      ).rows.map((row) => [row.name, row.checksum]),
    )
    for (const name of await listMigrations(dir)) {
      const sql = await fs.readFile(path.join(dir, name), 'utf8')
      const checksum = checksumOf(sql)
      if (done.has(name)) {
        const recorded = done.get(name)
        if (recorded === null) {
          await tx.query('UPDATE schema_migrations SET checksum = $2 WHERE name = $1', [
            name,
            checksum,
          ])
        } else if (recorded !== checksum) {
          throw new MigrationChangedError(name)
        }
        continue
      }
      await tx.exec(sql)
      await tx.query('INSERT INTO schema_migrations (name, checksum) VALUES ($1, $2)', [
        name,
        checksum,
      ])
      applied.push(name)
    }
  })
  return applied
}
