import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { copyMigratedDataDir } from './db/test-database'
import { CHILD_TIMEOUT, SERVER_MAIN, spawnServer } from './test-server-child'
import { onEmbedded, onPostgres, postgresUrl } from './test-passes'

let dir: string

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'startup-'))
})
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }))

/** Runs `server/main.ts` with `env` over a quiet default; its exit code and what it printed. */
async function startServer(env: NodeJS.ProcessEnv) {
  const server = spawnServer(SERVER_MAIN, dir, { LOG_LEVEL: 'warn', ...env })
  const code = await server.exited
  return { code, stdout: server.printed.stdout, stderr: server.printed.stderr }
}

/** A refusal: exit code 1 and exactly one line on stderr, matching `line`. */
async function expectRefusal(env: NodeJS.ProcessEnv, line: RegExp) {
  const { code, stderr } = await startServer(env)
  expect(code).toBe(1)
  expect(stderr.trim().split('\n')).toEqual([expect.stringMatching(line)])
  return stderr
}

/** A listening socket on a free loopback port, doing what `onConnection` does with each client. */
async function occupyPort(onConnection: (socket: net.Socket) => void = () => {}) {
  const server = net.createServer(onConnection)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  const sockets = new Set<net.Socket>()
  server.on('connection', (socket) => sockets.add(socket))
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        sockets.forEach((socket) => socket.destroy())
        server.close(() => resolve())
      }),
  }
}

onEmbedded('start-up errors, one line each naming the setting and the fix', () => {
  it(
    'refuses an ADMIN_TOKEN shorter than 32 characters',
    async () => {
      await expectRefusal(
        { ADMIN_TOKEN: 'short' },
        /^ADMIN_TOKEN is 5 characters long, too short to be safe: use at least 32 /,
      )
    },
    CHILD_TIMEOUT,
  )

  it(
    'refuses a data directory that cannot be written',
    async () => {
      // Root may write anywhere; a path through a file cannot be written by anyone.
      const file = path.join(dir, 'a-file')
      fs.writeFileSync(file, '')
      const dataDir = path.join(file, 'data')
      const stderr = await expectRefusal(
        { DATA_DIR: dataDir },
        /cannot be written \(ENOTDIR\): .*set DATA_DIR to a writable folder\.$/,
      )
      expect(stderr).toContain(`The database directory ${dataDir} `)
    },
    CHILD_TIMEOUT,
  )

  it(
    'refuses a port in use',
    async () => {
      // The port is tried once the database is open: a migrated one saves the child migrating.
      await copyMigratedDataDir(path.join(dir, 'data'))
      const taken = await occupyPort()
      try {
        await expectRefusal(
          { PORT: String(taken.port) },
          new RegExp(`^Port ${taken.port} on 127\\.0\\.0\\.1 is already in use \\(PORT\\): `),
        )
      } finally {
        await taken.close()
      }
    },
    CHILD_TIMEOUT,
  )

  it(
    'refuses a PostgreSQL that is not there, without printing the password',
    async () => {
      const closed = await occupyPort()
      await closed.close()
      const stderr = await expectRefusal(
        { DATABASE_URL: `postgres://booking:s3cret@127.0.0.1:${closed.port}/booking` },
        new RegExp(
          `^Cannot reach PostgreSQL at 127\\.0\\.0\\.1:${closed.port}/booking \\(ECONNREFUSED\\): start it, or fix DATABASE_URL\\.$`,
        ),
      )
      expect(stderr).not.toContain('s3cret')
    },
    CHILD_TIMEOUT,
  )

  it(
    'gives up on a PostgreSQL that does not answer after 5 s',
    async () => {
      // Accepts the connection and never says a word, as a host behind a dropping firewall.
      const silent = await occupyPort()
      try {
        await expectRefusal(
          { DATABASE_URL: `postgres://booking@127.0.0.1:${silent.port}/booking` },
          /^Cannot reach PostgreSQL at .* \(no answer within 5 s\): start it, or fix DATABASE_URL\.$/,
        )
      } finally {
        await silent.close()
      }
    },
    CHILD_TIMEOUT,
  )

  it(
    'refuses a DATABASE_URL that is not one, without a stack or the password',
    async () => {
      const stderr = await expectRefusal(
        { DATABASE_URL: 'booking:s3cret@db.example/booking' },
        /^DATABASE_URL must be a PostgreSQL connection string such as /,
      )
      expect(stderr).not.toContain('s3cret')
    },
    CHILD_TIMEOUT,
  )
})

