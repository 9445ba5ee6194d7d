import crypto from 'node:crypto'
import type { AdminAccount, AdminRole, AdminUser } from '../../src/lib/admin/api-types'
import type { Queryable } from '../db'
import { isUniqueViolation } from '../booking/store/db-errors'
import { hashSecret } from '../booking/store/manage-token'
import { HttpError } from '../errors'

/** A session lives 12 hours past its last request, and never more than 7 days. */
export const SESSION_IDLE_MS = 12 * 3_600_000
export const SESSION_MAX_MS = 7 * 86_400_000

const iso = (ms: number) => new Date(ms).toISOString()

const USER_COLUMNS = `u.id, u.email, u.name, u.role, u.staff_id AS "staffId",
  u.must_change_password AS "mustChangePassword"`

export async function findUserByEmail(
  db: Queryable,
  email: string,
): Promise<(AdminUser & { passwordHash: string }) | undefined> {
  const { rows } = await db.query<AdminUser & { passwordHash: string }>(
    `SELECT ${USER_COLUMNS}, u.password_hash AS "passwordHash"
       FROM admin_users u WHERE lower(u.email) = lower($1) AND u.disabled_at IS NULL`,
    [email],
  )
  return rows[0]
}

export async function findPasswordHash(db: Queryable, userId: number) {
  const { rows } = await db.query<{ hash: string }>(
    'SELECT password_hash AS hash FROM admin_users WHERE id = $1',
    [userId],
  )
  return rows[0]?.hash
}

export async function listUsers(db: Queryable): Promise<AdminAccount[]> {
  const { rows } = await db.query<AdminAccount>(
    `SELECT ${USER_COLUMNS}, u.disabled_at IS NOT NULL AS disabled FROM admin_users u ORDER BY u.id`,
  )
  return rows
}

export async function findAccount(
  db: Queryable,
  id: number,
  lock = false,
): Promise<AdminAccount | undefined> {
  const { rows } = await db.query<AdminAccount>(
    `SELECT ${USER_COLUMNS}, u.disabled_at IS NOT NULL AS disabled
       FROM admin_users u WHERE u.id = $1${lock ? ' FOR UPDATE' : ''}`,
    [id],
  )
  return rows[0]
}

export interface AccountChange {
  name: string
  role: AdminRole
  staffId: number | null
  disabled: boolean
  /** A new one-time password's hash. */
  passwordHash?: string
}

export async function updateAccount(
  db: Queryable,
  id: number,
  change: AccountChange,
  now: number,
): Promise<AdminAccount> {
  const { rows } = await db.query<AdminAccount>(
    `UPDATE admin_users u
        SET name = $2, role = $3, staff_id = $4,
            disabled_at = CASE WHEN $5 THEN COALESCE(u.disabled_at, $6::timestamptz) END,
            password_hash = COALESCE($7, u.password_hash),
            must_change_password = u.must_change_password OR $7 IS NOT NULL
      WHERE u.id = $1
      RETURNING ${USER_COLUMNS}, u.disabled_at IS NOT NULL AS disabled`,
    [
      id,
      change.name,
      change.role,
      change.staffId,
      change.disabled,
      iso(now),
      change.passwordHash ?? null,
    ],
  )
  return rows[0] as AdminAccount
}

/** Every browser of the account is signed out (disabled, or given a new password by another). */
export async function deleteSessionsOf(db: Queryable, userId: number) {
  await db.query('DELETE FROM admin_sessions WHERE user_id = $1', [userId])
}

export interface NewUser {
  email: string
  name: string
  role: AdminRole
  staffId: number | null
  passwordHash: string
  mustChangePassword: boolean
}

export async function insertUser(db: Queryable, user: NewUser): Promise<AdminUser> {
  try {
    const { rows } = await db.query<AdminUser>(
      `INSERT INTO admin_users AS u (email, name, role, staff_id, password_hash, must_change_password)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${USER_COLUMNS}`,
      [user.email, user.name, user.role, user.staffId, user.passwordHash, user.mustChangePassword],
    )
    return rows[0] as AdminUser
  } catch (error) {
    if (isUniqueViolation(error, 'admin_users_email')) {
      throw new HttpError(
        409,
        'An account with this e-mail already exists.',
        undefined,
        undefined,
        'conflict',
      )
    }
    throw error
  }
}

export async function setPassword(db: Queryable, userId: number, passwordHash: string) {
  await db.query(
    'UPDATE admin_users SET password_hash = $2, must_change_password = false WHERE id = $1',
    [userId, passwordHash],
  )
}

export const countUsers = async (db: Queryable) =>
  Number((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM admin_users')).rows[0]?.n)

export interface SessionRecord {
  id: Buffer
  user: AdminUser
  csrfToken: string
  expiresAt: string
}

/** A new session; the cookie's token is returned once and only its hash is kept. */
export async function createSession(db: Queryable, userId: number, now: number) {
  const token = crypto.randomBytes(32).toString('base64url')
  const csrfToken = crypto.randomBytes(32).toString('base64url')
  const expiresAt = iso(now + SESSION_IDLE_MS)
  await db.query(
    `INSERT INTO admin_sessions (id, user_id, csrf_token, created_at, expires_at, last_seen_at)
     VALUES ($1, $2, $3, $4, $5, $4)`,
    [hashSecret(token), userId, csrfToken, iso(now), expiresAt],
  )
  return { token, csrfToken, expiresAt }
}

/**
 * The live session of a cookie's token, its expiry moved on by this request (one statement: the
 * lookup is the update). An expired one is deleted and found as nothing.
 */
export async function touchSession(
  db: Queryable,
  token: string,
  now: number,
): Promise<SessionRecord | undefined> {
  const id = hashSecret(token)
  const { rows } = await db.query<AdminUser & { csrfToken: string; expiresAt: Date }>(
    `UPDATE admin_sessions s
        SET last_seen_at = $2,
            expires_at = LEAST($2::timestamptz + $3 * interval '1 millisecond',
                               s.created_at + $4 * interval '1 millisecond')
       FROM admin_users u
      WHERE s.id = $1 AND u.id = s.user_id AND s.expires_at > $2 AND u.disabled_at IS NULL
      RETURNING ${USER_COLUMNS}, s.csrf_token AS "csrfToken", s.expires_at AS "expiresAt"`,
    [id, iso(now), SESSION_IDLE_MS, SESSION_MAX_MS],
  )
  const row = rows[0]
  if (!row) {
    await db.query('DELETE FROM admin_sessions WHERE id = $1', [id])
    return undefined
  }
  const { csrfToken, expiresAt, ...user } = row
  return { id, user, csrfToken, expiresAt: new Date(expiresAt).toISOString() }
}

export async function deleteSession(db: Queryable, id: Buffer) {
  await db.query('DELETE FROM admin_sessions WHERE id = $1', [id])
}

/** After a password change the account's other browsers are signed out. */
export async function deleteOtherSessions(db: Queryable, userId: number, keep: Buffer) {
  await db.query('DELETE FROM admin_sessions WHERE user_id = $1 AND id <> $2', [userId, keep])
}

/** Deletes up to `batch` sessions that ended before `now` (maintenance.prune); how many it did. */
export async function pruneSessions(db: Queryable, now: number, batch: number) {
  const { rows } = await db.query(
    `DELETE FROM admin_sessions WHERE id IN (
       SELECT id FROM admin_sessions WHERE expires_at <= $1 LIMIT $2)
     RETURNING 1`,
    [iso(now), batch],
  )
  return rows.length
}
