import { spawn } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { copyMigratedDataDir } from '../server/db/test-database'
import { BUILD_STAMP_FILE, formatBuildStamp } from '../server/site/build-stamp'
import { CHILD_TIMEOUT } from '../server/test-server-child'
import { onEmbedded, onPostgres, postgresUrl as databaseUrl } from '../server/test-passes'

/*
 * `npm run serve` (scripts/start.ts in production) as an operator or systemd starts it: npm, its
 * shell and the server, in a process group of their own. It writes `.site/` beside the code it
 * runs, so it runs in a copy of this checkout: the code copied, the rest linked, and a stand-in
 * build in public/ (a Gatsby build takes minutes).
 */
const root = path.join(__dirname, '..')
const SITE_URL = 'https://clinic.example'
/** Pages in the stand-in build: enough files that releasing one takes a while, as a real one. */
const PAGES = 1_500

async function checkoutCopy(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'serve-'))
  for (const copied of ['server', 'scripts', 'package.json', 'tsconfig.json']) {
    await fs.cp(path.join(root, copied), path.join(dir, copied), { recursive: true })
  }
  for (const linked of ['node_modules', 'src', 'locales', 'content', 'static']) {
    await fs.symlink(path.join(root, linked), path.join(dir, linked))
  }
  return dir
}

/** A build in `dir/public` made for `siteUrl`, with a file of `bigFileBytes` at /en/big.bin. */
async function standInBuild(dir: string, siteUrl: string, bigFileBytes = 0) {
  const publicDir = path.join(dir, 'public')
  await fs.mkdir(path.join(publicDir, 'en'), { recursive: true })
  await fs.writeFile(path.join(publicDir, 'index.html'), '<p>Clinic</p>')
  for (let page = 0; page < PAGES; page++) {
    await fs.mkdir(path.join(publicDir, 'en', `page-${page}`))
    await fs.writeFile(path.join(publicDir, 'en', `page-${page}`, 'index.html'), `<p>${page}</p>`)
  }
  await fs.writeFile(path.join(publicDir, 'en', 'big.bin'), crypto.randomBytes(bigFileBytes))
  await fs.writeFile(path.join(publicDir, BUILD_STAMP_FILE), formatBuildStamp('stand-in', siteUrl))
}

/** Starts `npm run serve` in `dir`, in a process group of its own, and collects what it prints. */
function serve(dir: string, env: NodeJS.ProcessEnv) {
  const {
    DATABASE_URL: _database,
    ADMIN_TOKEN: _token,
    PUBLIC_DIR: _public,
    ...inherited
  } = process.env
  const child = spawn('npm', ['run', 'serve', '--silent'], {
    cwd: dir,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...inherited,
      HOST: '127.0.0.1',
      PORT: '0',
      SITE_URL,
      PAYMENT_PROVIDER: 'local',
      MAIL_TRANSPORT: 'outbox',
      SEED_DEMO: 'false',
      JOBS_POLL_MS: '0',
      LOG_LEVEL: 'info',
      ...env,
    },
  })
  let printed = ''
  child.stdout.on('data', (chunk: Buffer) => (printed += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (printed += chunk.toString()))
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve))
  const lineWith = (text: string) => printed.split('\n').find((line) => line.includes(text))
  return {
    exited,
    printed: () => printed,
    lineWith,
    /** The first line printed that contains `text`, once it is, or undefined after `ms`. */
    async waitFor(text: string, ms = CHILD_TIMEOUT): Promise<string | undefined> {
      for (let waited = 0; !lineWith(text) && waited < ms; waited += 20) {
        if (child.exitCode !== null) break
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
      return lineWith(text)
    },
    /** The server's address, once it has started (released the site and checked it). */
    async started(): Promise<string> {
      const open = await this.waitFor('"Open ')
      if (!open) throw new Error(`npm run serve did not start:\n${printed}`)
      return /Server listening at (http:\/\/[\d.:]+)/.exec(printed)![1]!
    },
    /** What systemd's stop does: SIGTERM to every process of the group. */
    stop(signal: NodeJS.Signals = 'SIGTERM') {
      try {
        process.kill(-child.pid!, signal)
      } catch {
        // The group has exited.
      }
    },
  }
}

type Serving = ReturnType<typeof serve>

const status = async (url: string) => (await fetch(url, { redirect: 'manual' })).status

