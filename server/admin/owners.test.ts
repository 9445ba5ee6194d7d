import type { Database } from '../db'
import { openTestDatabase } from '../db/test-database'
import { writeAudit } from './audit'
import { demoOwner, DEMO_OWNER, resetPassword } from './owners'
import { hashPassword, verifyPassword } from './passwords'
import { createSession, findPasswordHash, setPassword } from './store'

let db: Database
beforeEach(async () => {
  db = await openTestDatabase()
})
afterEach(() => db.close())

const passwordWorks = async (id: number, password: string) =>
  verifyPassword(password, (await findPasswordHash(db, id))!)

describe("the demo's owner at start", () => {
  it('is made on the first start, with a one-time password that signs in', async () => {
    const first = await demoOwner(db)
    expect(first?.user).toMatchObject({ email: DEMO_OWNER.email, mustChangePassword: true })
    expect(await passwordWorks(first!.user.id, first!.password)).toBe(true)
  })

  it('gets a new one-time password on each start while it has never signed in (a first start that failed after making it printed one nobody could use)', async () => {
    const first = (await demoOwner(db))!
    const again = await demoOwner(db)
    expect(again?.user).toMatchObject({ id: first.user.id, email: DEMO_OWNER.email })
    expect(again!.password).not.toBe(first.password)
    expect(await passwordWorks(first.user.id, again!.password)).toBe(true)
    expect(await passwordWorks(first.user.id, first.password)).toBe(false)
  })

  it('prints nothing once the owner has signed in, or has set a password of their own', async () => {
    const first = (await demoOwner(db))!
    await writeAudit(db, {
      actor: DEMO_OWNER.email,
      action: 'session.login',
      target: `user:${first.user.id}`,
    })
    expect(await demoOwner(db)).toBeUndefined()
    expect(await passwordWorks(first.user.id, first.password)).toBe(true)

    await db.query('DELETE FROM audit_log')
    await setPassword(db, first.user.id, await hashPassword('a password of their own'))
    expect(await demoOwner(db)).toBeUndefined()
  })
})

describe('a new password from the command line', () => {
  it('replaces the password of an existing e-mail, signs its browsers out and is audited', async () => {
    const { user, password } = (await demoOwner(db))!
    await setPassword(db, user.id, await hashPassword('a password of their own'))
    await createSession(db, user.id, Date.UTC(2026, 10, 27))
    const reset = await resetPassword(db, { email: DEMO_OWNER.email.toUpperCase(), by: 'cli' })
    expect(reset.user).toMatchObject({ id: user.id, mustChangePassword: true })
    expect(await passwordWorks(user.id, reset.password)).toBe(true)
    expect(await passwordWorks(user.id, password)).toBe(false)
    const sessions = await db.query('SELECT 1 FROM admin_sessions WHERE user_id = $1', [user.id])
    expect(sessions.rows).toEqual([])
    const audit = await db.query<{ actor: string }>(
      "SELECT actor FROM audit_log WHERE action = 'user.password_reset'",
    )
    expect(audit.rows).toEqual([{ actor: 'cli' }])

    const chosen = await resetPassword(db, {
      email: DEMO_OWNER.email,
      password: 'chosen by the operator',
      by: 'cli',
    })
    expect(chosen.user.mustChangePassword).toBe(false)
    await expect(resetPassword(db, { email: 'nobody@x.example', by: 'cli' })).rejects.toThrow(
      'No account has the e-mail nobody@x.example.',
    )
  })
})
