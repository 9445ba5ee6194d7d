import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import crypto from 'node:crypto'
import { listMigrations, migrate, MigrationChangedError, migrationsDir } from './migrate'
import { openTestDatabase } from './test-database'

// Each test opens a database with every migration (some with the demo seed): on a loaded machine
// that alone has taken longer than the suite's 20 s.
jest.setTimeout(60_000)

describe('migrations', () => {
  it('applies every migration once at start and records it', async () => {
    const db = await openTestDatabase()
    const { rows } = await db.query<{ name: string }>(
      'SELECT name FROM schema_migrations ORDER BY name',
    )
    expect(rows.map((row) => row.name)).toEqual(await listMigrations())
    expect(await migrate(db)).toEqual([])
    const { rows: extensions } = await db.query<{ extname: string }>(
      "SELECT extname FROM pg_extension WHERE extname = 'btree_gist'",
    )
    expect(extensions).toHaveLength(1)
    await db.close()
  })

  it('records the checksum of each applied migration', async () => {
    const db = await openTestDatabase()
    const { rows } = await db.query<{ name: string; checksum: string }>(
      'SELECT name, checksum FROM schema_migrations ORDER BY name',
    )
    const expected = await Promise.all(
      (await listMigrations()).map(async (name) => ({
        name,
        checksum: crypto
          .createHash('sha256')
          .update(await fs.readFile(path.join(migrationsDir, name)))
          .digest('hex'),
      })),
    )
    expect(rows).toEqual(expected)
    await db.close()
  })

  it('refuses, in one line naming the file, an applied migration that has changed', async () => {
    const db = await openTestDatabase()
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'migrations-'))
    const file = path.join(dir, '901-probe.sql')
    await fs.writeFile(file, 'CREATE TABLE checksum_probe (id int);\n')
    expect(await migrate(db, dir)).toEqual(['901-probe.sql'])
    expect(await migrate(db, dir)).toEqual([])
    await fs.writeFile(file, 'CREATE TABLE checksum_probe (id bigint);\n')
    const refusal = migrate(db, dir)
    await expect(refusal).rejects.toThrow(MigrationChangedError)
    await expect(refusal).rejects.toThrow(/^Migration 901-probe\.sql has changed[^\n]*$/)
    // Back to the migrated shape, so the next test reuses this database instead of loading one.
    await db.exec('DROP TABLE checksum_probe')
    await db.close()
    await fs.rm(dir, { recursive: true })
  })

  it('records the checksums of a database migrated before they were kept, at its first start', async () => {
    const db = await openTestDatabase()
    await db.exec('ALTER TABLE schema_migrations DROP COLUMN checksum')
    expect(await migrate(db)).toEqual([])
    const { rows } = await db.query<{ missing: number }>(
      'SELECT count(*)::int AS missing FROM schema_migrations WHERE checksum IS NULL',
    )
    expect(rows).toEqual([{ missing: 0 }])
    // Recorded from the files as they are, so the next start finds them unchanged.
    expect(await migrate(db)).toEqual([])
    await db.close()
  })

  it('rolls back a failing migration whole, so a fixed one can run again', async () => {
    const db = await openTestDatabase()
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'migrations-'))
    await fs.writeFile(
      path.join(dir, '900-broken.sql'),
      'CREATE TABLE half_done (id int);\nSELECT * FROM no_such_table;\n',
    )
    await expect(migrate(db, dir)).rejects.toThrow(/no_such_table/)
    const { rows } = await db.query("SELECT to_regclass('half_done') AS t")
    expect(rows[0]).toEqual({ t: null })
    await db.close()
    await fs.rm(dir, { recursive: true })
  })

  it('ignores files that are not NNN-name.sql', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'migrations-'))
    await fs.writeFile(path.join(dir, '002-b.sql'), '')
    await fs.writeFile(path.join(dir, '001-a.sql'), '')
    await fs.writeFile(path.join(dir, 'README.md'), '')
    expect(await listMigrations(dir)).toEqual(['001-a.sql', '002-b.sql'])
    await fs.rm(dir, { recursive: true })
  })
})
