import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

const root = path.resolve(__dirname, '..')

/** The admin API's token in the server the journeys run against (previews need one). */
export const E2E_ADMIN_TOKEN = 'e2e-admin-token'

export interface RunningServer {
  baseUrl: string
  child: ChildProcess
  dataDir: string
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

/** Waits until the server has built the site and serves it. */
async function waitForSite(baseUrl: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`)
    // A rebuild rewrites public/ in place: the journeys start once it is done.
    const health = await fetch(`${baseUrl}/api/health`)
      .then((response) => response.json() as Promise<{ site?: string }>)
      .catch(() => undefined)
    const status = await fetch(`${baseUrl}/en/`)
      .then((response) => response.status)
      .catch(() => 0)
    if (health?.site === 'ready' && status === 200) return
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  throw new Error(`the site did not come up at ${baseUrl} within ${timeoutMs} ms`)
}

/**
 * Starts the product exactly as `npm start` does (building the site when it is stale), on a free
 * port with a fresh embedded database, and waits until it serves pages.
 */
export async function startServer(): Promise<RunningServer> {
  const port = await freePort()
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-data-'))
  const child = spawn(path.join(root, 'node_modules', '.bin', 'tsx'), ['scripts/start.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      ADMIN_TOKEN: E2E_ADMIN_TOKEN,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const baseUrl = `http://127.0.0.1:${port}`
  await waitForSite(baseUrl, child, 10 * 60_000)
  return { baseUrl, child, dataDir }
}

export async function stopServer(server: RunningServer) {
  if (server.child.exitCode === null) {
    const exited = new Promise((resolve) => server.child.once('exit', resolve))
    server.child.kill('SIGTERM')
    await exited
  }
  fs.rmSync(server.dataDir, { recursive: true, force: true })
}
