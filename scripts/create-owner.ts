import { parseArgs } from 'node:util'
import { createOwner } from '../server/admin/owners'
import { readConfig } from '../server/config'
import { openDatabase } from '../server/db'
import { DataDirLockedError } from '../server/db/data-dir-lock'
import { StartupError } from '../server/startup-error'

/**
 * `npm run admin:create-owner -- --email x --name y`: an owner account for the dashboard, on the
 * configured database (DATABASE_URL, or the embedded one in DATA_DIR). The password is
 * ADMIN_PASSWORD when set (kept), else a one-time password printed here once, to be replaced at
 * the first sign-in. The embedded database is one process's: stop the server first.
 */
async function main() {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, name: { type: 'string' } },
  })
  if (!values.email || !values.name) {
    throw new StartupError(
      'Usage: npm run admin:create-owner -- --email owner@example.com --name "Your Name"',
    )
  }
  const config = readConfig()
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }).catch(
    (error: unknown) => {
      if (error instanceof DataDirLockedError) {
        throw new StartupError(
          `${error.message}\nThe embedded database cannot be changed while the server runs on it: ` +
            'stop the server, run this again, then start it.',
        )
      }
      throw error
    },
  )
  try {
    const password = process.env.ADMIN_PASSWORD || undefined
    const { user, password: shown } = await createOwner(db, {
      email: values.email,
      name: values.name,
      ...(password ? { password } : {}),
      by: 'cli',
    })
    console.log(
      password
        ? `Owner ${user.email} created with the password in ADMIN_PASSWORD.`
        : `Owner ${user.email} created. One-time password (shown only now, to be changed at the ` +
            `first sign-in): ${shown}`,
    )
  } catch (error) {
    // A duplicate e-mail or a short password is the operator's to fix: one line, no stack.
    throw error instanceof Error && !(error instanceof StartupError)
      ? new StartupError(error.message)
      : error
  } finally {
    await db.close()
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof StartupError ? error.message : error)
  process.exit(1)
})
