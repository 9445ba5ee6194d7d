import { spawn, type ChildProcess } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { buildSiteCopy, demoContentVersion, isSiteStale } from '../scripts/site-build'
import { allowedHost } from './embed-host'

const root = path.resolve(__dirname, '..')

/**
 * Where the journeys' site is built and served from: a folder of its own, so `npm test` leaves
 * the developer's public/ (the build `npm start` reuses) alone. Outside the project, because the
 * copy of src/ the build needs would be linted there (eslint ignores only top-level folders).
 */
export const E2E_SITE_ROOT = path.join(
  os.tmpdir(),
  `booking-site-e2e-${crypto.createHash('sha256').update(root).digest('hex').slice(0, 12)}`,
)

/**
 * What the journeys' servers serve: a copy of E2E_SITE_ROOT's public/, made after its build. The
 * build folder itself is left to `site-follows-dashboard`, whose server rebuilds the site
 * there, with Gatsby's cache warm from the journeys' build, while the other journeys read this
 * copy (a build rewrites public/ in place).
 */
export const E2E_SERVED_SITE = `${E2E_SITE_ROOT}-served`

/**
 * The SITE_URL of the journeys' site build: Gatsby's plugin options carry it, so a build for
 * another address empties Gatsby's cache and starts cold.
 */
export const E2E_SITE_URL = process.env.SITE_URL || 'http://127.0.0.1:8000'

/** The admin API's token in the server the journeys run against (previews need one). */
export const E2E_ADMIN_TOKEN = 'e2e-admin-token-0123456789abcdef'

/**
 * How long the journeys' server keeps an unpaid booking's seats: short, as the expiry journey
 * sets the page's clock this far ahead of the server's (e2e/payment-hold-expires.test.ts).
 */
export const E2E_HOLD_MINUTES = 1

export interface RunningServer {
  baseUrl: string
  child: ChildProcess
  dataDir: string
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

/** Polls until `ready()` says so; fails early when the server has exited. */
async function waitFor(
  what: string,
  child: ChildProcess,
  timeoutMs: number,
  ready: () => Promise<boolean>,
) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`)
    if (await ready().catch(() => false)) return
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  throw new Error(`${what} within ${timeoutMs} ms`)
}

/**
 * Starts the product as `npm start` does for jest worker `worker` (e2e/workers.ts), on a free
 * port with a fresh embedded database, serving the site from E2E_SERVED_SITE; with `build`,
 * builds it first unless it was built from the same sources and demo content; waits until it
 * serves pages.
 */
export async function startServer({ worker = 0, build = true } = {}): Promise<RunningServer> {
  const port = await freePort()
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-data-'))
  const child = spawn(path.join(root, 'node_modules', '.bin', 'tsx'), ['scripts/start.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // Set, so npm start serves this folder and leaves building it to us.
      PUBLIC_DIR: E2E_SERVED_SITE,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      ADMIN_TOKEN: E2E_ADMIN_TOKEN,
      PAYMENT_HOLD_MINUTES: String(E2E_HOLD_MINUTES),
      // Journeys move the server's clock (POST /api/test/clock) rather than wait for a hold's end.
      TEST_CLOCK: 'true',
      // The embedding journeys' host page (e2e/embed-host.ts) may frame the widget.
      EMBED_ORIGINS: allowedHost(worker),
      // Every journey is one client (127.0.0.1): together they would share one visitor's limit of
      // bookings a minute. The limits have tests of their own (server/).
      RATE_LIMIT_PER_MINUTE: '10000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const server = { baseUrl: `http://127.0.0.1:${port}`, child, dataDir }
  try {
    await waitFor(`the API did not come up at ${server.baseUrl}`, child, 120_000, async () => {
      const response = await fetch(`${server.baseUrl}/api/health`)
      return response.ok
    })
    if (build) await buildServedSite(server.baseUrl)
    await waitFor(`the site did not come up at ${server.baseUrl}`, child, 60_000, async () => {
      const response = await fetch(`${server.baseUrl}/en/`)
      return response.status === 200
    })
  } catch (error) {
    await stopServer(server)
    throw error
  }
  return server
}

/**
 * Builds the journeys' site in E2E_SITE_ROOT from the content the server at `baseUrl` serves (the
 * demo content alone) and copies it to E2E_SERVED_SITE; nothing is done when that copy was made
 * from the same sources and content.
 */
async function buildServedSite(baseUrl: string) {
  const version = `${await demoContentVersion(root)} ${process.env.SITE_URL ?? ''}`
  if (!(await isSiteStale(root, version, E2E_SERVED_SITE))) return
  const env = { CONTENT_API_URL: `${baseUrl}/api`, SITE_URL: E2E_SITE_URL }
  await buildSiteCopy(root, E2E_SITE_ROOT, env, version)
  // Copied aside, then renamed over the old copy: it is stamped last, and a copy that stopped
  // half-way is never taken for a complete one.
  const partial = `${E2E_SERVED_SITE}.${process.pid}.partial`
  await fs.promises.rm(partial, { recursive: true, force: true })
  await fs.promises.cp(path.join(E2E_SITE_ROOT, 'public'), partial, { recursive: true })
  await fs.promises.rm(E2E_SERVED_SITE, { recursive: true, force: true })
  await fs.promises.rename(partial, E2E_SERVED_SITE)
}

export async function stopServer(server: RunningServer) {
  if (server.child.exitCode === null) {
    const exited = new Promise((resolve) => server.child.once('exit', resolve))
    server.child.kill('SIGTERM')
    await exited
  }
  fs.rmSync(server.dataDir, { recursive: true, force: true })
}
