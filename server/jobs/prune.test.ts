import { LocalProvider } from '../payments/local/provider'
import { IDEMPOTENCY_KEY_TTL_MS } from '../booking/store/idempotency'
import { createMailer } from '../notifications/mail/transport'
import { targetPolicy } from '../notifications/webhooks/targets'
import { jobHandlers } from './handlers'
import { JobRunner } from './runner'
import { DONE_JOB_RETENTION_MS, FAILED_JOB_RETENTION_MS, recurringKey } from './store'
import { openJobsTestDatabase } from './test-database'

const NOW = Date.parse('2030-03-04T06:00:00Z')
const HOUR = 60 * 60_000
const BOOT_TIMEOUT_MS = 60_000
const iso = (at: number) => new Date(at).toISOString()

let testDb: Awaited<ReturnType<typeof openJobsTestDatabase>>
let clock: number
const log = { warn: jest.fn(), error: jest.fn() }

beforeAll(async () => {
  testDb = await openJobsTestDatabase()
}, BOOT_TIMEOUT_MS)
afterAll(() => testDb.close())

function runner(db = testDb.db) {
  return new JobRunner({
    db,
    handlers: jobHandlers(
      {
        db,
        siteUrl: 'http://localhost',
        now: () => clock,
        linkKey: Buffer.alloc(32),
        payments: {
          provider: new LocalProvider({ db, siteUrl: 'http://localhost', now: () => clock }),
          holdMinutes: 30,
        },
      },
      {
        mailer: createMailer(undefined),
        mailFrom: 'bookings@localhost',
        webhookTargets: targetPolicy([]),
      },
    ),
    now: () => clock,
    log,
    pollMs: 5,
  })
}

async function names(sql: string) {
  return (await testDb.db.query<{ name: string }>(sql)).rows.map((row) => row.name).sort()
}

describe('the prune job', () => {
  it('deletes expired idempotency keys and finished jobs past their retention, keeps the rest', async () => {
    clock = NOW
    const key = (name: string, age: number) =>
      testDb.db.query(
        `INSERT INTO idempotency_keys (key, request_hash, status_code, response, created_at)
         VALUES ($1, 'h', 201, '{}', $2)`,
        [name, iso(NOW - age)],
      )
    await key('expired', IDEMPOTENCY_KEY_TTL_MS + 1)
    await key('fresh', IDEMPOTENCY_KEY_TTL_MS - 1)
    const job = (name: string, state: string, age: number) =>
      testDb.db.query(
        `INSERT INTO jobs (type, state, run_at, finished_at, dedupe_key)
         VALUES ('test.old', $2, $3, $3, $1)`,
        [name, state, iso(NOW - age)],
      )
    await job('old-done', 'done', DONE_JOB_RETENTION_MS + 1)
    await job('recent-done', 'done', DONE_JOB_RETENTION_MS - 1)
    await job('failed-a-while-ago', 'failed', DONE_JOB_RETENTION_MS + 1)
    await job('old-failed', 'failed', FAILED_JOB_RETENTION_MS + 1)
    await testDb.db.query(
      `INSERT INTO jobs (type, run_at, dedupe_key) VALUES ('test.old', $1, 'long-pending')`,
      [iso(NOW - FAILED_JOB_RETENTION_MS - 1)],
    )

    const jobs = runner()
    // The prune, the hold sweep, the notifications' dispatch, the calendars' sweep and dispatch.
    expect(await jobs.runDueJobs()).toBe(5)
    expect(await names('SELECT key AS name FROM idempotency_keys')).toEqual(['fresh'])
    expect(await names(`SELECT dedupe_key AS name FROM jobs WHERE type = 'test.old'`)).toEqual([
      'failed-a-while-ago',
      'long-pending',
      'recent-done',
    ])

    // It comes back every hour, on the injected clock; a key then past its day goes.
    const { rows } = await testDb.db.query<{ runAt: Date }>(
      `SELECT run_at AS "runAt" FROM jobs WHERE dedupe_key = $1 AND state = 'pending'`,
      [recurringKey('maintenance.prune')],
    )
    expect(rows).toEqual([{ runAt: new Date(NOW + HOUR) }])
    clock = NOW + HOUR - 1
    // The hold sweep, the two dispatches and the calendars' sweep alone: every 30 s, 2 s and 60 s.
    expect(await jobs.runDueJobs()).toBe(4)
    clock = NOW + IDEMPOTENCY_KEY_TTL_MS
    expect(await jobs.runDueJobs()).toBe(5)
    expect(await names('SELECT key AS name FROM idempotency_keys')).toEqual([])
    expect(log.error).not.toHaveBeenCalled()
  })

  it(
    'runs once per round however many processes poll',
    async () => {
      clock = NOW + 100 * 24 * HOUR
      const [a, b] = [runner(), runner(await testDb.openAnother())]
      a.start()
      b.start()
      await new Promise((resolve) => setTimeout(resolve, 200))
      await Promise.all([a.stop(), b.stop()])
      const { rows } = await testDb.db.query<{ state: string; n: number }>(
        `SELECT state, count(*)::int AS n FROM jobs WHERE type = 'maintenance.prune'
          GROUP BY state`,
      )
      expect(rows).toEqual([{ state: 'pending', n: 1 }])
      expect(log.error).not.toHaveBeenCalled()
    },
    BOOT_TIMEOUT_MS,
  )
})
