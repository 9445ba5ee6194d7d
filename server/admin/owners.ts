import type { AdminUser } from '../../src/lib/admin/api-types'
import type { Database } from '../db'
import { writeAudit } from './audit'
import { hashPassword, MIN_PASSWORD_LENGTH, oneTimePassword, type HashCost } from './passwords'
import { countUsers, deleteSessionsOf, findUserByEmail, insertUser } from './store'

/** The demo's first account (its domain is reserved for examples: it receives no mail). */
export const DEMO_OWNER = { email: 'owner@harbor-physio.example', name: 'Clinic owner' }

/**
 * The password an operator gave, or a one-time one made up when none, with its hash: a password
 * made up here is shown once and must be replaced at the next sign-in.
 */
async function passwordOf(given: string | undefined, cost?: HashCost) {
  if (given !== undefined && given.length < MIN_PASSWORD_LENGTH) {
    throw new Error(`The password must have at least ${MIN_PASSWORD_LENGTH} characters.`)
  }
  const password = given ?? oneTimePassword()
  return {
    password,
    passwordHash: await hashPassword(password, cost),
    oneTime: given === undefined,
  }
}

/**
 * Makes an owner account. Without a password one is made up, to be shown once and replaced at
 * the first sign-in; a password given by the operator (ADMIN_PASSWORD) is theirs to keep.
 */
export async function createOwner(
  db: Database,
  owner: { email: string; name: string; password?: string; by: string },
  cost?: HashCost,
): Promise<{ user: AdminUser; password: string }> {
  const { password, passwordHash, oneTime } = await passwordOf(owner.password, cost)
  const user = await db.transaction(async (tx) => {
    const created = await insertUser(tx, {
      email: owner.email,
      name: owner.name,
      role: 'owner',
      staffId: null,
      passwordHash,
      mustChangePassword: oneTime,
    })
    await writeAudit(tx, {
      actor: owner.by,
      action: 'user.created',
      target: `user:${created.id}`,
      detail: { email: created.email, role: 'owner' },
    })
    return created
  })
  return { user, password }
}

/**
 * The demo's owner and a one-time password to print, on a start of the embedded demo database:
 * made on the first start; on a later one, while that owner has never signed in, given a new
 * one-time password. A first start that failed after making the account (its port in use, say)
 * printed a password nobody could use, and only its hash is kept: printing one again means
 * setting a new one. Once the owner has signed in, starts print nothing.
 */
export async function demoOwner(
  db: Database,
  cost?: HashCost,
): Promise<{ user: AdminUser; password: string } | undefined> {
  if ((await countUsers(db)) === 0) {
    return createOwner(db, { ...DEMO_OWNER, by: 'system' }, cost)
  }
  const found = await findUserByEmail(db, DEMO_OWNER.email)
  if (!found?.mustChangePassword) return undefined
  const { rows } = await db.query(
    "SELECT 1 FROM audit_log WHERE action = 'session.login' AND target = $1 LIMIT 1",
    [`user:${found.id}`],
  )
  if (rows.length > 0) return undefined
  const { password, passwordHash } = await passwordOf(undefined, cost)
  await db.query('UPDATE admin_users SET password_hash = $2 WHERE id = $1', [
    found.id,
    passwordHash,
  ])
  const { passwordHash: _, ...user } = found
  return { user, password }
}

/**
 * A new password for an existing account, from the command line: the way back in for an owner
 * who lost their one-time password or their own. Without a password one is made up, to be shown
 * once and replaced at the next sign-in; every browser signed in as the account is signed out.
 */
export async function resetPassword(
  db: Database,
  account: { email: string; password?: string; by: string },
): Promise<{ user: AdminUser; password: string }> {
  const { password, passwordHash, oneTime } = await passwordOf(account.password)
  const user = await db.transaction(async (tx) => {
    const { rows } = await tx.query<AdminUser>(
      `UPDATE admin_users u SET password_hash = $2, must_change_password = $3
        WHERE lower(u.email) = lower($1)
        RETURNING u.id, u.email, u.name, u.role, u.staff_id AS "staffId",
                  u.must_change_password AS "mustChangePassword"`,
      [account.email, passwordHash, oneTime],
    )
    const found = rows[0]
    if (!found) throw new Error(`No account has the e-mail ${account.email}.`)
    await deleteSessionsOf(tx, found.id)
    await writeAudit(tx, {
      actor: account.by,
      action: 'user.password_reset',
      target: `user:${found.id}`,
      detail: { email: found.email },
    })
    return found
  })
  return { user, password }
}
