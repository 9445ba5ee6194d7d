import type { AdminUser } from '../../src/lib/admin/api-types'
import type { Database } from '../db'
import { writeAudit } from './audit'
import { hashPassword, MIN_PASSWORD_LENGTH, oneTimePassword } from './passwords'
import { countUsers, insertUser } from './store'

/** The demo's first account (its domain is reserved for examples: it receives no mail). */
export const DEMO_OWNER = { email: 'owner@harbor-physio.example', name: 'Clinic owner' }

/**
 * Makes an owner account. Without a password one is made up, to be shown once and replaced at
 * the first sign-in; a password given by the operator (ADMIN_PASSWORD) is theirs to keep.
 */
export async function createOwner(
  db: Database,
  owner: { email: string; name: string; password?: string; by: string },
): Promise<{ user: AdminUser; password: string }> {
  if (owner.password !== undefined && owner.password.length < MIN_PASSWORD_LENGTH) {
    throw new Error(`The password must have at least ${MIN_PASSWORD_LENGTH} characters.`)
  }
  const password = owner.password ?? oneTimePassword()
  const passwordHash = await hashPassword(password)
  const user = await db.transaction(async (tx) => {
    const created = await insertUser(tx, {
      email: owner.email,
      name: owner.name,
      role: 'owner',
      staffId: null,
      passwordHash,
      mustChangePassword: owner.password === undefined,
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
 * The demo's owner, made on the first start of a database with no account yet: its one-time
 * password is returned that once (only its hash is kept), so later starts have nothing to print.
 */
export async function demoOwner(db: Database) {
  if ((await countUsers(db)) > 0) return undefined
  return createOwner(db, { ...DEMO_OWNER, by: 'system' })
}
