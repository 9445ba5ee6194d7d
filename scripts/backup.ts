import fs from 'node:fs/promises'
import path from 'node:path'
import { readSettings } from '../server/config'
import { DataDirLockedError } from '../server/db/data-dir-lock'
import { openPglite } from '../server/db/pglite'
import { StartupError } from '../server/startup-error'

/**
 * `npm run backup [-- FILE]`: a consistent copy of the embedded database (DATA_DIR) as a gzipped
 * tarball, by default `backup-<time>.tar.gz` here. While a server runs on it (PGlite is one
 * process's), the copy is taken by that server (`GET /api/admin/backup`, with ADMIN_TOKEN and the
 * server's HOST and PORT); otherwise this process opens the folder itself. `npm run restore`
 * puts one back. PostgreSQL is backed up with pg_dump.
 */
async function main() {
  const config = readSettings()
  if (config.databaseUrl) {
    throw new StartupError(
      'DATABASE_URL is set: back PostgreSQL up with pg_dump (docs/deploy.md); npm run backup ' +
        'copies the embedded database.',
    )
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, '-')
  const file = path.resolve(process.argv[2] ?? `backup-${stamp}.tar.gz`)
  if (!(await fs.stat(path.join(config.dataDir, 'PG_VERSION')).catch(() => undefined))) {
    throw new StartupError(`There is no database in ${config.dataDir} (DATA_DIR) to back up.`)
  }
  let tarball: Blob
  try {
    const db = await openPglite(config.dataDir)
    try {
      tarball = await db.snapshot()
    } finally {
      await db.close()
    }
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error
    tarball = await fromRunningServer(config)
  }
  await fs.writeFile(file, Buffer.from(await tarball.arrayBuffer()))
  console.log(`Backup of ${config.dataDir} written to ${file} (${tarball.size} bytes)`)
}

async function fromRunningServer(config: ReturnType<typeof readSettings>): Promise<Blob> {
  if (!config.adminToken) {
    throw new StartupError(
      `A server is running on ${config.dataDir}, so it takes the copy, through its admin API: ` +
        'set ADMIN_TOKEN (and HOST and PORT) as that server has them.',
    )
  }
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${config.port}/api/admin/backup`
  const response = await fetch(url, { headers: { authorization: `Bearer ${config.adminToken}` } })
  if (!response.ok) {
    const answer = (await response.json().catch(() => ({}))) as { message?: string }
    throw new StartupError(
      `The server at ${url} answered ${response.status}: ${answer.message ?? response.statusText}`,
    )
  }
  return response.blob()
}

main().catch((error: unknown) => {
  console.error(error instanceof StartupError ? error.message : error)
  process.exit(1)
})
