import { EventEmitter } from 'node:events'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { copyMigratedDataDir } from './db/test-database'
import { closeOnSignals, REPEATED_SIGNAL_MS } from './shutdown'
import { CHILD_TIMEOUT, SERVER_MAIN, spawnServer } from './test-server-child'
import { buildTestApp } from './test-app'
import { onEmbedded } from './test-passes'

/** A test app with `GET /slow`, which answers from the database once `release()` is called. */
async function appWithSlowRoute() {
  const app = await buildTestApp()
  let release = () => {}
  let started = () => {}
  const running = new Promise<void>((resolve) => (started = resolve))
  app.get('/slow', async () => {
    started()
    await new Promise<void>((resolve) => (release = resolve))
    const { rows } = await app.db.query<{ answer: number }>('SELECT 42 AS answer')
    return rows[0]
  })
  const address = await app.listen({ host: '127.0.0.1', port: 0 })
  const signals = new EventEmitter()
  const exit = jest.fn()
  return { app, address, signals, exit, running, release: () => release() }
}

onEmbedded('stopping on SIGTERM and SIGINT', () => {
  it('finishes a request in flight, refuses new connections, then exits 0', async () => {
    const { app, address, signals, exit, running, release } = await appWithSlowRoute()
    closeOnSignals(app, { signals: signals as unknown as NodeJS.Process, exit })
    const slow = fetch(`${address}/slow`)
    await running
    signals.emit('SIGTERM', 'SIGTERM')
    await new Promise((resolve) => setTimeout(resolve, 50))
    await expect(fetch(`${address}/api/health/live`)).rejects.toThrow()
    expect(exit).not.toHaveBeenCalled()
    release()
    const response = await slow
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ answer: 42 })
    for (let waited = 0; exit.mock.calls.length === 0 && waited < 5_000; waited += 10) {
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
    expect(exit.mock.calls).toEqual([[0]])
  })

  it('takes the same signal passed on by a parent process at once for the same stop', async () => {
    // systemd signals npm and the server alike, and npm passes its signal on.
    const { app, address, signals, exit, running, release } = await appWithSlowRoute()
    let now = 1_000_000
    closeOnSignals(app, { signals: signals as unknown as NodeJS.Process, exit, now: () => now })
    const slow = fetch(`${address}/slow`)
    await running
    signals.emit('SIGTERM', 'SIGTERM')
    now += REPEATED_SIGNAL_MS - 1
    signals.emit('SIGTERM', 'SIGTERM')
    try {
      expect(exit).not.toHaveBeenCalled()
    } finally {
      release()
    }
    const response = await slow
    expect(response.status).toBe(200)
    for (let waited = 0; exit.mock.calls.length === 0 && waited < 5_000; waited += 10) {
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
    expect(exit.mock.calls).toEqual([[0]])
  })

  it('exits 1 once the grace period is over, and at once on a signal repeated later', async () => {
    const { app, signals, exit, address, running, release } = await appWithSlowRoute()
    let now = 1_000_000
    closeOnSignals(app, {
      signals: signals as unknown as NodeJS.Process,
      exit,
      graceMs: 100,
      now: () => now,
    })
    const slow = fetch(`${address}/slow`).catch(() => undefined)
    await running
    signals.emit('SIGINT', 'SIGINT')
    now += REPEATED_SIGNAL_MS
    signals.emit('SIGINT', 'SIGINT')
    expect(exit.mock.calls).toEqual([[1]])
    await new Promise((resolve) => setTimeout(resolve, 150))
    expect(exit.mock.calls).toEqual([[1], [1]])
    release()
    await slow
  })

  it(
    'the server process logs what it does and exits 0 on SIGTERM',
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shutdown-'))
      await copyMigratedDataDir(path.join(dir, 'data'))
      const server = spawnServer(SERVER_MAIN, dir, {})
      await server.listening(80_000)
      server.child.kill('SIGTERM')
      expect(await server.exited).toBe(0)
      expect(server.printed.both).toContain('Received SIGTERM: stopping')
      expect(server.printed.both).toContain(
        'Stopped: requests finished, job runner stopped, database closed',
      )
      fs.rmSync(dir, { recursive: true, force: true })
    },
    CHILD_TIMEOUT,
  )
})
