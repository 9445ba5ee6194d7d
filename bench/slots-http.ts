import path from 'node:path'
import { argValues, drive, type Driven, median, percentile, startServer } from './server-process'

/**
 * A month of slots over HTTP, as the widget asks for it: the server in its own process on the
 * demo data (embedded database), the client here with keep-alive connections and a browser's
 * Accept-Encoding. Prints requests/s, latency and bytes on the wire per response.
 *
 * Usage: tsx bench/slots-http.ts [--root DIR ...] [--seconds 10] [--concurrency 8]
 * Each --root is another checkout (say, a worktree of an older commit) measured in the same run,
 * alternately with this one, so the ratio holds on a noisy machine.
 */
const SECONDS = Number(argValues('seconds')[0] ?? 10)
const CONCURRENCY = Number(argValues('concurrency')[0] ?? 8)
const ROUNDS = Number(argValues('rounds')[0] ?? 2)
const roots = [
  path.resolve(__dirname, '..'),
  ...argValues('root').map((root) => path.resolve(root)),
]

async function measure(base: string): Promise<Driven> {
  const json = async (url: string) => (await fetch(`${base}${url}`)).json()
  const service = (await json('/api/services/consultation')) as { id: number }
  const first = (await json(
    `/api/services/${service.id}/next-available?timeZone=Europe/Berlin`,
  )) as { slot: { start: string } }
  // The month after the first free slot: a whole month of the demo's hours (about 59 KB of JSON).
  const [year, monthNumber] = first.slot.start.slice(0, 7).split('-').map(Number) as [
    number,
    number,
  ]
  const month =
    monthNumber === 12 ? `${year + 1}-01` : `${year}-${String(monthNumber + 1).padStart(2, '0')}`
  const url = `${base}/api/services/${service.id}/slots?month=${month}&timeZone=Europe/Berlin`
  return drive({ urls: () => url, seconds: SECONDS, concurrency: CONCURRENCY, warmUp: 20 })
}

async function main() {
  const results = new Map<string, Driven[]>(roots.map((root) => [root, []]))
  for (let round = 0; round < ROUNDS; round++) {
    for (const root of roots) {
      const server = await startServer({ root, db: 'pglite' })
      try {
        results.get(root)?.push(await measure(server.base))
      } finally {
        await server.dispose()
      }
    }
  }
  console.log(
    `A month of slots over HTTP, ${CONCURRENCY} concurrent, ${SECONDS} s × ${ROUNDS} rounds`,
  )
  for (const [root, runs] of results) {
    const perSecond = runs.map((run) => run.requests / run.seconds)
    const latencies = runs.flatMap((run) => run.latencies)
    console.log(
      `${path.basename(root).padEnd(12)} ${median(perSecond).toFixed(1).padStart(7)} requests/s (rounds: ${perSecond.map((n) => n.toFixed(1)).join(', ')}), latency median ${median(latencies).toFixed(1)} ms, p95 ${percentile(latencies, 0.95).toFixed(1)} ms, ${runs[0]?.bytes ?? 0} bytes per response`,
    )
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
