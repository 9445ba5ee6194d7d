import type { Queryable } from '../db'
import type { JobPayloads, NewJob } from './types'

const iso = (epochMs: number) => new Date(epochMs).toISOString()

/**
 * Queues a job; pass the command's transaction to queue it exactly when the command commits.
 * Returns the new job's id, or null when a job with the same dedupe key is already pending or
 * running. Without `runAt` the job is due at the database's now.
 */
export async function enqueue<Payloads = JobPayloads>(
  db: Queryable,
  job: NewJob<Payloads>,
): Promise<number | null> {
  const [id] = await enqueueAll(db, [job])
  return id ?? null
}

/**
 * Queues several jobs in one statement, so a transaction that causes many pays one round trip:
 * returns the ids of the new ones, without those whose dedupe key is already pending or running.
 */
export async function enqueueAll<Payloads = JobPayloads>(
  db: Queryable,
  jobs: NewJob<Payloads>[],
): Promise<number[]> {
  if (jobs.length === 0) return []
  // One JSON parameter rather than arrays: PGlite and pg pass a JSON text the same way.
  const rows = JSON.stringify(
    jobs.map((job) => ({
      type: job.type,
      payload: job.payload,
      run_at: job.runAt === undefined ? null : iso(job.runAt),
      dedupe_key: job.dedupeKey ?? null,
      max_attempts: job.maxAttempts ?? 5,
    })),
  )
  const result = await db.query<{ id: number }>(
    `INSERT INTO jobs (type, payload, run_at, dedupe_key, max_attempts)
     SELECT j.type, j.payload, COALESCE(j.run_at, now()), j.dedupe_key, j.max_attempts
       FROM jsonb_to_recordset($1::jsonb)
         AS j(type text, payload jsonb, run_at timestamptz, dedupe_key text, max_attempts integer)
     ON CONFLICT (dedupe_key) WHERE state IN ('pending', 'running') DO NOTHING
     RETURNING id`,
    [rows],
  )
  return result.rows.map((row) => Number(row.id))
}

/** Queues the one copy of a recurring job unless one is pending or running already. */
export async function ensureRecurring(
  db: Queryable,
  job: { type: string; payload: unknown; runAt: number },
): Promise<void> {
  const dedupeKey = recurringKey(job.type)
  // Checked first so the usual case (already queued) does not spend an identity value.
  const { rows } = await db.query(
    `SELECT 1 FROM jobs WHERE dedupe_key = $1 AND state IN ('pending', 'running')`,
    [dedupeKey],
  )
  if (rows.length > 0) return
  await enqueue<Record<string, unknown>>(db, { ...job, dedupeKey })
}

export const recurringKey = (type: string) => `recurring:${type}`

export interface ClaimedJob {
  id: number
  type: string
  payload: unknown
  attempts: number
  maxAttempts: number
  dedupeKey: string | null
}

/**
 * Takes the oldest due job of the given types for `workerId` until `now + leaseMs`: a pending
 * job whose time has come, or a running one whose worker's lease ran out (the worker died or
 * hung). SKIP LOCKED lets several processes claim at once without waiting on each other.
 */
export async function claimNext(
  db: Queryable,
  claim: { types: string[]; workerId: string; now: number; leaseMs: number },
): Promise<ClaimedJob | undefined> {
  const { rows } = await db.query<ClaimedJob>(
    `UPDATE jobs
        SET state = 'running', attempts = attempts + 1, locked_by = $2,
            locked_until = $3::timestamptz + $4 * interval '1 millisecond'
      WHERE id = (
        SELECT id FROM jobs
         WHERE type = ANY($1::text[])
           AND ((state = 'pending' AND run_at <= $3::timestamptz)
             OR (state = 'running' AND locked_until <= $3::timestamptz))
         ORDER BY run_at, id
         LIMIT 1
           FOR UPDATE SKIP LOCKED)
      RETURNING id, type, payload, attempts, max_attempts AS "maxAttempts",
                dedupe_key AS "dedupeKey"`,
    [claim.types, claim.workerId, iso(claim.now), claim.leaseMs],
  )
  return rows[0] && { ...rows[0], id: Number(rows[0].id) }
}

/**
 * Ends one run of a job: done, failed for good, or back to pending at `runAt` (a retry, or the
 * next round of a recurring job, which starts again with no attempts). Only the worker still
 * holding the lease may do so; returns false when another worker took the job over meanwhile.
 */
export async function finishRun(
  db: Queryable,
  job: ClaimedJob,
  workerId: string,
  outcome:
    | { state: 'done' | 'failed'; now: number; error?: string }
    | { state: 'pending'; runAt: number; resetAttempts: boolean; error?: string },
): Promise<boolean> {
  const finished = outcome.state !== 'pending'
  const { affectedRows } = await db.query(
    `UPDATE jobs
        SET state = $4, locked_by = NULL, locked_until = NULL, last_error = $5,
            run_at = COALESCE($6::timestamptz, run_at),
            attempts = CASE WHEN $7 THEN 0 ELSE attempts END,
            finished_at = $8::timestamptz
      WHERE id = $1 AND state = 'running' AND locked_by = $2 AND attempts = $3`,
    [
      job.id,
      workerId,
      job.attempts,
      outcome.state,
      outcome.error ?? null,
      finished ? null : iso(outcome.runAt),
      !finished && outcome.resetAttempts,
      finished ? iso(outcome.now) : null,
    ],
  )
  return affectedRows === 1
}

/**
 * How long finished jobs are kept: done ones for a week (what ran recently), failed ones for a
 * month (what an operator may still be looking into).
 */
export const DONE_JOB_RETENTION_MS = 7 * 24 * 60 * 60_000
export const FAILED_JOB_RETENTION_MS = 30 * 24 * 60 * 60_000

/** Deletes up to `limit` finished jobs past their retention; how many it deleted. */
export async function pruneFinishedJobs(db: Queryable, now: number, limit: number) {
  const { affectedRows } = await db.query(
    `DELETE FROM jobs WHERE id IN (
       SELECT id FROM jobs
        WHERE (state = 'done' AND finished_at < $1::timestamptz)
           OR (state = 'failed' AND finished_at < $2::timestamptz)
        LIMIT $3)`,
    [iso(now - DONE_JOB_RETENTION_MS), iso(now - FAILED_JOB_RETENTION_MS), limit],
  )
  return affectedRows
}
