import { DatabaseBusy } from '../db'
import { JobRunner, type JobRunnerOptions } from './runner'
import { claimNext, enqueue, finishRun } from './store'
import { openJobsTestDatabase } from './test-database'
import type { JobHandlers } from './types'

interface TestJobs {
  'test.record': { n: number }
  'test.fail': { message: string }
  'test.sweep': Record<string, never>
}

const NOW = Date.parse('2030-03-04T06:00:00Z')
const LEASE_MS = 60_000
// Booting PGlite and migrating takes seconds on a loaded machine; each test then takes little.
const BOOT_TIMEOUT_MS = 60_000

let testDb: Awaited<ReturnType<typeof openJobsTestDatabase>>
let clock: number
let ran: number[]
let sweeps: number
const log = { warn: jest.fn(), error: jest.fn() }

const handlers: JobHandlers<TestJobs> = {
  'test.record': {
    async run({ n }) {
      ran.push(n)
      // Yields, so two runners in one process interleave as two processes would.
      await new Promise((resolve) => setImmediate(resolve))
    },
  },
  'test.fail': {
    async run({ message }) {
      throw new Error(message)
    },
  },
  'test.sweep': {
    async run() {
      sweeps++
    },
  },
}

function runner(overrides: Partial<JobRunnerOptions<TestJobs>> = {}) {
  return new JobRunner<TestJobs>({
    db: testDb.db,
    handlers,
    now: () => clock,
    log,
    pollMs: 5,
    leaseMs: LEASE_MS,
    backoff: { baseMs: 10_000, maxMs: 60_000 },
    random: () => 0,
    ...overrides,
  })
}

async function jobRow(id: number | null) {
  const { rows } = await testDb.db.query<{
    state: string
    attempts: number
    runAt: Date
    lastError: string | null
    finishedAt: Date | null
  }>(
    `SELECT state, attempts, run_at AS "runAt", last_error AS "lastError",
            finished_at AS "finishedAt"
       FROM jobs WHERE id = $1`,
    [id],
  )
  return rows[0]
}

beforeAll(async () => {
  testDb = await openJobsTestDatabase()
}, BOOT_TIMEOUT_MS)
afterAll(() => testDb.close())
beforeEach(async () => {
  clock = NOW
  ran = []
  sweeps = 0
  log.warn.mockClear()
  log.error.mockClear()
  await testDb.db.query('DELETE FROM jobs')
})

