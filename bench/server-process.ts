import { spawn, type ChildProcess } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import pg from 'pg'

/**
 * The API server as a benchmark must see it: its own process (`server/main.ts` of any checkout,
 * so an older commit can be measured in the same run), a fresh embedded database or a fresh
 * PostgreSQL database, the demo data, rate limits out of the way and request logging off.
 */
export interface ServerProcess {
  base: string
  /** Where the server kept its data, to read back once it has stopped. */
  database: { dataDir: string; databaseUrl?: string }
  /** Stops the server (and keeps its data until `dispose`). */
  stop(): Promise<void>
  /** Removes the data directory or drops the database. */
  dispose(): Promise<void>
}

export const POSTGRES_URL =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/test'

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

async function adminQuery(sql: string) {
  const client = new pg.Client({ connectionString: POSTGRES_URL })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

async function waitForHealth(base: string, child: ChildProcess) {
  const deadline = Date.now() + 300_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`)
    const ok = await fetch(`${base}/api/health`)
      .then((response) => response.status < 500)
      .catch(() => false)
    if (ok) return
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`server at ${base} did not answer within 300 s`)
}

export async function startServer(options: {
  root: string
  db: 'pglite' | 'postgres'
  /** A built site to serve; none by default. */
  publicDir?: string
}): Promise<ServerProcess> {
  const port = await freePort()
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-server-'))
  let databaseUrl: string | undefined
  if (options.db === 'postgres') {
    const name = `bench_${crypto.randomBytes(4).toString('hex')}`
    await adminQuery(`CREATE DATABASE ${name}`)
    const url = new URL(POSTGRES_URL)
    url.pathname = `/${name}`
    databaseUrl = url.toString()
  }
  // BENCH_CPU_PROF=dir: the server writes a CPU profile there when it stops.
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : []
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'server/main.ts'], {
    cwd: options.root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000000',
      PUBLIC_DIR: options.publicDir ?? path.join(dataDir, 'no-site'),
    },
  })
  const base = `http://127.0.0.1:${port}`
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM')
    await exited
  }
  try {
    await waitForHealth(base, child)
  } catch (error) {
    await stop()
    throw error
  }
  return {
    base,
    database: { dataDir, ...(databaseUrl ? { databaseUrl } : {}) },
    stop,
    async dispose() {
      await stop()
      fs.rmSync(dataDir, { recursive: true, force: true })
      if (databaseUrl) {
        await adminQuery(`DROP DATABASE IF EXISTS ${new URL(databaseUrl).pathname.slice(1)}`)
      }
    },
  }
}

/** `--name value` options of a bench's command line; repeated names give several values. */
export function argValues(name: string): string[] {
  const values: string[] = []
  process.argv.forEach((arg, index) => {
    if (arg === `--${name}` && process.argv[index + 1])
      values.push(process.argv[index + 1] as string)
  })
  return values
}

export const median = (values: number[]) => percentile(values, 0.5)

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN
}

/**
 * A GET on a keep-alive agent that only counts the bytes on the wire (a browser's
 * Accept-Encoding, nothing decoded): the cheapest client, for throughput runs. `headers`
 * replace the default ones.
 */
export function getCounting(
  agent: http.Agent,
  url: string,
  headers: Record<string, string> = {
    'accept-encoding': 'gzip, deflate, br, zstd',
    accept: 'application/json',
  },
): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const outgoing = http.get(url, { agent, headers }, (response) => {
      let bytes = 0
      response.on('data', (chunk: Buffer) => (bytes += chunk.length))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, bytes }))
      response.on('error', reject)
    })
    outgoing.on('error', reject)
  })
}

export interface Driven {
  requests: number
  seconds: number
  latencies: number[]
  /** The bytes on the wire of the last answer. */
  bytes: number
}

/**
 * The load every throughput bench applies: `concurrency` keep-alive connections, each sending
 * the next of `urls` as soon as its last answer is in, for `seconds`, after `warmUp` requests
 * one at a time (they pay for compilation and whatever the server keeps). An answer other than
 * `status` stops the run: a fast wrong answer measures nothing.
 */
export async function drive(options: {
  urls: () => string
  seconds: number
  concurrency: number
  warmUp?: number
  status?: number
  headers?: Record<string, string>
}): Promise<Driven> {
  const { urls, headers, status = 200 } = options
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.concurrency })
  try {
    for (let i = 0; i < (options.warmUp ?? 0); i++) await getCounting(agent, urls(), headers)
    const latencies: number[] = []
    let bytes = 0
    const started = performance.now()
    const until = started + options.seconds * 1000
    await Promise.all(
      Array.from({ length: options.concurrency }, async () => {
        while (performance.now() < until) {
          const url = urls()
          const sent = performance.now()
          const response = await getCounting(agent, url, headers)
          if (response.status !== status) throw new Error(`${url} answered ${response.status}`)
          latencies.push(performance.now() - sent)
          bytes = response.bytes
        }
      }),
    )
    return {
      requests: latencies.length,
      seconds: (performance.now() - started) / 1000,
      latencies,
      bytes,
    }
  } finally {
    agent.destroy()
  }
}

/**
 * One request on a keep-alive agent, as lean as a client can be, so that on a small machine the
 * server, not the load generator, gets the CPU. The body is decoded as a browser would.
 */
export function request(
  agent: http.Agent,
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; wireBytes: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      url,
      {
        agent,
        method: options.method ?? 'GET',
        headers: { 'accept-encoding': 'gzip, deflate, br', ...options.headers },
      },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('error', reject)
        response.on('end', () => {
          const raw = Buffer.concat(chunks)
          const encoding = response.headers['content-encoding']
          const body =
            encoding === 'br'
              ? zlib.brotliDecompressSync(raw)
              : encoding === 'gzip'
                ? zlib.gunzipSync(raw)
                : raw
          resolve({ status: response.statusCode ?? 0, wireBytes: raw.length, body })
        })
      },
    )
    outgoing.on('error', reject)
    outgoing.end(options.body)
  })
}

/**
 * `POST /api/bookings` for one service line with a made-up visitor numbered `visitor`, the way the
 * widget sends it.
 */
export function postBooking(
  agent: http.Agent,
  base: string,
  booking: {
    serviceId: number
    staffId: number | undefined
    start: string
    timeZone: string
    visitor: number
    idempotencyKey?: string
  },
) {
  return request(agent, `${base}/api/bookings`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(booking.idempotencyKey ? { 'idempotency-key': booking.idempotencyKey } : {}),
    },
    body: JSON.stringify({
      lines: [{ serviceId: booking.serviceId, staffId: booking.staffId, guestIndex: 0 }],
      start: booking.start,
      timeZone: booking.timeZone,
      contact: {
        firstName: 'Bench',
        lastName: `Visitor ${booking.visitor}`,
        email: `bench${booking.visitor}@example.com`,
        phone: '+49 30 901820',
      },
    }),
  })
}
