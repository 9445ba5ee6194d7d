import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit'
import type { FastifyInstance } from 'fastify'
import type { Queryable } from './db'
import { HttpError } from './errors'

/** How often one client may call the limited routes, counted in the database. */
export interface RateLimits {
  perMinute: number
  db: Queryable
  now: () => number
}

type Callback = Parameters<FastifyRateLimitStore['incr']>[1]

/**
 * Counts requests in the `rate_limits` table, so that every API process on one database shares
 * each client's count: with counters in memory, N processes behind a proxy would allow N times the
 * limit. One upsert per limited request, which opens a new window once the last one is over.
 */
function sharedStore({ db, now }: RateLimits, scope: string) {
  return class SharedRateLimitStore implements FastifyRateLimitStore {
    // The plugin constructs the store with its options, which the database has no use for.
    constructor(
      _options?: unknown,
      private readonly prefix = `${scope}:`,
    ) {}

    incr(key: string, callback: Callback, timeWindow?: number) {
      countHit({ db, now }, this.prefix + key, timeWindow ?? 60_000).then(
        (hit) => callback(null, hit),
        (error: Error) => callback(error),
      )
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]) {
      // The plugin passes its merged options, which name the route they were made for.
      const route = (routeOptions as { routeInfo?: { method?: unknown; url?: string } }).routeInfo
      return new SharedRateLimitStore(
        undefined,
        `${this.prefix}${String(route?.method ?? '')}${route?.url ?? ''}:`,
      )
    }
  }
}

/**
 * Counts one hit of `key` in its window (a new window once the last one is over): how many hits
 * the window has now, and in how many milliseconds it ends. One upsert.
 */
export async function countHit(
  { db, now }: Pick<RateLimits, 'db' | 'now'>,
  key: string,
  windowMs: number,
): Promise<{ current: number; ttl: number }> {
  const at = now()
  const { rows } = await db.query<{ hits: number; resetsAt: number }>(
    `INSERT INTO rate_limits AS r (key, hits, resets_at)
     VALUES ($1, 1, $2::timestamptz + $3 * interval '1 millisecond')
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN r.resets_at <= $2::timestamptz THEN 1 ELSE r.hits + 1 END,
       resets_at = CASE WHEN r.resets_at <= $2::timestamptz
                        THEN EXCLUDED.resets_at ELSE r.resets_at END
     RETURNING hits, (extract(epoch FROM resets_at) * 1000)::float8 AS "resetsAt"`,
    [key, new Date(at).toISOString(), windowMs],
  )
  return {
    current: Number(rows[0]!.hits),
    ttl: Math.max(0, Math.round(rows[0]!.resetsAt - at)),
  }
}

/**
 * The hits `key` has in its window, counting none (0 before the first or once the window is
 * over), and in how many milliseconds that window ends: for limits that count only some outcomes
 * (a failed sign-in) but are checked before every attempt.
 */
export async function readHits(
  { db, now }: Pick<RateLimits, 'db' | 'now'>,
  key: string,
): Promise<{ current: number; ttl: number }> {
  const at = now()
  const { rows } = await db.query<{ hits: number; resetsAt: number }>(
    `SELECT hits, (extract(epoch FROM resets_at) * 1000)::float8 AS "resetsAt"
       FROM rate_limits WHERE key = $1 AND resets_at > $2::timestamptz`,
    [key, new Date(at).toISOString()],
  )
  const row = rows[0]
  return row
    ? { current: Number(row.hits), ttl: Math.max(0, Math.round(row.resetsAt - at)) }
    : { current: 0, ttl: 0 }
}

/** Deletes up to `batch` counters whose window ended before `now`; how many it deleted. */
export async function pruneRateLimits(db: Queryable, now: number, batch: number) {
  const { rows } = await db.query(
    `DELETE FROM rate_limits WHERE key IN (
       SELECT key FROM rate_limits WHERE resets_at <= $1::timestamptz LIMIT $2)
     RETURNING 1`,
    [new Date(now).toISOString(), batch],
  )
  return rows.length
}

/**
 * Limits, in this scope, how often one client may call the routes that opt in with
 * `config: { rateLimit: … }` (or run `app.rateLimit()` where a handler checks a secret). Beyond
 * the limit: 429 with the error object, naming what was asked for too often. `what` also keeps
 * the scope's counters apart from other scopes'.
 */
export async function limitPerClient(app: FastifyInstance, limits: RateLimits, what: string) {
  await app.register(rateLimit, {
    global: false,
    max: limits.perMinute,
    timeWindow: '1 minute',
    store: sharedStore(limits, what),
    // An Error, not a plain object, so that it reaches the app's error handler.
    errorResponseBuilder: (_request, context) => tooManyRequests(what, context.ttl),
  })
}

/** The 429 of every limit: what was asked for too often, and when to try again. */
export const tooManyRequests = (what: string, ttlMs: number) =>
  new HttpError(
    429,
    'Too Many Requests',
    `Too many ${what} requests. Please try again in ${Math.ceil(ttlMs / 1000)} seconds.`,
    undefined,
    'rate_limited',
  )