describe('the job runner', () => {
  it('runs a due job once and marks it done', async () => {
    const id = await enqueue<TestJobs>(testDb.db, { type: 'test.record', payload: { n: 7 } })
    const jobs = runner()
    expect(await jobs.runDueJobs()).toBe(1)
    expect(ran).toEqual([7])
    expect(await jobRow(id)).toMatchObject({ state: 'done', attempts: 1, lastError: null })
    expect((await jobRow(id))?.finishedAt?.getTime()).toBe(NOW)
    expect(await jobs.runDueJobs()).toBe(0)
  })

  it('waits for run_at, on the injected clock', async () => {
    await enqueue<TestJobs>(testDb.db, {
      type: 'test.record',
      payload: { n: 1 },
      runAt: NOW + 60_000,
    })
    const jobs = runner()
    expect(await jobs.runDueJobs()).toBe(0)
    clock = NOW + 60_000
    expect(await jobs.runDueJobs()).toBe(1)
  })

  it("queues inside a command's transaction: nothing when it rolls back", async () => {
    await expect(
      testDb.db.transaction(async (tx) => {
        await enqueue<TestJobs>(tx, { type: 'test.record', payload: { n: 1 } })
        throw new Error('the command failed')
      }),
    ).rejects.toThrow('the command failed')
    expect(await runner().runDueJobs()).toBe(0)
  })

  it('retries a failing job with growing waits, then marks it failed', async () => {
    const id = await enqueue<TestJobs>(testDb.db, {
      type: 'test.fail',
      payload: { message: 'SMTP down' },
      maxAttempts: 3,
    })
    const jobs = runner()
    expect(await jobs.runDueJobs()).toBe(1)
    // random() = 0: half the wait, 10 s then 20 s.
    expect(await jobRow(id)).toMatchObject({ state: 'pending', attempts: 1 })
    expect((await jobRow(id))?.runAt.getTime()).toBe(NOW + 5_000)
    expect((await jobRow(id))?.lastError).toContain('SMTP down')

    clock = NOW + 4_999
    expect(await jobs.runDueJobs()).toBe(0)
    clock = NOW + 5_000
    expect(await jobs.runDueJobs()).toBe(1)
    expect((await jobRow(id))?.runAt.getTime()).toBe(NOW + 15_000)

    clock = NOW + 15_000
    expect(await jobs.runDueJobs()).toBe(1)
    expect(await jobRow(id)).toMatchObject({ state: 'failed', attempts: 3 })
    expect(log.error).toHaveBeenCalledWith(expect.anything(), 'Job gave up')
    clock = NOW + 24 * 60 * 60_000
    expect(await jobs.runDueJobs()).toBe(0)
  })

  it('queues a dedupe key once while pending or running, again once done', async () => {
    const job = { type: 'test.record', payload: { n: 1 }, dedupeKey: 'reminder:42' } as const
    const first = await enqueue<TestJobs>(testDb.db, job)
    expect(first).toEqual(expect.any(Number))
    expect(await enqueue<TestJobs>(testDb.db, job)).toBeNull()
    await claimNext(testDb.db, { types: ['test.record'], workerId: 'w', now: NOW, leaseMs: 1 })
    expect(await enqueue<TestJobs>(testDb.db, job)).toBeNull()

    clock = NOW + 1
    expect(await runner().runDueJobs()).toBe(1)
    expect(ran).toEqual([1])
    expect(await enqueue<TestJobs>(testDb.db, job)).toEqual(expect.any(Number))
  })

  it('takes over a job whose worker died once its lease has run out', async () => {
    const id = await enqueue<TestJobs>(testDb.db, { type: 'test.record', payload: { n: 3 } })
    // A process claims the job and dies before finishing it.
    const dead = await claimNext(testDb.db, {
      types: ['test.record'],
      workerId: 'dead-worker',
      now: NOW,
      leaseMs: LEASE_MS,
    })
    expect(dead?.id).toBe(id)
    const jobs = runner()
    clock = NOW + LEASE_MS - 1
    expect(await jobs.runDueJobs()).toBe(0)
    clock = NOW + LEASE_MS
    expect(await jobs.runDueJobs()).toBe(1)
    expect(ran).toEqual([3])
    expect(await jobRow(id)).toMatchObject({ state: 'done', attempts: 2 })
    // Had the first worker only hung, its late finish changes nothing.
    expect(await finishRun(testDb.db, dead!, 'dead-worker', { state: 'done', now: clock })).toBe(
      false,
    )
  })

  it('fails, without running it, a job whose worker died during its last attempt', async () => {
    const id = await enqueue<TestJobs>(testDb.db, {
      type: 'test.record',
      payload: { n: 1 },
      maxAttempts: 1,
    })
    await claimNext(testDb.db, { types: ['test.record'], workerId: 'dead', now: NOW, leaseMs: 1 })
    clock = NOW + 1
    expect(await runner().runDueJobs()).toBe(1)
    expect(ran).toEqual([])
    expect(await jobRow(id)).toMatchObject({ state: 'failed', attempts: 2 })
  })

  it('keeps one copy of a recurring job, however many runners, and runs it every round', async () => {
    const recurring = {
      ...handlers,
      'test.sweep': { ...handlers['test.sweep'], recurring: { everyMs: 30_000, payload: {} } },
    }
    const [a, b] = [runner({ handlers: recurring }), runner({ handlers: recurring })]
    expect(await a.runDueJobs()).toBe(1)
    expect(await b.runDueJobs()).toBe(0)
    expect(sweeps).toBe(1)
    const { rows } = await testDb.db.query<{ state: string; runAt: Date; attempts: number }>(
      `SELECT state, run_at AS "runAt", attempts FROM jobs WHERE type = 'test.sweep'`,
    )
    expect(rows).toEqual([{ state: 'pending', runAt: new Date(NOW + 30_000), attempts: 0 }])
    clock = NOW + 30_000
    expect((await b.runDueJobs()) + (await a.runDueJobs())).toBe(1)
    expect(sweeps).toBe(2)
  })

  it('leaves jobs of types it has no handler for to the runners that have one', async () => {
    await enqueue<TestJobs>(testDb.db, { type: 'test.record', payload: { n: 1 } })
    const { 'test.fail': fail, 'test.sweep': sweep } = handlers
    // An older process, deployed before 'test.record' existed.
    const older = { 'test.fail': fail, 'test.sweep': sweep } as unknown as JobHandlers<TestJobs>
    const partial = runner({ handlers: older })
    expect(await partial.runDueJobs()).toBe(0)
    expect(ran).toEqual([])
  })

  it('stop() waits for the running job, and nothing runs afterwards', async () => {
    let release = () => {}
    let started = () => {}
    const running = new Promise<void>((resolve) => (started = resolve))
    const jobs = runner({
      handlers: {
        ...handlers,
        'test.record': {
          run: () => {
            started()
            return new Promise<void>((resolve) => (release = resolve))
          },
        },
      },
    })
    await enqueue<TestJobs>(testDb.db, { type: 'test.record', payload: { n: 1 } })
    jobs.start()
    await running
    let stopped = false
    const stopping = jobs.stop().then(() => (stopped = true))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(stopped).toBe(false)
    release()
    await stopping
    const id = await enqueue<TestJobs>(testDb.db, { type: 'test.record', payload: { n: 2 } })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(await jobs.runDueJobs()).toBe(0)
    expect(await jobRow(id)).toMatchObject({ state: 'pending', attempts: 0 })
  })

  it('catchUp() waits for the poll under way, then runs what the moved clock made due', async () => {
    const sweptAt: number[] = []
    let release = () => {}
    let started = () => {}
    const running = new Promise<void>((resolve) => (started = resolve))
    const jobs = runner({
      // The loop does not come round again within the test: only catchUp() may run the sweep.
      pollMs: 60_000,
      handlers: {
        ...handlers,
        'test.sweep': {
          run: async () => {
            sweptAt.push(clock)
            if (sweptAt.length > 1) return
            started()
            await new Promise<void>((resolve) => (release = resolve))
          },
          recurring: { everyMs: 30_000, payload: {} },
        },
      },
    })
    jobs.start()
    await running
    // The round under way read the old time; the clock jumps past its next round meanwhile.
    clock = NOW + 45_000
    let caughtUp = false
    const catching = jobs.catchUp().then(() => (caughtUp = true))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(caughtUp).toBe(false)
    release()
    await catching
    await jobs.stop()
    expect(sweptAt).toEqual([NOW, NOW + 45_000])
  })

  it('never lets an error escape the poll loop', async () => {
    const jobs = runner({ db: { ...testDb.db, query: () => Promise.reject(new Error('db gone')) } })
    jobs.start()
    await new Promise((resolve) => setTimeout(resolve, 30))
    await jobs.stop()
    expect(log.error).toHaveBeenCalledWith({ err: new Error('db gone') }, 'Job runner poll failed')
  })

  it('keeps polling through an exhausted connection pool, and runs the job once it is over', async () => {
    let busy = true
    const jobs = runner({
      db: {
        ...testDb.db,
        query: (sql, params) =>
          busy ? Promise.reject(new DatabaseBusy(5000)) : testDb.db.query(sql, params),
      },
    })
    await enqueue<TestJobs>(testDb.db, { type: 'test.record', payload: { n: 3 } })
    jobs.start()
    try {
      for (let waited = 0; log.warn.mock.calls.length < 2 && waited < 5000; waited += 5) {
        await new Promise((resolve) => setTimeout(resolve, 5))
      }
      expect(log.warn).toHaveBeenCalledWith(
        { err: expect.any(DatabaseBusy) },
        'Job runner poll skipped: every database connection busy',
      )
      expect(log.error).not.toHaveBeenCalled()
      busy = false
      for (let waited = 0; ran.length === 0 && waited < 5000; waited += 5) {
        await new Promise((resolve) => setTimeout(resolve, 5))
      }
    } finally {
      await jobs.stop()
    }
    expect(ran).toEqual([3])
  })

  it(
    'two runners on two connection pools run each of 200 jobs exactly once',
    async () => {
      await testDb.db.transaction(async (tx) => {
        for (let n = 0; n < 200; n++) {
          await enqueue<TestJobs>(tx, { type: 'test.record', payload: { n } })
        }
      })
      // Two processes: on PostgreSQL each runner has its own pool; PGlite has one connection.
      const share: [number, number] = [0, 0]
      const counting = (index: 0 | 1): JobHandlers<TestJobs> => ({
        ...handlers,
        'test.record': {
          run: (payload, job) => {
            share[index] += 1
            return handlers['test.record'].run(payload, job)
          },
        },
      })
      const runners = [
        runner({ handlers: counting(0) }),
        runner({ handlers: counting(1), db: await testDb.openAnother() }),
      ]
      runners.forEach((each) => each.start())
      for (let waited = 0; ran.length < 200 && waited < 20_000; waited += 20) {
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
      await Promise.all(runners.map((each) => each.stop()))
      expect(ran.toSorted((x, y) => x - y)).toEqual([...Array(200).keys()])
      const { rows } = await testDb.db.query<{ state: string; attempts: number; n: number }>(
        `SELECT state, attempts, count(*)::int AS n FROM jobs WHERE type = 'test.record'
          GROUP BY state, attempts`,
      )
      expect(rows).toEqual([{ state: 'done', attempts: 1, n: 200 }])
      const { rows: workers } = await testDb.db.query(
        `SELECT DISTINCT locked_by FROM jobs WHERE type = 'test.record'`,
      )
      expect(workers).toEqual([{ locked_by: null }])
      // Both took a share: the claim skips, rather than waits for, the other's locked rows.
      expect(share).toEqual([expect.any(Number), expect.any(Number)])
      expect(Math.min(...share)).toBeGreaterThan(0)
    },
    BOOT_TIMEOUT_MS,
  )
})
