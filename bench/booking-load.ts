import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { buildApp } from '../server/app'
import { readConfig } from '../server/config'

/**
 * Starts the real server on an embedded database (a fresh temporary data directory) with the demo
 * setup, drives concurrent bookings over HTTP at a few slots, prints bookings per second, then as
 * its last line `overbookings: N`, counted from the database afterwards (it must be 0).
 * Usage: tsx bench/booking-load.ts [requests=400] [concurrency=40]
 */
const REQUESTS = Number(process.argv[2] ?? 400)
const CONCURRENCY = Number(process.argv[3] ?? 40)

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-booking-'))
  const config = {
    ...readConfig(),
    port: 0,
    dataDir,
    databaseUrl: undefined,
    logLevel: 'warn',
    rateLimitPerMinute: 1_000_000,
  }
  const app = await buildApp({ config, seedDemo: true, logger: false })
  const base = await app.listen({ host: '127.0.0.1', port: 0 })
  const get = async (url: string) => (await fetch(`${base}${url}`)).json()

  // A few slots to fight over: the first free consultation and class starts.
  const targets: { serviceId: number; start: string }[] = []
  for (const slug of ['consultation', 'pilates-class']) {
    const service = await get(`/api/services/${slug}`)
    const first = await get(`/api/services/${service.id}/next-available?timeZone=Europe/Berlin`)
    const month = first.slot.start.slice(0, 7)
    const slots = await get(
      `/api/services/${service.id}/slots?month=${month}&timeZone=Europe/Berlin`,
    )
    const starts = Object.values(slots.days as Record<string, { start: string }[]>)
      .flat()
      .slice(0, 3)
    for (const slot of starts) targets.push({ serviceId: service.id, start: slot.start })
  }

  const outcomes = new Map<string, number>()
  let next = 0
  const started = performance.now()
  const worker = async () => {
    while (next < REQUESTS) {
      const index = next++
      const target = targets[index % targets.length]!
      const response = await fetch(`${base}/api/bookings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': `bench-${index}-key` },
        body: JSON.stringify({
          lines: [{ serviceId: target.serviceId, staffId: null, guestIndex: 0 }],
          start: target.start,
          timeZone: 'Europe/Berlin',
          contact: {
            firstName: 'Load',
            lastName: `Tester ${index}`,
            email: `load${index}@example.com`,
            phone: '+49 30 901820',
          },
        }),
      })
      const body = await response.json()
      const key =
        response.status === 201 ? '201 booked' : `${response.status} ${body.statusMessage}`
      outcomes.set(key, (outcomes.get(key) ?? 0) + 1)
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker))
  const seconds = (performance.now() - started) / 1000

  const { rows } = await app.db.query<{ overbooked: number }>(
    `SELECT (SELECT count(*) FROM staff_sessions WHERE seats_taken > capacity)
          + (SELECT count(*) FROM staff_sessions a JOIN staff_sessions b
               ON a.staff_id = b.staff_id AND a.id < b.id AND a.blocked && b.blocked
              WHERE a.seats_taken > 0 AND b.seats_taken > 0)
          + (SELECT count(*) FROM staff_sessions s
              WHERE s.seats_taken <> (SELECT COALESCE(sum(l.seats), 0) FROM booking_lines l
                                       WHERE l.session_id = s.id
                                         AND l.released_at IS NULL)) AS overbooked`,
  )
  await app.close()
  fs.rmSync(dataDir, { recursive: true, force: true })

  console.log(`${REQUESTS} booking requests, ${CONCURRENCY} concurrent, ${targets.length} slots`)
  for (const [outcome, count] of [...outcomes].sort()) console.log(`  ${count} × ${outcome}`)
  console.log(`${(REQUESTS / seconds).toFixed(1)} requests/s over ${seconds.toFixed(2)} s`)
  console.log(`${((outcomes.get('201 booked') ?? 0) / seconds).toFixed(1)} bookings/s`)
  console.log(`overbookings: ${rows[0]?.overbooked ?? 'unknown'}`)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
