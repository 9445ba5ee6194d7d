import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { copyMigratedDataDir } from '../server/db/test-database'
import { isRunning, spawnServer } from '../server/test-server-child'
import { onEmbedded } from '../server/test-passes'

// npm, tsx, a PGlite boot and the demo's seeding in the child: seconds alone, over a minute when
// the rest of the suite spawns servers on the same two cores.
const START_TIMEOUT = 150_000
const CHILD_TIMEOUT = START_TIMEOUT + 30_000

onEmbedded('npm start', () => {
  it(
    'stops, serving process included, when npm gets SIGTERM',
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'npm-start-'))
      fs.mkdirSync(path.join(dir, 'public'))
      // Migrated already: initdb and every migration would add seconds to the child's start.
      await copyMigratedDataDir(path.join(dir, 'data'))
      // PUBLIC_DIR set: npm start serves that folder and builds nothing.
      const npm = spawnServer(['npm', 'start', '--silent'], dir, {})
      const started = await npm.listening(START_TIMEOUT)
      if (!started) {
        npm.child.kill('SIGKILL')
        throw new Error(
          `npm start did not listen within ${START_TIMEOUT / 1000} s:\n${npm.printed.both}`,
        )
      }
      const server = (JSON.parse(started) as { pid: number }).pid
      expect(server).not.toBe(npm.child.pid)
      npm.child.kill('SIGTERM')
      await npm.exited
      for (let waited = 0; isRunning(server) && waited < 10_000; waited += 50) {
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      const survived = isRunning(server)
      // An orphan must not outlive a failing test.
      if (survived) process.kill(server, 'SIGKILL')
      expect(survived).toBe(false)
      expect(npm.printed.both).toContain('Received SIGTERM: stopping')
      expect(npm.printed.both).toContain(
        'Stopped: requests finished, job runner stopped, database closed',
      )
      fs.rmSync(dir, { recursive: true, force: true })
    },
    CHILD_TIMEOUT,
  )
})
