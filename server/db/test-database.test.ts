import { listMigrations } from './migrate'
import { openTestDatabase } from './test-database'

const PROVIDER =
  "INSERT INTO providers (slug, name, time_zone) VALUES ($1, 'P', 'UTC') RETURNING id"

describe('test databases', () => {
  it('come back as the migrations left them, whatever the test before did', async () => {
    const first = await openTestDatabase()
    const { rows: fresh } = await first.query('SELECT * FROM site_settings')
    await first.query(PROVIDER, ['one'])
    await first.query(PROVIDER, ['two'])
    await first.query("UPDATE site_settings SET root_page_path = NULL, updated_at = '2001-01-01'")
    // Session state a test may leave behind.
    await first.exec("SET TIME ZONE 'Asia/Tokyo'")
    await first.close()

    const second = await openTestDatabase()
    expect((await second.query('SELECT count(*)::int AS n FROM providers')).rows).toEqual([
      { n: 0 },
    ])
    expect((await second.query('SELECT * FROM site_settings')).rows).toEqual(fresh)
    // Identity counters start again: ids in one test never depend on the tests before it.
    expect((await second.query<{ id: number }>(PROVIDER, ['three'])).rows).toEqual([{ id: 1 }])
    expect((await second.query('SHOW TIME ZONE')).rows).not.toEqual([{ TimeZone: 'Asia/Tokyo' }])
    await second.close()
  })

  it('are refused once closed, so a late query can never reach the next test', async () => {
    const db = await openTestDatabase()
    await db.close()
    expect(() => db.query('SELECT 1')).toThrow('this test database was closed')
  })

  it('are reused after a column was dropped and added back in its place, not after one moved', async () => {
    // A dropped column stays in the catalog, hidden: only the database it was dropped in has one.
    const leftovers = `SELECT count(*)::int AS n FROM pg_attribute
                        WHERE attrelid = 'schema_migrations'::regclass AND attisdropped`
    const migrated = (await listMigrations()).length
    const first = await openTestDatabase()
    await first.exec(
      'ALTER TABLE schema_migrations DROP COLUMN checksum; ALTER TABLE schema_migrations ADD COLUMN checksum text',
    )
    await first.close()
    const reused = await openTestDatabase()
    expect((await reused.query(leftovers)).rows).toEqual([{ n: 1 }])
    expect(
      (await reused.query('SELECT count(checksum)::int AS n FROM schema_migrations')).rows,
    ).toEqual([{ n: migrated }])
    // As it was, but after checksum now.
    await reused.exec(
      'ALTER TABLE schema_migrations DROP COLUMN applied_at; ALTER TABLE schema_migrations ADD COLUMN applied_at timestamptz NOT NULL DEFAULT now()',
    )
    await reused.close()
    const next = await openTestDatabase()
    expect((await next.query(leftovers)).rows).toEqual([{ n: 0 }])
    await next.close()
  })

  it('are dropped, not reused, when a test changed their shape', async () => {
    const changed = await openTestDatabase()
    await changed.exec('CREATE TABLE left_behind (id int); ALTER TABLE providers ADD COLUMN x int')
    await changed.close()
    const next = await openTestDatabase()
    const { rows } = await next.query(
      "SELECT to_regclass('left_behind') AS t, count(*)::int AS x FROM information_schema.columns WHERE table_name = 'providers' AND column_name = 'x'",
    )
    expect(rows).toEqual([{ t: null, x: 0 }])
    await next.close()
  })

  it('are separate while open at the same time', async () => {
    const [a, b] = await Promise.all([openTestDatabase(), openTestDatabase()])
    await a.query(PROVIDER, ['in-a'])
    expect((await b.query('SELECT count(*)::int AS n FROM providers')).rows).toEqual([{ n: 0 }])
    await Promise.all([a.close(), b.close()])
  })
})
