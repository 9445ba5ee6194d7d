import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { listMigrations, migrate } from './migrate'
import { buildTestApp } from '../test-app'

describe('migrations', () => {
  it('applies every migration once at start and records it', async () => {
    const app = await buildTestApp()
    const { rows } = await app.db.query<{ name: string }>(
      'SELECT name FROM schema_migrations ORDER BY name',
    )
    expect(rows.map((row) => row.name)).toEqual(await listMigrations())
    expect(await migrate(app.db)).toEqual([])
    const { rows: extensions } = await app.db.query<{ extname: string }>(
      "SELECT extname FROM pg_extension WHERE extname = 'btree_gist'",
    )
    expect(extensions).toHaveLength(1)
    await app.close()
  })

  it('rolls back a failing migration whole, so a fixed one can run again', async () => {
    const app = await buildTestApp()
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'migrations-'))
    await fs.writeFile(
      path.join(dir, '900-broken.sql'),
      'CREATE TABLE half_done (id int);\nSELECT * FROM no_such_table;\n',
    )
    await expect(migrate(app.db, dir)).rejects.toThrow(/no_such_table/)
    const { rows } = await app.db.query("SELECT to_regclass('half_done') AS t")
    expect(rows[0]).toEqual({ t: null })
    await app.close()
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
