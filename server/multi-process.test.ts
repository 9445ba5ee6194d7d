import crypto from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { onPostgres, postgresUrl as databaseUrl } from './test-passes'
import { CHILD_TIMEOUT, SERVER_MAIN, spawnServer } from './test-server-child'

/*
 * Two API processes on one PostgreSQL behind a round-robin proxy, as issue 14 deploys them: every
 * request of a visitor may reach either one. Only PostgreSQL can be shared by processes (PGlite is
 * one process's), so this runs in the PostgreSQL pass of the server tests (DATABASE_URL).
 */

const RATE_LIMIT = 6
const contact = {
  firstName: 'Ana',
  lastName: 'Silva',
  email: 'ana@example.com',
  phone: '+49 40 32901820',
}
const PROXY_PEER = '127.0.0.1'

// Far enough ahead that rescheduling and cancelling are still open.
const inAWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString()

/** The fields of the API's answers this test reads. */
interface Answer {
  services: { id: number; slug: string }[]
  slot: { start: string }
  manageToken: string
  booking: { status: string; lines: { staffId: number }[] }
}

type Server = ReturnType<typeof spawnServer>

/**
 * Forwards each request to the next upstream in turn, appending the peer's address to
 * X-Forwarded-For as nginx does, and says in `x-upstream` which one answered.
 */
function roundRobinProxy(upstreams: number[]) {
  let next = 0
  const server = http.createServer((request, response) => {
    const index = next++ % upstreams.length
    const forwardedFor = [request.headers['x-forwarded-for'], request.socket.remoteAddress]
      .filter(Boolean)
      .join(', ')
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: upstreams[index],
        method: request.method,
        path: request.url,
        headers: { ...request.headers, 'x-forwarded-for': forwardedFor },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, {
          ...answer.headers,
          'x-upstream': String(index),
        })
        answer.pipe(response)
      },
    )
    upstream.on('error', () => response.writeHead(502).end())
    request.pipe(upstream)
  })
  return server
}

