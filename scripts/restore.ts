import fs from 'node:fs/promises'
import { restoreDataDir } from '../server/backup/restore'
import { readSettings } from '../server/config'
import { StartupError } from '../server/startup-error'

/**
 * `npm run restore -- FILE`: makes a backup of `npm run backup` the embedded database in DATA_DIR,
 * with the server stopped; what was there is kept beside it, renamed.
 */
async function main() {
  const config = readSettings()
  const file = process.argv[2]
  if (!file) throw new StartupError('Name the backup to restore: npm run restore -- FILE')
  const bytes = await fs.readFile(file).catch(() => {
    throw new StartupError(`Cannot read the backup ${file}`)
  })
  const keptAt = await restoreDataDir(config.dataDir, new Blob([bytes]))
  console.log(
    `Restored ${file} into ${config.dataDir}` +
      (keptAt ? `; the data that was there is now in ${keptAt}` : ''),
  )
}

main().catch((error: unknown) => {
  console.error(error instanceof StartupError ? error.message : error)
  process.exit(1)
})
