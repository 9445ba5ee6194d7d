import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { buildApp } from '../app'
import { DEMO_SETUP_FILE } from '../booking/seed'
import { DEMO_CONTENT_DIR } from '../content/seed'
import { openDatabase } from '.'
import { readConfig } from '../config'
import { onPostgres, postgresUrl as databaseUrl } from '../test-passes'
import { openPostgres } from './postgres'

// Two processes on one database exist only on PostgreSQL: a PGlite data directory admits one
// process (data-dir-lock.test.ts).

async function demoItemCount() {
  const files = (await fs.readdir(DEMO_CONTENT_DIR)).filter((name) => name !== 'settings.json')
  const lists = await Promise.all(
    files.map(async (name) =>
      JSON.parse(await fs.readFile(path.join(DEMO_CONTENT_DIR, name), 'utf8')),
    ),
  )
  return lists.reduce((sum: number, list: unknown[]) => sum + list.length, 0)
}

onPostgres('two servers started together on one empty PostgreSQL', () => {
  const schema = `test_${crypto.randomBytes(6).toString('hex')}`
  const url = databaseUrl ?? ''

  afterAll(async () => {
    const admin = await openPostgres(url)
    await admin.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
    await admin.close()
  })

  it(
    'both come up, and the demo is loaded once (regression: the second exited with "An item with this id already exists")',
    async () => {
      // The schema stands for the empty database; it exists before either server starts.
      const admin = await openPostgres(url)
      await admin.exec(`CREATE SCHEMA ${schema}`)
      await admin.close()
      const config = { ...readConfig(process.env), publicDir: '/nonexistent-public-dir' }
      // What main.ts does, twice at once: open (and migrate) the database, seed, serve.
      const start = async () =>
        buildApp({
          config,
          logger: false,
          seedDemo: true,
          database: await openDatabase({ databaseUrl: url, dataDir: 'memory://', schema }),
        })
      const started = await Promise.allSettled([start(), start()])
      const apps = started.flatMap((result) =>
        result.status === 'fulfilled' ? [result.value] : [],
      )
      try {
        expect(started.filter((result) => result.status === 'rejected')).toEqual([])
        for (const app of apps) {
          const provider = await app.inject({ method: 'GET', url: '/api/providers/harbor-physio' })
          expect(provider.statusCode).toBe(200)
        }
        const setup = JSON.parse(await fs.readFile(DEMO_SETUP_FILE, 'utf8'))
        const db = apps[0]!.db
        const { rows } = await db.query<{ providers: number; items: number }>(
          `SELECT (SELECT count(*) FROM providers)::int AS providers,
                  (SELECT count(*) FROM content_items)::int AS items`,
        )
        expect(rows).toEqual([{ providers: setup.providers.length, items: await demoItemCount() }])
      } finally {
        await Promise.all(apps.map((app) => app.close()))
      }
    },
    // Two migrations and two seeds, one after the other by design, on a machine that may be busy.
    60_000,
  )
})
