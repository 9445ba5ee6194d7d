import http from 'node:http'
import path from 'node:path'
import { openDatabase } from '../server/db'
import {
  argValues,
  median,
  percentile,
  postBooking,
  startServer,
  type ServerProcess,
} from './server-process'

/**
 * Bookings over HTTP as many visitors make them: the server in its own process (embedded
 * database, or a fresh PostgreSQL database with `--db pg`), the client here. The targets are
 * every bookable consultation start the slots API offers over the whole horizon, one staff member
 * each and spaced so that none blocks another, so every request can succeed; one in ten requests
 * races another for the same time and staff member, and exactly one of each pair may win.
 * Afterwards the database is read back for overbookings (there must be none).
 *
 * Usage: tsx bench/booking-load.ts [--db pglite|pg|both] [--requests 1500] [--concurrency 32]
 *        [--warm-up 64] (requests sent first and not counted)
 *        [--root DIR] (another checkout's server, e.g. an older commit)
 */
const DB = argValues('db')[0] ?? 'both'
const REQUESTS = Number(argValues('requests')[0] ?? 1500)
const CONCURRENCY = Number(argValues('concurrency')[0] ?? 32)
const WARM_UP = Number(argValues('warm-up')[0] ?? 64)
const ROOT = path.resolve(argValues('root')[0] ?? path.join(__dirname, '..'))
const TIME_ZONE = 'Europe/Berlin'
const MINUTE = 60_000

interface Target {
  serviceId: number
  staffId: number
  start: string
}

interface SlotsPage {
  days: Record<string, { start: string; staffIds: number[] }[]>
  bookableUntil: string
}

function nextMonth(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number]
  return number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, '0')}`
}

/** Every start and staff member that can be booked without touching another target. */
async function findTargets(base: string): Promise<Target[]> {
  const json = async <T>(url: string) => (await (await fetch(`${base}${url}`)).json()) as T
  const service = await json<{ id: number; durationMinutes: number }>('/api/services/consultation')
  // Longer than any buffer the demo sets, so two targets of one staff member never meet.
  const spacing = (service.durationMinutes + 60) * MINUTE
  const lastStart = new Map<number, number>()
  const targets: Target[] = []
  let month = new Date().toISOString().slice(0, 7)
  for (let i = 0; i < 24; i++, month = nextMonth(month)) {
    const page = await json<SlotsPage>(
      `/api/services/${service.id}/slots?month=${month}&timeZone=${TIME_ZONE}`,
    )
    for (const slot of Object.values(page.days).flat()) {
      const start = Date.parse(slot.start)
      for (const staffId of slot.staffIds) {
        if (start - (lastStart.get(staffId) ?? -Infinity) < spacing) continue
        lastStart.set(staffId, start)
        targets.push({ serviceId: service.id, staffId, start: slot.start })
      }
    }
    if (month >= page.bookableUntil.slice(0, 7)) break
  }
  return targets
}

async function overbookings(server: ServerProcess): Promise<number> {
  const db = await openDatabase(server.database)
  try {
    const { rows } = await db.query<{ overbooked: number }>(
      `SELECT (SELECT count(*) FROM staff_sessions WHERE seats_taken > capacity)
            + (SELECT count(*) FROM staff_sessions a JOIN staff_sessions b
                 ON a.staff_id = b.staff_id AND a.id < b.id AND a.blocked && b.blocked
                WHERE a.seats_taken > 0 AND b.seats_taken > 0)
            + (SELECT count(*) FROM staff_sessions s
                WHERE s.seats_taken <> (SELECT COALESCE(sum(l.seats), 0) FROM booking_lines l
                                         WHERE l.session_id = s.id
                                           AND l.released_at IS NULL))::int AS overbooked`,
    )
    return Number(rows[0]?.overbooked)
  } finally {
    await db.close()
  }
}

async function run(db: 'pglite' | 'postgres') {
  const server = await startServer({ root: ROOT, db })
  try {
    const targets = await findTargets(server.base)
    // Every tenth request repeats the one before it: a race exactly one of the two must win.
    const plan: Target[] = []
    let fresh = 0
    for (let index = 0; index < REQUESTS; index++) {
      const previous = plan[index - 1]
      if (index % 10 === 9 && previous) plan.push(previous)
      else if (fresh < targets.length) plan.push(targets[fresh++] as Target)
    }
    const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY })
    const send = async (requests: { index: number; target: Target }[]) => {
      const outcomes = new Map<string, number>()
      const latencies: number[] = []
      let next = 0
      const started = performance.now()
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next < requests.length) {
            const { index, target } = requests[next++] as { index: number; target: Target }
            const sent = performance.now()
            const response = await postBooking(agent, server.base, {
              ...target,
              timeZone: TIME_ZONE,
              visitor: index,
              idempotencyKey: `bench-${index}-key`,
            })
            const body = JSON.parse(response.body.toString()) as { statusMessage?: string }
            latencies.push(performance.now() - sent)
            const key =
              response.status === 201 ? '201 booked' : `${response.status} ${body.statusMessage}`
            outcomes.set(key, (outcomes.get(key) ?? 0) + 1)
          }
        }),
      )
      return { outcomes, latencies, seconds: (performance.now() - started) / 1000 }
    }
    const requests = plan.map((target, index) => ({ index, target }))
    // A server's first requests load and compile the booking path's modules (tsx transpiles
    // them on first import): sent before the clock starts, or a short run measures the start.
    await send(requests.slice(0, WARM_UP))
    const { outcomes, latencies, seconds } = await send(requests.slice(WARM_UP))
    agent.destroy()
    await server.stop()
    const booked = outcomes.get('201 booked') ?? 0
    const measured = plan.length - WARM_UP
    console.log(
      `${db}: ${measured} requests over ${new Set(plan.slice(WARM_UP)).size} distinct slots (${targets.length} available, ${WARM_UP} more to warm up), ${CONCURRENCY} concurrent`,
    )
    for (const [outcome, count] of [...outcomes].sort()) console.log(`  ${count} × ${outcome}`)
    console.log(
      `  ${(booked / seconds).toFixed(1)} bookings/s, ${(measured / seconds).toFixed(1)} requests/s over ${seconds.toFixed(2)} s; latency median ${median(latencies).toFixed(1)} ms, p95 ${percentile(latencies, 0.95).toFixed(1)} ms`,
    )
    console.log(`  overbookings: ${await overbookings(server)}`)
  } finally {
    await server.dispose()
  }
}

async function main() {
  if (DB === 'pglite' || DB === 'both') await run('pglite')
  if (DB === 'pg' || DB === 'both') await run('postgres')
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
