import { spawn } from 'node:child_process'
import http from 'node:http'
import path from 'node:path'
import {
  argValues,
  drive,
  type Driven,
  getCounting,
  median,
  percentile,
  postBooking,
  request,
  startServer,
} from './server-process'

/**
 * A month of slots that no cache can have answered, over HTTP, against a Fastify hello-world.
 *
 * What a real visitor causes: every request asks a combination of month × visitor zone × party
 * (service, staff member or anyone, seats) that no request of the run asked before, so neither
 * the slot cache nor anything kept per URL can answer it; the server must compute the month (from
 * whatever it keeps per availability revision). The combinations are shuffled the same way in
 * every run and each server starts on a fresh database, so each checkout gets the same sequence.
 *
 * The anchor, in the same run: a Fastify hello-world in its own process (the same Node, the same
 * keep-alive client and concurrency), run just before each product run. Printed: requests/s of
 * each and the ratio 1:N (N times slower than hello-world) per pair, and their median. Then the latency of the first month asked after a booking: a
 * consultation is booked, and the month it lies in is asked at once (what the next visitor waits).
 *
 * Usage: tsx bench/slots-uncomputed.ts [--db pglite|postgres|both] [--seconds 10] [--rounds 2]
 *        [--concurrency 8] [--bookings 15] [--root DIR ...]
 * Each --root is another checkout (say, an older commit) measured in the same run, alternately
 * with this one. PostgreSQL: BENCH_DATABASE_URL, else postgres://postgres:postgres@127.0.0.1:5432/test.
 */
const SECONDS = Number(argValues('seconds')[0] ?? 10)
const CONCURRENCY = Number(argValues('concurrency')[0] ?? 8)
const ROUNDS = Number(argValues('rounds')[0] ?? 2)
const BOOKINGS = Number(argValues('bookings')[0] ?? 15)
const DB = argValues('db')[0] ?? 'both'
const DBS = (DB === 'both' ? ['pglite', 'postgres'] : [DB]) as ('pglite' | 'postgres')[]
const WARM_UP = 40
const BOOKING_ZONE = 'Europe/Berlin'
const roots = [
  path.resolve(__dirname, '..'),
  ...argValues('root').map((root) => path.resolve(root)),
]

/** Requests on `urls` in turn (each asked once) from CONCURRENCY keep-alive connections. */
const hammer = (urls: () => string) => drive({ urls, seconds: SECONDS, concurrency: CONCURRENCY })

/** Fastify's hello-world from `root`'s node_modules, in a process of its own. */
async function helloWorld(root: string): Promise<Driven> {
  const child = spawn(
    process.execPath,
    [
      '-e',
      `const app = require('fastify')()
       app.get('/', async () => ({ hello: 'world' }))
       app.listen({ port: 0, host: '127.0.0.1' }).then((address) => console.log(address))`,
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  )
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  try {
    const base = await new Promise<string>((resolve, reject) => {
      child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()))
      child.once('exit', (code) => reject(new Error(`hello-world exited with code ${code}`)))
    })
    return await drive({
      urls: () => `${base}/`,
      seconds: SECONDS,
      concurrency: CONCURRENCY,
      warmUp: 200,
    })
  } finally {
    child.kill('SIGTERM')
    await exited
  }
}

interface Catalog {
  services: {
    id: number
    slug: string
    seatsPerSlot: number
    maxSlotsPerBooking: number
  }[]
  staff: { id: number; serviceIds: number[] }[]
}

interface MonthPage {
  days: Record<string, { start: string; staffIds: number[] }[]>
  bookableUntil: string
}

const json = async <T>(url: string) => (await (await fetch(url)).json()) as T