onPostgres('two API processes on one PostgreSQL behind a round-robin proxy', () => {
  const admin = new pg.Client({ connectionString: databaseUrl })
  const name = `multi_process_${crypto.randomBytes(4).toString('hex')}`
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'multi-process-'))
  let servers: Server[] = []
  let proxy: http.Server
  let base = ''
  let db: pg.Client

  const call = async (
    method: string,
    url: string,
    {
      client = '198.51.100.1',
      body,
      headers = {},
    }: {
      client?: string
      body?: unknown
      headers?: Record<string, string>
    } = {},
  ) => {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: {
        'x-forwarded-for': client,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await response.text()
    return {
      status: response.status,
      upstream: response.headers.get('x-upstream'),
      headers: response.headers,
      json: (text ? JSON.parse(text) : {}) as Answer,
    }
  }

  beforeAll(async () => {
    await admin.connect()
    await admin.query(`CREATE DATABASE ${name}`)
    const url = new URL(databaseUrl as string)
    url.pathname = `/${name}`
    // Both start at once on the empty database: migrations and the demo's seeding race.
    servers = [0, 1].map((index) =>
      spawnServer(SERVER_MAIN, path.join(dir, String(index)), {
        DATABASE_URL: url.toString(),
        SEED_DEMO: 'true',
        TRUST_PROXY: PROXY_PEER,
        RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
        JOBS_POLL_MS: '50',
      }),
    )
    const ports = await Promise.all(
      servers.map(async (server) => {
        const line = await server.listening(CHILD_TIMEOUT - 10_000)
        if (!line) throw new Error(`a server did not start:\n${server.printed.both}`)
        return Number(/:(\d+)"/.exec(line)?.[1])
      }),
    )
    proxy = roundRobinProxy(ports)
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
    base = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`
    db = new pg.Client({ connectionString: url.toString() })
    await db.connect()
  }, CHILD_TIMEOUT)

  afterAll(async () => {
    await db?.end()
    proxy?.close()
    for (const server of servers) server.child.kill('SIGKILL')
    await Promise.all(servers.map((server) => server.exited))
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await admin.end()
    fs.rmSync(dir, { recursive: true, force: true })
  })

  it('loads the demo once though both processes seed an empty database at once', async () => {
    const { rows } = await db.query<{ count: string }>('SELECT count(*) FROM providers')
    expect(Number(rows[0]!.count)).toBe(1)
  })

  it('books, reads, reschedules and cancels with each request on the other process', async () => {
    const timeZone = 'Europe/Berlin'
    const provider = await call('GET', '/api/providers/harbor-physio')
    expect(provider.status).toBe(200)
    const first = await call(
      'GET',
      `/api/services/consultation/next-available?timeZone=${timeZone}&from=${inAWeek()}`,
    )
    expect(first.status).toBe(200)
    expect(first.upstream).not.toBe(provider.upstream)
    const serviceId = Number(provider.json.services.find((s) => s.slug === 'consultation')!.id)
    const booked = await call('POST', '/api/bookings', {
      body: {
        lines: [{ serviceId, staffId: null, guestIndex: 0 }],
        start: first.json.slot.start,
        timeZone,
        contact,
      },
    })
    expect(booked.status).toBe(201)
    expect(booked.upstream).not.toBe(first.upstream)
    const token = booked.json.manageToken
    const read = await call('GET', `/api/bookings/manage/${token}`)
    expect(read.status).toBe(200)
    expect(read.upstream).not.toBe(booked.upstream)
    expect(read.json.booking.status).toBe('confirmed')

    // Its staff member's next free time an hour later, as the widget's reschedule asks for it.
    const staffId = read.json.booking.lines[0]!.staffId
    const later = new Date(Date.parse(first.json.slot.start) + 60 * 60_000).toISOString()
    const after = await call(
      'GET',
      `/api/services/consultation/next-available?timeZone=${timeZone}&staffId=${staffId}&from=${later}`,
    )
    const moved = await call('POST', `/api/bookings/manage/${token}/reschedule`, {
      body: { start: after.json.slot.start, timeZone },
    })
    expect(moved.status).toBe(200)
    const cancelled = await call('POST', `/api/bookings/manage/${token}/cancel`, {
      body: { reason: 'Moving away' },
    })
    expect(cancelled.status).toBe(200)
    expect(cancelled.upstream).not.toBe(moved.upstream)
    const final = await call('GET', `/api/bookings/manage/${token}`)
    expect(final.json.booking.status).toBe('cancelled')
  })

  it('counts the rate limit across both processes, per visitor behind the proxy', async () => {
    const unknown = `/api/bookings/manage/${'a'.repeat(43)}`
    const answers = []
    for (let i = 0; i <= RATE_LIMIT; i++) {
      answers.push(await call('GET', unknown, { client: '203.0.113.7' }))
    }
    expect(new Set(answers.map((answer) => answer.upstream))).toEqual(new Set(['0', '1']))
    expect(answers.slice(0, RATE_LIMIT).map((answer) => answer.status)).toEqual(
      Array(RATE_LIMIT).fill(404),
    )
    expect(answers[RATE_LIMIT]!.status).toBe(429)
    // Another visitor, through the same proxy, has a count of their own.
    expect((await call('GET', unknown, { client: '203.0.113.8' })).status).toBe(404)
  })

  it('replays an Idempotency-Key from the other process with the first answer', async () => {
    const provider = await call('GET', '/api/providers/harbor-physio')
    const serviceId = Number(provider.json.services.find((s) => s.slug === 'consultation')!.id)
    const slot = await call(
      'GET',
      `/api/services/consultation/next-available?timeZone=UTC&from=${inAWeek()}`,
    )
    const body = {
      lines: [{ serviceId, staffId: null, guestIndex: 0 }],
      start: slot.json.slot.start,
      timeZone: 'UTC',
      contact,
    }
    const headers = { 'idempotency-key': `multi-process-${crypto.randomUUID()}` }
    const once = await call('POST', '/api/bookings', { body, headers, client: '198.51.100.2' })
    const again = await call('POST', '/api/bookings', { body, headers, client: '198.51.100.2' })
    expect(once.status).toBe(201)
    expect(again.upstream).not.toBe(once.upstream)
    expect(again.status).toBe(201)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(again.json).toEqual(once.json)
  })

  it('runs each job once though both processes poll for it: one e-mail per event', async () => {
    // The journey above queued e-mails (booked, rescheduled, cancelled) as jobs on either side.
    let jobs: { state: string; attempts: number }[] = []
    for (let waited = 0; waited < 15_000; waited += 100) {
      jobs = (
        await db.query<{ state: string; attempts: number }>(
          // Reminders wait for their day; the rest are due at once.
          `SELECT state, attempts FROM jobs WHERE type = 'mail.send' AND run_at <= now()`,
        )
      ).rows
      if (jobs.length > 0 && jobs.every((job) => job.state === 'done')) break
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    expect(jobs.length).toBeGreaterThanOrEqual(3)
    // A job claimed twice would have counted two attempts.
    expect(jobs.filter((job) => job.state !== 'done' || job.attempts !== 1)).toEqual([])
    const { rows } = await db.query<{ kind: string; copies: number }>(
      `SELECT kind, count(*)::int AS copies FROM mail_messages
        WHERE state = 'sent' GROUP BY booking_id, kind, booking_version, recipient`,
    )
    expect(rows.filter((row) => row.copies !== 1)).toEqual([])
    expect(rows.map((row) => row.kind)).toEqual(expect.arrayContaining(['confirmed', 'cancelled']))
  })

  it('queues one copy of each recurring job though both processes start together', async () => {
    const { rows } = await db.query<{ type: string; count: string }>(
      `SELECT type, count(*) FROM jobs WHERE state IN ('pending', 'running') GROUP BY type`,
    )
    const counts = Object.fromEntries(rows.map((row) => [row.type, Number(row.count)]))
    expect(counts).toMatchObject({
      'holds.expire': 1,
      'maintenance.prune': 1,
      'notifications.dispatch': 1,
    })
  })
})
