import fs from 'node:fs'
import path from 'node:path'
import { StartupError } from '../startup-error'

/** The file inside a PGlite data directory that says which process has it open. */
export const LOCK_FILE = 'server.lock'

export class DataDirLockedError extends StartupError {
  constructor(dataDir: string, pid: number) {
    super(
      `The database directory ${dataDir} is already in use by process ${pid}. ` +
        'PGlite allows one process at a time: stop the other server, or give this one another ' +
        `DATA_DIR. If no server is using it, remove ${path.join(dataDir, LOCK_FILE)}.`,
    )
    this.name = 'DataDirLockedError'
  }
}

export class DataDirNotWritableError extends StartupError {
  constructor(dataDir: string, code: string | undefined) {
    super(
      `The database directory ${dataDir} cannot be written (${code ?? 'unknown error'}): give ` +
        "the server's user write access to it, or set DATA_DIR to a writable folder.",
    )
    this.name = 'DataDirNotWritableError'
  }
}

// What mkdir and open answer for a folder this process may not write: PGlite would fail later
// with an errno and no path.
const NOT_WRITABLE = new Set(['EACCES', 'EPERM', 'EROFS', 'ENOTDIR', 'EEXIST'])

/** The directories this process holds: a lock file with our own pid is stale unless listed. */
const heldHere = new Set<string>()

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

function readOwner(file: string): { pid: number; text: string } | undefined {
  try {
    const text = fs.readFileSync(file, 'utf8')
    return { pid: Number.parseInt(text, 10), text }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
}

/**
 * Takes the data directory for this process, or throws DataDirLockedError. PGlite is one
 * PostgreSQL backend in the process's memory: a second process on the same files does not wait or
 * fail, it overwrites the first one's writes (bookings confirmed and then lost after a restart).
 *
 * The lock is a file created exclusively, holding our pid. It is removed on release and when the
 * process exits; after a crash (kill -9) the pid in it is dead and the next start takes it over.
 * A second open inside this process is refused too. Returns the release.
 */
export function lockDataDir(dataDir: string): () => void {
  const dir = path.resolve(dataDir)
  const file = path.join(dir, LOCK_FILE)
  const stamp = `${process.pid}\n`
  const notWritable = (error: unknown) => {
    const code = (error as NodeJS.ErrnoException).code
    return code && NOT_WRITABLE.has(code) ? new DataDirNotWritableError(dir, code) : error
  }
  try {
    fs.mkdirSync(dir, { recursive: true })
  } catch (error) {
    throw notWritable(error)
  }
  for (;;) {
    try {
      fs.writeFileSync(file, stamp, { flag: 'wx' })
      break
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw notWritable(error)
    }
    const owner = readOwner(file)
    if (!owner) continue
    // Our pid in a lock this process does not hold was left by an earlier process with the same
    // pid (a restarted container numbers its processes alike).
    const inUse =
      owner.pid === process.pid
        ? heldHere.has(dir)
        : Number.isInteger(owner.pid) && owner.pid > 0 && isAlive(owner.pid)
    if (inUse) throw new DataDirLockedError(dir, owner.pid)
    // Stale: left by a process that died. Remove it only if it is still that same stale file
    // (another starting process may have just replaced it), then race for it again with `wx`.
    if (readOwner(file)?.text === owner.text) fs.rmSync(file, { force: true })
  }
  heldHere.add(dir)
  let released = false
  const releaseOnExit = () => release()
  function release() {
    if (released) return
    released = true
    process.removeListener('exit', releaseOnExit)
    // Only our own lock: never remove one a later process took over.
    heldHere.delete(dir)
    if (readOwner(file)?.text === stamp) fs.rmSync(file, { force: true })
  }
  process.on('exit', releaseOnExit)
  return release
}