function nextMonth(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number]
  return number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, '0')}`
}

/** A fixed shuffle (xorshift), so every server of the run is asked the same sequence. */
function shuffled<T>(items: T[]): T[] {
  let seed = 0x2545f491
  const random = () => {
    seed ^= seed << 13
    seed ^= seed >>> 17
    seed ^= seed << 5
    return (seed >>> 0) / 2 ** 32
  }
  const copy = [...items]
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[copy[i], copy[j]] = [copy[j] as T, copy[i] as T]
  }
  return copy
}

/**
 * Every month × zone × party of the demo's services whose month lies in the bookable window. The
 * months are found with UTC, which the list then leaves out (its answers are cached).
 */
async function combinations(base: string): Promise<string[]> {
  const catalog = await json<Catalog>(`${base}/api/providers/harbor-physio`)
  const zones = Intl.supportedValuesOf('timeZone').filter((zone) => zone !== 'UTC')
  const thisMonth = new Date().toISOString().slice(0, 7)
  const urls: string[] = []
  for (const service of catalog.services) {
    const page = await json<MonthPage>(
      `${base}/api/services/${service.id}/slots?month=${thisMonth}&timeZone=UTC`,
    )
    const months: string[] = []
    for (let month = thisMonth; month <= page.bookableUntil.slice(0, 7); month = nextMonth(month))
      months.push(month)
    const staff = [
      '',
      ...catalog.staff
        .filter((member) => member.serviceIds.includes(service.id))
        .map((member) => `&staffId=${member.id}`),
    ]
    const seats = Array.from(
      { length: Math.min(service.seatsPerSlot, service.maxSlotsPerBooking, 4) },
      (_, index) => (index === 0 ? '' : `&seats=${index + 1}`),
    )
    for (const month of months)
      for (const zone of zones)
        for (const member of staff)
          for (const seat of seats)
            urls.push(
              `/api/services/${service.id}/slots?month=${month}&timeZone=${encodeURIComponent(zone)}${member}${seat}`,
            )
  }
  return shuffled(urls)
}

/** Books consultations one at a time, asking their month right after each: its latency. */
async function afterBooking(base: string): Promise<number[]> {
  const catalog = await json<Catalog>(`${base}/api/providers/harbor-physio`)
  const service = catalog.services.find((s) => s.slug === 'consultation') as Catalog['services'][0]
  const next = await json<{ slot: { start: string } }>(
    `${base}/api/services/${service.id}/next-available?timeZone=${BOOKING_ZONE}`,
  )
  const month = next.slot.start.slice(0, 7)
  const url = `${base}/api/services/${service.id}/slots?month=${month}&timeZone=${BOOKING_ZONE}`
  const agent = new http.Agent({ keepAlive: true })
  const latencies: number[] = []
  try {
    for (let i = 0; i < BOOKINGS; i++) {
      const page = JSON.parse((await request(agent, url)).body.toString()) as MonthPage
      // The latest start of the month, so the bookings do not eat the month from its front.
      const slot = Object.values(page.days).flat().at(-1)
      if (!slot) break
      const booked = await postBooking(agent, base, {
        serviceId: service.id,
        staffId: slot.staffIds[0],
        start: slot.start,
        timeZone: BOOKING_ZONE,
        visitor: i,
      })
      if (booked.status !== 201) throw new Error(`booking answered ${booked.status}`)
      const sent = performance.now()
      const response = await getCounting(agent, url)
      latencies.push(performance.now() - sent)
      if (response.status !== 200)
        throw new Error(`month after booking answered ${response.status}`)
    }
  } finally {
    agent.destroy()
  }
  return latencies
}

interface Run {
  throughput: Driven
  afterBooking: number[]
  combinations: number
}

async function measureProduct(root: string, db: 'pglite' | 'postgres'): Promise<Run> {
  const server = await startServer({ root, db })
  try {
    const all = await combinations(server.base)
    // Warm-up on combinations the measurement does not ask again: compilation, connections.
    const agent = new http.Agent({ keepAlive: true })
    for (const url of all.slice(0, WARM_UP)) await getCounting(agent, `${server.base}${url}`)
    agent.destroy()
    let next = WARM_UP
    const throughput = await hammer(() => {
      const url = all[next++]
      if (!url)
        throw new Error(`only ${all.length} distinct combinations: raise them or lower --seconds`)
      return `${server.base}${url}`
    })
    return { throughput, afterBooking: await afterBooking(server.base), combinations: all.length }
  } finally {
    await server.dispose()
  }
}

const rate = (run: Driven) => run.requests / run.seconds

async function main() {
  // Each product run is paired with a hello-world run just before it: the ratio of the pair holds
  // on a machine whose load changes during the bench.
  const runs = new Map<string, { hello: Driven; product: Run }[]>()
  for (let round = 0; round < ROUNDS; round++) {
    for (const db of DBS) {
      for (const root of roots) {
        const key = `${db} ${path.basename(root)}`
        const hello = await helloWorld(roots[0] as string)
        const product = await measureProduct(root, db)
        runs.set(key, [...(runs.get(key) ?? []), { hello, product }])
      }
    }
  }
  console.log(
    `An uncomputed month of slots over HTTP, ${CONCURRENCY} concurrent, ${SECONDS} s × ${ROUNDS} rounds`,
  )
  for (const [key, pairs] of runs) {
    const hello = pairs.map((pair) => rate(pair.hello))
    const perSecond = pairs.map((pair) => rate(pair.product.throughput))
    const ratios = pairs.map((pair) => rate(pair.hello) / rate(pair.product.throughput))
    const latencies = pairs.flatMap((pair) => pair.product.throughput.latencies)
    const after = pairs.flatMap((pair) => pair.product.afterBooking)
    console.log(
      `${key.padEnd(20)} ${median(perSecond).toFixed(1).padStart(7)} requests/s (rounds: ${perSecond.map((n) => n.toFixed(1)).join(', ')}), latency median ${median(latencies).toFixed(1)} ms, p95 ${percentile(latencies, 0.95).toFixed(1)} ms; ${pairs[0]?.product.combinations ?? 0} combinations`,
    )
    console.log(
      `${''.padEnd(20)} hello-world beside it ${hello.map((n) => n.toFixed(0)).join(', ')} requests/s: 1:${median(ratios).toFixed(1)} (rounds: ${ratios.map((n) => `1:${n.toFixed(1)}`).join(', ')})`,
    )
    console.log(
      `${''.padEnd(20)} first month after a booking: median ${median(after).toFixed(1)} ms, p95 ${percentile(after, 0.95).toFixed(1)} ms (${after.length} bookings)`,
    )
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
