import crypto from 'node:crypto'
import type { CookieSerializeOptions } from '@fastify/cookie'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { AdminRole, AdminUser } from '../../src/lib/admin/api-types'
import type { Database } from '../db'
import { HttpError } from '../errors'
import { writeAudit } from './audit'
import { touchSession, type SessionRecord } from './store'

/** What every admin scope needs to know who is asking. */
export interface AdminAuth {
  /** ADMIN_TOKEN (or the demo's): acts as an owner, for scripts. */
  adminToken: string | undefined
  db: Database
  now: () => number
}

/** Who is asking: an account (by its session cookie), or ADMIN_TOKEN acting as an owner. */
export interface AdminActor {
  user: AdminUser
  /** As the audit log and booking history name them: the account's e-mail, or "token". */
  name: string
  session?: SessionRecord
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route; without it, the scope's roles (settings: owner and admin). */
    adminRoles?: readonly AdminRole[]
    /** The route writes its own audit row (in its transaction), so the scope's hook does not. */
    audited?: boolean
  }
}

const SESSION_COOKIE = 'admin_session'
export const SETTINGS_ROLES: readonly AdminRole[] = ['owner', 'admin']
export const BOOKING_ROLES: readonly AdminRole[] = ['owner', 'admin', 'front_desk', 'staff']
export const CONTENT_ROLES: readonly AdminRole[] = ['owner', 'admin', 'editor']
/** Every signed-in account: its own session, and the status every screen shows. */
export const ANY_ROLE: readonly AdminRole[] = [...BOOKING_ROLES, 'editor']

const TOKEN_ACTOR: AdminActor = {
  user: {
    id: 0,
    email: 'token',
    name: 'ADMIN_TOKEN',
    role: 'owner',
    staffId: null,
    mustChangePassword: false,
  },
  name: 'token',
}

const SAFE_METHODS = new Set(['GET', 'HEAD'])

// Hashing first gives both sides one length, which timingSafeEqual needs, and hides the length.
function sameSecret(given: string, expected: string): boolean {
  const a = crypto.createHash('sha256').update(given).digest()
  const b = crypto.createHash('sha256').update(expected).digest()
  return crypto.timingSafeEqual(a, b)
}

/**
 * The session cookie: never readable by scripts, never sent by another site, only to the admin
 * API. Secure except over plain HTTP to this machine (local development), where a Secure cookie
 * would never come back; behind a proxy, request.protocol follows TRUST_PROXY.
 */
function sessionCookieOptions(request: FastifyRequest): CookieSerializeOptions {
  const local = ['localhost', '127.0.0.1', '[::1]', '::1'].includes(request.hostname)
  return {
    httpOnly: true,
    sameSite: 'strict',
    path: '/api/admin',
    secure: request.protocol === 'https' || !local,
  }
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string) {
  reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(request))
}

/** Signing out: the browser forgets the cookie (the session is deleted by the caller). */
export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(request))
}

const unauthorized = () =>
  new HttpError(
    401,
    'Unauthorized',
    'Sign in, or send Authorization: Bearer $ADMIN_TOKEN.',
    undefined,
    'unauthorized',
  )

export const forbidden = (message = 'Your account may not do this.') =>
  new HttpError(403, 'Forbidden', message, undefined, 'forbidden')

async function authenticate(request: FastifyRequest, auth: AdminAuth): Promise<AdminActor> {
  const header = request.headers.authorization
  if (header !== undefined) {
    if (!auth.adminToken) {
      throw new HttpError(
        403,
        'Forbidden',
        'The admin API is switched off on this server for tokens: set ADMIN_TOKEN (32 characters ' +
          'or more) to turn it on, or sign in with an account.',
        undefined,
        'tokens_switched_off',
      )
    }
    const given = header.startsWith('Bearer ') ? header.slice(7) : ''
    if (!given || !sameSecret(given, auth.adminToken)) {
      throw new HttpError(
        401,
        'Unauthorized',
        'A valid admin token is required.',
        undefined,
        'unauthorized',
      )
    }
    return TOKEN_ACTOR
  }
  // A value the cookie parser cannot decode comes as it was sent, and is no session's token.
  const token = request.cookies[SESSION_COOKIE]
  const session = token ? await touchSession(auth.db, token, auth.now()) : undefined
  if (!session) throw unauthorized()
  // A browser sends the cookie along with any site's form: only a page of ours can read the
  // CSRF token (from the session's JSON) and send it back in a header.
  if (!SAFE_METHODS.has(request.method)) {
    const given = request.headers['x-csrf-token']
    if (typeof given !== 'string' || !sameSecret(given, session.csrfToken)) {
      throw forbidden('The x-csrf-token header is missing or wrong: sign in again.')
    }
  }
  return { user: session.user, name: session.user.email, session }
}

const actors = new WeakMap<FastifyRequest, AdminActor>()

/** Who made the request; only inside a scope that called requireAdmin. */
export function actorOf(request: FastifyRequest): AdminActor {
  const actor = actors.get(request)
  if (!actor) throw new Error('actorOf called outside an admin scope')
  return actor
}

/** A staff account may act on its own staff member only; others are refused. */
export function refuseOtherStaff(request: FastifyRequest, staffId: number | null) {
  const { user } = actorOf(request)
  if (user.role === 'staff' && user.staffId !== staffId) throw forbidden()
}

/**
 * Every route in this scope needs an account or ADMIN_TOKEN, and one of `roles` (a route may
 * name its own in `config.adminRoles`). A one-time password must be changed first, except on the
 * session routes (`passwordChange: true`). Each successful state-changing request leaves an audit
 * row, unless its route writes its own (`config.audited`).
 */
export function requireAdmin(
  app: FastifyInstance,
  auth: AdminAuth,
  roles: readonly AdminRole[] = SETTINGS_ROLES,
  options: { passwordChange?: boolean } = {},
): void {
  app.addHook('onRequest', async (request) => {
    const actor = await authenticate(request, auth)
    if (actor.user.mustChangePassword && !options.passwordChange) {
      throw new HttpError(
        403,
        'Forbidden',
        'Change your one-time password first.',
        undefined,
        'password_change_required',
      )
    }
    const allowed = request.routeOptions.config.adminRoles ?? roles
    if (!allowed.includes(actor.user.role)) throw forbidden()
    actors.set(request, actor)
  })
  app.addHook('onSend', async (request, reply, payload) => {
    const actor = actors.get(request)
    if (
      actor &&
      !SAFE_METHODS.has(request.method) &&
      reply.statusCode < 400 &&
      !request.routeOptions.config.audited
    ) {
      await writeAudit(auth.db, {
        actor: actor.name,
        action: `${request.method} ${request.routeOptions.url ?? request.url}`,
        target: null,
        detail: { params: request.params ?? {} },
      })
    }
    return payload
  })
}
