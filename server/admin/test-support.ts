import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import type { AdminRole, AdminSession } from '../../src/lib/admin/api-types'
import { ADMIN_TOKEN } from '../booking/test-fixtures'

export const bearer = { authorization: `Bearer ${ADMIN_TOKEN}` }
export const PASSWORD = 'correct horse battery'

/** A signed-in browser: its cookie, and the CSRF token its page read from the session. */
export interface Browser {
  email: string
  cookie: string
  csrfToken: string
  request: (options: InjectOptions & { csrf?: boolean }) => Promise<LightMyRequestResponse>
}

export async function signIn(
  app: FastifyInstance,
  email: string,
  password = PASSWORD,
): Promise<Browser> {
  const login = await app.inject({
    method: 'POST',
    url: '/api/admin/session',
    payload: { email, password },
  })
  if (login.statusCode !== 200) throw new Error(`sign-in of ${email}: ${login.body}`)
  const cookie = String(login.headers['set-cookie']).split(';')[0] as string
  const session = login.json() as AdminSession
  return {
    email,
    cookie,
    csrfToken: session.csrfToken,
    request: ({ csrf = true, headers, ...options }) =>
      app.inject({
        ...options,
        headers: {
          ...headers,
          cookie,
          ...(csrf ? { 'x-csrf-token': session.csrfToken } : {}),
        },
      }),
  }
}

/**
 * An account made by ADMIN_TOKEN (an owner), signed in, its one-time password replaced: ready to
 * use like any browser.
 */
export async function account(
  app: FastifyInstance,
  role: AdminRole,
  staffId: number | null = null,
): Promise<Browser> {
  const email = `${role.replace('_', '-')}-${staffId ?? 'x'}@clinic.example`
  const created = await app.inject({
    method: 'POST',
    url: '/api/admin/users',
    headers: bearer,
    payload: { email, name: role, role, staffId, password: 'one-time-password' },
  })
  if (created.statusCode !== 201) throw new Error(`creating ${email}: ${created.body}`)
  const first = await signIn(app, email, 'one-time-password')
  const changed = await first.request({
    method: 'POST',
    url: '/api/admin/session/password',
    payload: { currentPassword: 'one-time-password', newPassword: PASSWORD },
  })
  if (changed.statusCode !== 200) throw new Error(`password of ${email}: ${changed.body}`)
  return first
}
