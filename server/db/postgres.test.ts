import { buildApp } from '../app'
import { readConfig } from '../config'
import { onPostgres, postgresUrl as databaseUrl } from '../test-passes'
import { DatabaseBusy, type Database } from '.'
import { openPostgres } from './postgres'
import { openTestDatabase } from './test-database'

/*
 * An exhausted pool: one connection, held by an open transaction, and a statement that needs
 * another. Only PostgreSQL has a pool, so this runs in the PostgreSQL pass (DATABASE_URL).
 */

// Short, so the test does not sit through the production wait of seconds.
const WAIT_MS = 100

onPostgres('a PostgreSQL pool with every connection busy', () => {
  let migrated: Database
  let schema: string | undefined
  /** Ends the transaction that holds the pool's one connection. */
  let release: () => void = () => undefined
  let held: Promise<void> = Promise.resolve()

  const openPoolOfOne = () =>
    openPostgres(databaseUrl as string, schema, { size: 1, waitMs: WAIT_MS })

  /** Takes the pool's only connection until `release()`. */
  async function holdTheConnection(pool: Database) {
    let started: () => void = () => undefined
    const taken = new Promise<void>((resolve) => (started = resolve))
    const done = new Promise<void>((resolve) => (release = resolve))
    held = pool.transaction(async (tx) => {
      await tx.query('SELECT 1')
      started()
      await done
    })
    await taken
  }

  beforeAll(async () => {
    migrated = await openTestDatabase(databaseUrl)
    const { rows } = await migrated.query<{ schema: string }>('SELECT current_schema() AS schema')
    schema = rows[0]?.schema
  })
  afterEach(async () => {
    release()
    await held
  })
  afterAll(() => migrated.close())

  it('rejects a statement that waited the whole wait with DatabaseBusy', async () => {
    const pool = await openPoolOfOne()
    try {
      await holdTheConnection(pool)
      await expect(pool.query('SELECT 1')).rejects.toBeInstanceOf(DatabaseBusy)
      await expect(pool.transaction((tx) => tx.query('SELECT 1'))).rejects.toBeInstanceOf(
        DatabaseBusy,
      )
      release()
      await held
      // The pool serves again once the connection is back.
      expect((await pool.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }])
    } finally {
      await pool.close()
    }
  })

  // Regression: 290 of 7,465 racing bookings were answered 500 when the pool ran out.
  it('answers a request 503 with Retry-After and the error object, not 500', async () => {
    const config = { ...readConfig(process.env), dataDir: 'memory://', jobsPollMs: 0 }
    // The app closes the pool it was given when it closes.
    const app = await buildApp({ config, database: await openPoolOfOne(), logger: false })
    try {
      await holdTheConnection(app.db)
      const response = await app.inject({ method: 'GET', url: '/api/providers/clinic' })
      expect(response.statusCode).toBe(503)
      expect(response.headers['retry-after']).toBe('1')
      expect(response.json()).toEqual({
        statusCode: 503,
        statusMessage: 'Service Unavailable',
        message: 'The server is busy right now. Please try again in a moment.',
        code: 'unavailable',
      })
    } finally {
      release()
      await held
      await app.close()
    }
  })
})