onPostgres('start-up errors on a PostgreSQL server', () => {
  it(
    'refuses a database that does not exist on the PostgreSQL server',
    async () => {
      const url = new URL(postgresUrl!)
      url.pathname = '/no_such_booking_database'
      await expectRefusal(
        { DATABASE_URL: url.toString() },
        /^The database "no_such_booking_database" does not exist on .*: create it \(createdb no_such_booking_database\) or fix DATABASE_URL\.$/,
      )
    },
    CHILD_TIMEOUT,
  )
})

onEmbedded('production mode (NODE_ENV=production)', () => {
  it(
    'refuses to start without SITE_URL, in one line',
    async () => {
      await expectRefusal({ NODE_ENV: 'production' }, /^SITE_URL is not set: in production /)
    },
    CHILD_TIMEOUT,
  )

  it(
    'refuses to take test payments unless PAYMENT_PROVIDER=local says so, in one line',
    async () => {
      await expectRefusal(
        { NODE_ENV: 'production', SITE_URL: 'https://clinic.example', MAIL_TRANSPORT: 'outbox' },
        /^PAYMENT_PROVIDER is not set: in production set PAYMENT_PROVIDER=stripe /,
      )
    },
    CHILD_TIMEOUT,
  )

  it(
    'leaves an empty database empty, where development loads the demo clinic; names test paths',
    async () => {
      let printed = ''
      const providersOf = async (env: NodeJS.ProcessEnv) => {
        const serverDir = path.join(dir, env.NODE_ENV ?? 'development')
        // The suite's one start of a server on an empty data directory (PGlite's initdb and every
        // migration in the started process); other starts get a migrated copy, which is the same.
        if (env.NODE_ENV !== 'production') await copyMigratedDataDir(path.join(serverDir, 'data'))
        const server = spawnServer(SERVER_MAIN, serverDir, { LOG_LEVEL: 'info', ...env })
        try {
          const line = await server.listening(CHILD_TIMEOUT - 20_000)
          if (!line) throw new Error(`the server did not start:\n${server.printed.both}`)
          const address = /at (http:\/\/[\d.:]+)"/.exec(line)![1]
          return (await fetch(`${address}/api/providers/harbor-physio`)).status
        } finally {
          server.child.kill('SIGTERM')
          await server.exited
          printed = server.printed.both
        }
      }
      const production = { NODE_ENV: 'production', SITE_URL: 'https://clinic.example' }
      const explicit = { ...production, PAYMENT_PROVIDER: 'local', MAIL_TRANSPORT: 'outbox' }
      expect(await providersOf(explicit)).toBe(404)
      // One warning each, at every start: production never takes a test path silently.
      expect(printed).toMatch(/"level":40,.*"msg":"PAYMENT_PROVIDER=local: payments go to /)
      expect(printed).toMatch(/"level":40,.*"msg":"MAIL_TRANSPORT=outbox: no e-mail leaves /)
      expect(printed).not.toContain('SEED_DEMO=true')
      expect(await providersOf({ NODE_ENV: 'development' })).toBe(200)
      // Outside production the test paths are the demo's silent defaults.
      expect(printed).not.toContain('PAYMENT_PROVIDER=local')
    },
    CHILD_TIMEOUT,
  )
})
