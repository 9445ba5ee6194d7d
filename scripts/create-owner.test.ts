import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { CHILD_TIMEOUT, spawnServer } from '../server/test-server-child'
import { LOCK_FILE } from '../server/db/data-dir-lock'
import { copyMigratedDataDir } from '../server/db/test-database'
import { onEmbedded } from '../server/test-passes'

const tsx = path.join(__dirname, '..', 'node_modules', '.bin', 'tsx')

/** `npm run admin:create-owner` as the operator runs it, on the embedded database in `dir`. */
async function createOwner(dir: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const run = spawnServer([tsx, 'scripts/create-owner.ts', ...args], dir, env)
  const code = await run.exited
  return { code, printed: run.printed }
}

onEmbedded('npm run admin:create-owner', () => {
  it(
    'prints a one-time password once, keeps ADMIN_PASSWORD, refuses a second account of one e-mail, and sets a new password for an existing one',
    async () => {
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'create-owner-'))
      // Migrated already: the first run would otherwise spend seconds on initdb and migrations.
      await copyMigratedDataDir(path.join(dir, 'data'))
      try {
        const first = await createOwner(dir, ['--email', 'boss@clinic.example', '--name', 'Boss'])
        expect(first.code).toBe(0)
        expect(first.printed.stdout).toMatch(/One-time password .*: [\w-]{20}\n$/)
        const chosen = await createOwner(
          dir,
          ['--email', 'second@clinic.example', '--name', 'Second'],
          { ADMIN_PASSWORD: 'long enough password' },
        )
        expect(chosen.printed.stdout).toMatch(/with the password in ADMIN_PASSWORD/)
        const again = await createOwner(dir, ['--email', 'BOSS@clinic.example', '--name', 'B'])
        expect(again.code).toBe(1)
        expect(again.printed.stderr.trim()).toBe('An account with this e-mail already exists.')
        const reset = await createOwner(dir, ['--email', 'Boss@clinic.example', '--reset-password'])
        expect(reset.code).toBe(0)
        expect(reset.printed.stdout).toMatch(
          /^New password for boss@clinic\.example\. One-time password .*: [\w-]{20}\n$/,
        )
        const stranger = await createOwner(dir, ['--email', 'who@x.example', '--reset-password'])
        expect(stranger.code).toBe(1)
        expect(stranger.printed.stderr.trim()).toBe('No account has the e-mail who@x.example.')
        const usage = await createOwner(dir, ['--email', 'x@clinic.example'])
        expect(usage.printed.stderr).toMatch(/^Usage: npm run admin:create-owner/)
      } finally {
        await fs.rm(dir, { recursive: true, force: true })
      }
    },
    CHILD_TIMEOUT * 2,
  )

  it(
    'refuses, saying why, while a server holds the embedded database',
    async () => {
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'create-owner-'))
      try {
        await fs.mkdir(path.join(dir, 'data'), { recursive: true })
        // This test's own process stands for the running server.
        await fs.writeFile(path.join(dir, 'data', LOCK_FILE), String(process.pid))
        const locked = await createOwner(dir, ['--email', 'boss@clinic.example', '--name', 'Boss'])
        expect(locked.code).toBe(1)
        expect(locked.printed.stderr).toMatch(/already in use by process/)
        expect(locked.printed.stderr).toMatch(/stop the server, run this again/)
      } finally {
        await fs.rm(dir, { recursive: true, force: true })
      }
    },
    CHILD_TIMEOUT,
  )
})
