import { spawn } from 'node:child_process'
import path from 'node:path'

const root = path.join(__dirname, '..')

/** `server/main.ts` as operators start it, through tsx. */
export const SERVER_MAIN = [path.join(root, 'node_modules', '.bin', 'tsx'), 'server/main.ts']

/** Starting a child through tsx takes seconds, and booting PGlite in it more, on a busy machine. */
export const CHILD_TIMEOUT = 90_000

/**
 * Starts the server (or `npm start`) as its own process the way the tests of start-up, signals
 * and `npm start` need it: its data and site in `dir`, any free port, no jobs on a timer, the
 * embedded database (DATABASE_URL and ADMIN_TOKEN are left out of the inherited environment),
 * then `env` on top. Collects what it prints.
 */
export function spawnServer([command, ...args]: string[], dir: string, env: NodeJS.ProcessEnv) {
  const { DATABASE_URL: _database, ADMIN_TOKEN: _token, ...inherited } = process.env
  const child = spawn(command as string, args, {
    cwd: root,
    env: {
      ...inherited,
      DATA_DIR: path.join(dir, 'data'),
      PUBLIC_DIR: path.join(dir, 'public'),
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      JOBS_POLL_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const printed = { stdout: '', stderr: '', both: '' }
  child.stdout.on('data', (chunk: Buffer) => {
    printed.stdout += chunk.toString()
    printed.both += chunk.toString()
  })
  child.stderr.on('data', (chunk: Buffer) => {
    printed.stderr += chunk.toString()
    printed.both += chunk.toString()
  })
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve))
  return {
    child,
    printed,
    exited,
    /** The log line saying the server listens, once printed (or undefined after `ms`). */
    async listening(ms: number): Promise<string | undefined> {
      const line = () => printed.both.split('\n').find((l) => l.includes('Server listening'))
      for (let waited = 0; !line() && waited < ms; waited += 50) {
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      return line()
    },
  }
}

/** Whether a process with this id is still alive. */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}
