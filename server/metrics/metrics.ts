import { Counter, Gauge, Histogram, Registry } from 'prom-client'
import type { FastifyInstance } from 'fastify'
import type { SiteBuildStatus } from '../../src/lib/admin/status-types'
import type { Database } from '../db'
import type { LastSiteBuild } from '../site/rebuild-queue'

/** What the site's builds say of themselves (server/site/rebuild-queue.ts, or a deployed site). */
export interface SiteBuilds {
  status(): SiteBuildStatus
  lastBuild(): LastSiteBuild | undefined
}

const SITE_STATES: SiteBuildStatus['state'][] = [
  'current',
  'queued',
  'building',
  'failed',
  'deploy',
]

/** Where a visitor's booking request ended, read from its answer. */
function bookingOutcome(status: number, replayed: boolean): string {
  if (replayed) return 'replayed'
  if (status < 300) return 'booked'
  if (status === 400) return 'invalid'
  if (status === 429) return 'rate_limited'
  if (status === 503) return 'busy'
  return status < 500 ? 'refused' : 'failed'
}

/**
 * The process's metrics in Prometheus's text format: HTTP latency per route, visitors' bookings
 * by outcome, the slot cache's hits, and, read from the database at each scrape (so every process
 * of a deployment tells the same), the job queue, failed mails and webhook deliveries; the
 * database pool's waiting statements and the site's builds.
 */
export function createMetrics({
  db,
  site,
  now,
}: {
  db: Database
  site: SiteBuilds
  /** The app's clock, which decides when a job is due. */
  now: () => number
}) {
  const registry = new Registry()
  const registers = [registry]
  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an API request, by route pattern, method and status code',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers,
  })
  const bookings = new Counter({
    name: 'bookings_total',
    help: "Visitors' booking requests (POST /api/bookings) by outcome",
    labelNames: ['outcome'],
    registers,
  })
  const slotCaches: { stats: { hits: number; misses: number } }[] = []
  new Counter({
    name: 'slot_cache_requests_total',
    help: 'Months of slots asked for, answered from the cache (hit) or computed (miss)',
    labelNames: ['result'],
    registers,
    collect() {
      this.reset()
      const sum = (field: 'hits' | 'misses') =>
        slotCaches.reduce((total, cache) => total + cache.stats[field], 0)
      this.inc({ result: 'hit' }, sum('hits'))
      this.inc({ result: 'miss' }, sum('misses'))
    },
  })
  new Gauge({
    name: 'jobs_due',
    help: 'Jobs due to run now and not yet taken (mail, webhooks, calendar syncs, holds)',
    registers,
    async collect() {
      const { rows } = await db.query<{ due: number; oldest: number | null }>(
        `SELECT count(*)::int AS due,
                extract(epoch FROM $1::timestamptz - min(run_at))::float8 AS oldest
           FROM jobs WHERE state = 'pending' AND run_at <= $1`,
        [new Date(now())],
      )
      this.set(rows[0]?.due ?? 0)
      oldestJob.set(rows[0]?.oldest ?? 0)
    },
  })
  const oldestJob = new Gauge({
    name: 'jobs_oldest_due_seconds',
    help: 'How long the longest-waiting due job has waited (0 when none waits)',
    registers,
  })
  /** How many rows of an outbox table failed for good, read at the scrape. */
  const failedRows = (name: string, help: string, table: 'mail_messages' | 'webhook_deliveries') =>
    new Gauge({
      name,
      help,
      registers,
      async collect() {
        const { rows } = await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM ${table} WHERE state = 'failed'`,
        )
        this.set(rows[0]?.n ?? 0)
      },
    })
  failedRows(
    'mail_messages_failed',
    'E-mails that failed for good (every attempt used)',
    'mail_messages',
  )
  failedRows(
    'webhook_deliveries_failed',
    'Webhook deliveries that failed for good (refused, or every attempt used)',
    'webhook_deliveries',
  )
  new Gauge({
    name: 'database_pool_waiting',
    help: 'Statements waiting for a free database connection (PostgreSQL; 0 for the embedded one)',
    registers,
    collect() {
      this.set(db.poolStats?.().waiting ?? 0)
    },
  })
  new Gauge({
    name: 'site_build_state',
    help: 'The site build state: 1 for the current one',
    labelNames: ['state'],
    registers,
    collect() {
      const { state } = site.status()
      for (const each of SITE_STATES) this.set({ state: each }, each === state ? 1 : 0)
    },
  })
  new Gauge({
    name: 'site_build_last_duration_seconds',
    help: 'How long the last site build that ended took (released or failed)',
    labelNames: ['result'],
    registers,
    collect() {
      this.reset()
      const last = site.lastBuild()
      if (last) this.set({ result: last.ok ? 'released' : 'failed' }, last.seconds)
    },
  })

  return {
    registry,
    /** Counts a slot cache's hits and misses from now on. */
    watchSlotCache(cache: { stats: { hits: number; misses: number } }) {
      slotCaches.push(cache)
    },
    /** Times every answer under /api, and counts visitors' bookings. */
    observe(app: FastifyInstance) {
      app.addHook('onResponse', async (request, reply) => {
        const route = request.routeOptions.url
        if (!route?.startsWith('/api/')) return
        const status = reply.statusCode
        httpDuration.observe(
          { method: request.method, route, status_code: String(status) },
          reply.elapsedTime / 1000,
        )
        if (route === '/api/bookings' && request.method === 'POST') {
          bookings.inc({
            outcome: bookingOutcome(status, reply.getHeader('idempotent-replayed') === 'true'),
          })
        }
      })
    },
  }
}

export type Metrics = ReturnType<typeof createMetrics>
