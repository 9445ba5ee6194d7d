import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { DataDirLockedError, LOCK_FILE, lockDataDir } from './data-dir-lock'
import { openPglite } from './pglite'
import { copyMigratedDataDir } from './test-database'
import { onEmbedded } from '../test-passes'

const tsx = path.join(__dirname, '..', '..', 'node_modules', '.bin', 'tsx')
const lockModule = path.join(__dirname, 'data-dir-lock.ts')

// Starting a child through tsx takes a second or two, more on a busy machine.
const CHILD_TIMEOUT = 60_000

/** Runs `script` in another Node process with `lockDataDir` in scope; its exit code and output. */
function runChild(script: string) {
  const child = spawn(
    tsx,
    ['-e', `const { lockDataDir } = require(${JSON.stringify(lockModule)});\n${script}`],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  return new Promise<{ code: number | null; output: string; pid: number }>((resolve) =>
    child.on('exit', (code) => resolve({ code, output, pid: child.pid ?? 0 })),
  )
}

let dir: string

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'data-dir-lock-'))
})

afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true })
})

onEmbedded('the PGlite data directory lock', () => {
  it('refuses a second open in this process, naming the directory, until the first is released', () => {
    const release = lockDataDir(dir)
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError)
    expect(() => lockDataDir(dir)).toThrow(`The database directory ${dir} is already in use`)
    release()
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false)
    lockDataDir(dir)()
  })

  it(
    'refuses a second process while the first holds it',
    async () => {
      const release = lockDataDir(dir)
      const second = await runChild(`lockDataDir(${JSON.stringify(dir)})`)
      expect(second.code).not.toBe(0)
      expect(second.output).toContain(`The database directory ${dir} is already in use`)
      expect(second.output).toContain(`process ${process.pid}`)
      release()
    },
    CHILD_TIMEOUT,
  )

  it(
    'is released when its process exits, and taken over when that process died holding it',
    async () => {
      // A clean exit without close() (process.exit after a fatal error) removes the file.
      const exited = await runChild(`lockDataDir(${JSON.stringify(dir)}); process.exit(0)`)
      expect(exited.code).toBe(0)
      expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false)
      // kill -9 leaves it behind with a pid that no longer runs: the next start takes it.
      fs.writeFileSync(path.join(dir, LOCK_FILE), `${exited.pid}\n`)
      const release = lockDataDir(dir)
      expect(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8')).toBe(`${process.pid}\n`)
      release()
    },
    CHILD_TIMEOUT,
  )

  it('takes over a lock with its own pid that it does not hold (a restarted container)', () => {
    fs.writeFileSync(path.join(dir, LOCK_FILE), `${process.pid}\n`)
    const release = lockDataDir(dir)
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError)
    release()
  })

  it(
    'is taken by openPglite and given back by close()',
    async () => {
      // A data directory that exists: initdb of a new one would take seconds, many when busy.
      const dataDir = path.join(dir, 'data')
      await copyMigratedDataDir(dataDir)
      const db = await openPglite(dataDir)
      await expect(openPglite(dataDir)).rejects.toThrow(DataDirLockedError)
      await db.close()
      const again = await openPglite(dataDir)
      expect((await again.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }])
      await again.close()
    },
    // Two embedded databases opened one after the other, on a machine that may be busy.
    60_000,
  )
})
