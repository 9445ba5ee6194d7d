import fs from 'node:fs/promises'
import { lockDataDir } from '../db/data-dir-lock'
import { openPglite } from '../db/pglite'

/**
 * Puts a backup (`npm run backup`) in place as the embedded database in `dataDir`, with no server
 * running on it (the data directory's lock refuses otherwise). What was there is kept aside,
 * renamed, never deleted; the restored copy is opened once, so a broken file fails here and not
 * at the next start. Returns where the previous data went, if there was any.
 */
export async function restoreDataDir(
  dataDir: string,
  tarball: Blob,
  now: () => number = Date.now,
): Promise<string | undefined> {
  // Taken and given back at once: only to refuse while a server holds the folder.
  lockDataDir(dataDir)()
  const existing = await fs.readdir(dataDir).catch(() => [])
  let keptAt: string | undefined
  if (existing.length > 0) {
    keptAt = `${dataDir}.before-restore-${new Date(now()).toISOString().replace(/[:.]/g, '-')}`
    await fs.rename(dataDir, keptAt)
  }
  try {
    const db = await openPglite(dataDir, { template: tarball })
    await db.query('SELECT count(*) FROM schema_migrations')
    await db.close()
  } catch (error) {
    await fs.rm(dataDir, { recursive: true, force: true })
    if (keptAt) await fs.rename(keptAt, dataDir)
    throw error
  }
  return keptAt
}
