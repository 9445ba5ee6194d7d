import crypto from 'node:crypto'
import os from 'node:os'
import { DatabaseBusy, type Database } from '../db'
import { defaultBackoff, nextAttemptAt, type BackoffPolicy } from './backoff'
import { claimNext, ensureRecurring, finishRun, type ClaimedJob } from './store'
import type { JobHandler, JobHandlers, JobPayloads } from './types'

/** The part of a pino / Fastify logger the runner writes to. */
export interface JobLog {
  warn(details: object, message: string): void
  error(details: object, message: string): void
}

export interface JobRunnerOptions<Payloads> {
  db: Database
  handlers: JobHandlers<Payloads>
  /** The clock that decides what is due; tests freeze and advance it. */
  now: () => number
  log: JobLog
  /** Pause between polls when nothing is due. */
  pollMs: number
  /** How long a claimed job is left to its worker before another one may take it over. */
  leaseMs?: number
  backoff?: BackoffPolicy
  random?: () => number
  /** Names this worker in `jobs.locked_by`; unique per runner by default. */
  workerId?: string
}

const MAX_ERROR_LENGTH = 2000

const errorText = (error: unknown) =>
  (error instanceof Error ? (error.stack ?? error.message) : String(error)).slice(
    0,
    MAX_ERROR_LENGTH,
  )

/**
 * Runs the jobs of the `jobs` table whose types it has handlers for, one at a time. Several
 * runners (one per API process) may share a database: each job is claimed by one of them.
 * Errors of a job or of the database are logged, never thrown out of the poll loop.
 */
export class JobRunner<Payloads = JobPayloads> {
  private readonly db: Database
  private readonly handlers: JobHandlers<Payloads>
  private readonly types: string[]
  private readonly now: () => number
  private readonly log: JobLog
  private readonly pollMs: number
  private readonly leaseMs: number
  private readonly backoff: BackoffPolicy
  private readonly random: () => number
  readonly workerId: string
  private timer: NodeJS.Timeout | undefined
  private poll: Promise<void> | undefined
  private stopped = false

  constructor(options: JobRunnerOptions<Payloads>) {
    this.db = options.db
    this.handlers = options.handlers
    this.types = Object.keys(options.handlers)
    this.now = options.now
    this.log = options.log
    this.pollMs = options.pollMs
    this.leaseMs = options.leaseMs ?? 5 * 60_000
    this.backoff = options.backoff ?? defaultBackoff
    this.random = options.random ?? Math.random
    this.workerId =
      options.workerId ?? `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString('hex')}`
  }

  /** Polls in the background until `stop()`. */
  start() {
    if (this.stopped || this.timer || this.poll) return
    this.schedulePoll(0)
  }

  /** Stops polling and waits for the job being run, so nothing runs once this resolves. */
  async stop() {
    this.stopped = true
    clearTimeout(this.timer)
    this.timer = undefined
    await this.poll
  }

  /**
   * Runs every job that is due now, one after the other, and returns how many ran. The poll loop
   * calls it; tests with the loop off call it after moving their clock.
   */
  async runDueJobs(): Promise<number> {
    await this.queueRecurring()
    let ran = 0
    while (!this.stopped && (await this.runOne())) ran++
    return ran
  }

  /**
   * Runs what a moved clock made due (TEST_CLOCK): waits for the poll under way, which may have
   * read the old time, then runs every job due now, so nothing due is left when this resolves.
   */
  async catchUp(): Promise<number> {
    await this.poll
    return this.runDueJobs()
  }

  /** Claims and runs one due job; false when none was due. */
  async runOne(): Promise<boolean> {
    const claimedAt = this.now()
    const job = await claimNext(this.db, {
      types: this.types,
      workerId: this.workerId,
      now: claimedAt,
      leaseMs: this.leaseMs,
    })
    if (!job) return false
    const handler = this.handlerOf(job.type)
    if (job.attempts > job.maxAttempts) {
      // The worker that died holding the job had its last attempt.
      await this.afterFailure(job, handler, 'The worker running the last attempt stopped')
      return true
    }
    try {
      await handler.run(job.payload, { id: job.id, attempts: job.attempts })
    } catch (error) {
      this.log.warn({ err: error, job: this.summary(job) }, 'Job failed')
      await this.afterFailure(job, handler, errorText(error))
      return true
    }
    // The next round counts from this one's start: a round that ran while the clock jumped
    // (TEST_CLOCK) is due again at once, rather than a whole interval after the jump.
    const finished = handler.recurring
      ? await finishRun(this.db, job, this.workerId, {
          state: 'pending',
          runAt: claimedAt + handler.recurring.everyMs,
          resetAttempts: true,
        })
      : await finishRun(this.db, job, this.workerId, { state: 'done', now: this.now() })
    if (!finished) this.lostLease(job)
    return true
  }

  private async afterFailure(job: ClaimedJob, handler: JobHandler<unknown>, error: string) {
    const now = this.now()
    const lastAttempt = job.attempts >= job.maxAttempts
    if (lastAttempt) this.log.error({ job: this.summary(job), error }, 'Job gave up')
    // A recurring job that gave up is not dropped: its next round comes as usual.
    const outcome =
      lastAttempt && handler.recurring
        ? ({
            state: 'pending',
            runAt: now + handler.recurring.everyMs,
            resetAttempts: true,
          } as const)
        : lastAttempt
          ? ({ state: 'failed', now } as const)
          : ({
              state: 'pending',
              runAt: nextAttemptAt(now, job.attempts, this.random, this.backoff),
              resetAttempts: false,
            } as const)
    if (!(await finishRun(this.db, job, this.workerId, { ...outcome, error }))) this.lostLease(job)
  }

  private handlerOf(type: string): JobHandler<unknown> {
    // Claims and recurring jobs only ever name types that have a handler.
    return this.handlers[type as keyof Payloads] as JobHandler<unknown>
  }

  /** Keeps one copy of each recurring job queued; the first round is due at once. */
  private async queueRecurring() {
    for (const type of this.types) {
      const { recurring } = this.handlerOf(type)
      if (recurring) {
        await ensureRecurring(this.db, { type, payload: recurring.payload, runAt: this.now() })
      }
    }
  }

  private lostLease(job: ClaimedJob) {
    // It ran longer than its lease and another worker took it over: that one records the result.
    this.log.warn({ job: this.summary(job), leaseMs: this.leaseMs }, 'Job outlived its lease')
  }

  private summary(job: ClaimedJob) {
    return { id: job.id, type: job.type, attempts: job.attempts }
  }

  private schedulePoll(delayMs: number) {
    this.timer = setTimeout(() => {
      this.timer = undefined
      this.poll = this.runDueJobs()
        .then(() => undefined)
        .catch((error: unknown) =>
          // Every connection busy is load, not a fault: the next poll tries again.
          error instanceof DatabaseBusy
            ? this.log.warn(
                { err: error },
                'Job runner poll skipped: every database connection busy',
              )
            : this.log.error({ err: error }, 'Job runner poll failed'),
        )
        .finally(() => {
          this.poll = undefined
          if (!this.stopped) this.schedulePoll(this.pollMs)
        })
    }, delayMs)
    // A forgotten runner must not keep the process alive.
    this.timer.unref()
  }
}