onEmbedded('npm run serve on the embedded database', () => {
  let dir: string
  let server: Serving
  let address: string
  const BIG_FILE = 32 * 1024 * 1024

  beforeAll(async () => {
    dir = await checkoutCopy()
    // Built for another address than the server's SITE_URL.
    await standInBuild(dir, 'http://127.0.0.1:8000', BIG_FILE)
    // Migrated already: initdb and every migration would add seconds to the start.
    await copyMigratedDataDir(path.join(dir, '.data'))
    server = serve(dir, { DATA_DIR: path.join(dir, '.data'), LOG_LEVEL: 'debug' })
    address = await server.started()
  }, CHILD_TIMEOUT + 10_000)

  afterAll(async () => {
    server?.stop('SIGKILL')
    await server?.exited
    await fs.rm(dir, { recursive: true, force: true })
  })

  it('says in one line that the build is for another address, and is not ready', async () => {
    // Said before the server says it is started.
    const line = server.lineWith('was built for')
    expect(line && (JSON.parse(line) as { msg: string }).msg).toBe(
      `Not ready: the site in ${path.join(dir, '.site', 'live')} was built for ` +
        `http://127.0.0.1:8000, not for SITE_URL ${SITE_URL}: run \`npm run build\` with ` +
        `SITE_URL=${SITE_URL}, then restart`,
    )
    expect(await status(`${address}/api/health/ready`)).toBe(503)
  })

  it(
    'finishes a request in flight when its whole process group gets SIGTERM, and exits 0',
    async () => {
      // A download the client stops reading: in flight until the client reads on.
      const response = await new Promise<http.IncomingMessage>((resolve, reject) =>
        http.get(`${address}/en/big.bin`, resolve).on('error', reject),
      )
      response.pause()
      server.stop('SIGTERM')
      expect(await server.waitFor('Received SIGTERM: stopping')).toBeDefined()
      // npm passes the group's signal on to the server within milliseconds (unless the kernel
      // merges it into the first, still pending): the client reads on once the server says it
      // had both, or a second later.
      await server.waitFor('Received SIGTERM again', 1_000)
      let received = 0
      const read = new Promise<boolean>((resolve) => {
        response.on('data', (chunk: Buffer) => (received += chunk.length))
        response.on('end', () => resolve(response.complete))
        response.on('error', () => resolve(false))
      })
      response.resume()
      expect(response.statusCode).toBe(200)
      expect(await read).toBe(true)
      expect(received).toBe(BIG_FILE)
      expect(await server.exited).toBe(0)
      expect(server.printed()).toContain(
        'Stopped: requests finished, job runner stopped, database closed',
      )
    },
    CHILD_TIMEOUT,
  )
})

/*
 * Two servers on one checkout, as docs/deploy.md starts them (`systemctl enable --now
 * clinic@8001 clinic@8002`): both release the build at once. Only PostgreSQL can be shared by
 * processes (PGlite is one process's), so this runs in the PostgreSQL pass (DATABASE_URL).
 */

onPostgres(
  'two npm run serve started at once in one checkout (PostgreSQL only: DATABASE_URL)',
  () => {
    const admin = new pg.Client({ connectionString: databaseUrl })
    const name = `serve_twice_${crypto.randomBytes(4).toString('hex')}`
    let dir: string
    let servers: Serving[] = []

    beforeAll(async () => {
      await admin.connect()
      await admin.query(`CREATE DATABASE ${name}`)
      dir = await checkoutCopy()
      await standInBuild(dir, SITE_URL)
    })

    afterAll(async () => {
      for (const server of servers) server.stop('SIGKILL')
      await Promise.all(servers.map((server) => server.exited))
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await admin.end()
      await fs.rm(dir, { recursive: true, force: true })
    })

    it(
      'both serve the one release of the build, and every page answers',
      async () => {
        const url = new URL(databaseUrl as string)
        url.pathname = `/${name}`
        servers = [0, 1].map(() => serve(dir, { DATABASE_URL: url.toString() }))
        const addresses = await Promise.all(servers.map((server) => server.started()))
        for (const server of servers) expect(server.printed()).not.toContain('No site to serve')
        const releases = await fs.readdir(path.join(dir, '.site', 'releases'))
        expect(releases).toHaveLength(1)
        expect(await fs.readlink(path.join(dir, '.site', 'live'))).toBe(
          path.join('releases', releases[0]!),
        )
        for (const address of addresses) {
          expect(await status(`${address}/api/health/ready`)).toBe(200)
          for (const page of [0, PAGES / 2, PAGES - 1]) {
            expect(await status(`${address}/en/page-${page}/`)).toBe(200)
          }
        }
        for (const server of servers) server.stop()
        expect(await Promise.all(servers.map((server) => server.exited))).toEqual([0, 0])
      },
      CHILD_TIMEOUT,
    )
  },
)
