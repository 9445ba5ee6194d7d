import fs from 'node:fs/promises'
import path from 'node:path'
import type { Database } from './database'
import { setupTransaction } from './setup-lock'

export const migrationsDir = path.join(__dirname, 'migrations')

/** Migration files are `NNN-name.sql`, applied once each, in name order. */
export async function listMigrations(dir = migrationsDir): Promise<string[]> {
  const names = (await fs.readdir(dir)).filter((name) => /^\d{3}-[\w-]+\.sql$/.test(name))
  return names.sort()
}

export async function migrate(db: Database, dir = migrationsDir): Promise<string[]> {
  const applied: string[] = []
  await setupTransaction(db, async (tx) => {
    await tx.query(
      `CREATE TABLE IF NOT EXISTS schema_migrations (
         name text PRIMARY KEY,
         applied_at timestamptz NOT NULL DEFAULT now()
       )`,
    )
    const done = new Set(
      (await tx.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map(
        (row) => row.name,
      ),
    )
    for (const name of await listMigrations(dir)) {
      if (done.has(name)) continue
      const sql = await fs.readFile(path.join(dir, name), 'utf8')
      await tx.exec(sql)
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name])
      applied.push(name)
    }
  })
  return applied
}
