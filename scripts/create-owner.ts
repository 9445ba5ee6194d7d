import { parseArgs } from 'node:util'
import { createOwner, resetPassword } from '../server/admin/owners'
import { readSettings } from '../server/config'
import { openDatabase } from '../server/db'
import { DataDirLockedError } from '../server/db/data-dir-lock'
import { StartupError } from '../server/startup-error'

/**
 * `npm run admin:create-owner -- --email x --name y`: an owner account for the dashboard, on the
 * configured database (DATABASE_URL, or the embedded one in DATA_DIR). The password is
 * ADMIN_PASSWORD when set (kept), else a one-time password printed here once, to be replaced at
 * the first sign-in. The embedded database is one process's: stop the server first.
 *
 * `npm run admin:create-owner -- --email x --reset-password`: a new password for the existing
 * account of that e-mail, chosen the same way (ADMIN_PASSWORD, or a one-time password printed
 * once); its browsers are signed out. The way back in for a lost or forgotten password.
 */
async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      'reset-password': { type: 'boolean' },
    },
  })
  const reset = values['reset-password'] === true
  if (!values.email || (!values.name && !reset)) {
    throw new StartupError(
      'Usage: npm run admin:create-owner -- --email owner@example.com --name "Your Name"\n' +
        '   or: npm run admin:create-owner -- --email owner@example.com --reset-password',
    )
  }
  const config = readSettings()
  const db = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
  }).catch((error: unknown) => {
    if (error instanceof DataDirLockedError) {
      throw new StartupError(
        `${error.message}\nThe embedded database cannot be changed while the server runs on it: ` +
          'stop the server, run this again, then start it.',
      )
    }
    throw error
  })
  try {
    const password = process.env.ADMIN_PASSWORD || undefined
    const chosen = password ? { password } : {}
    const { user, password: shown } = reset
      ? await resetPassword(db, { email: values.email, ...chosen, by: 'cli' })
      : await createOwner(db, { email: values.email, name: values.name!, ...chosen, by: 'cli' })
    const done = reset ? `New password for ${user.email}` : `Owner ${user.email} created`
    console.log(
      password
        ? `${done} with the password in ADMIN_PASSWORD.`
        : `${done}. One-time password (shown only now, to be changed at the first sign-in): ` +
            shown,
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
