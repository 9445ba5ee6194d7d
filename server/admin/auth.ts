import crypto from 'node:crypto'
import type { CookieSerializeOptions } from '@fastify/cookie'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { AdminRole, AdminUser } from '../../src/lib/admin/api-types'
import type { Database } from '../db'
import { HttpError } from '../errors'
import { countHit, tooManyRequests } from '../rate-limit'
import { findLiveKey, KEY_PREFIX, keyActorName, type LiveKey } from './api-keys'
import { writeAudit } from './audit'
import { keyDecision, type KeyDecision } from './key-scopes'
import { touchSession, type SessionRecord } from './store'

/** What every admin scope needs to know who is asking. */
export interface AdminAuth {
  /** ADMIN_TOKEN (or the demo's): acts as an owner, for scripts. */
  adminToken: string | undefined
  db: Database
  now: () => number
  /** How many requests one API key may make a minute (API_KEY_RATE_LIMIT_PER_MINUTE). */
  keyRequestsPerMinute: number
}

/**
 * Who is asking: an account (by its session cookie), ADMIN_TOKEN acting as an owner, or an API
 * key acting as an admin limited to its scopes.
 */
export interface AdminActor {
  user: AdminUser
  /**
   * As the audit log and booking history name them: the account's e-mail, "token", or
   * "key hp_live_AbCd (name)".
   */
  name: string
  session?: SessionRecord
  key?: LiveKey
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route; without it, the scope's roles (settings: owner and admin). */
    adminRoles?: readonly AdminRole[]
    /** The route writes its own audit row (in its transaction), so the scope's hook does not. */
    audited?: boolean
    /** Set for every admin route from server/admin/key-scopes.ts: what an API key needs. */
    keyDecision?: KeyDecision
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

/** A key's user for the role checks: an admin, so that no staff member's filter applies. */
const keyActor = (key: LiveKey): AdminActor => ({
  user: {
    id: 0,
    email: keyActorName(key),
    name: key.name,
    role: 'admin',
    staffId: null,
    mustChangePassword: false,
  },
  name: keyActorName(key),
  key,
})

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
    'Sign in, or send Authorization: Bearer with an API key or $ADMIN_TOKEN.',
    undefined,
    'unauthorized',
  )

export const forbidden = (message = 'Your account may not do this.') =>
  new HttpError(403, 'Forbidden', message, undefined, 'forbidden')

async function authenticate(request: FastifyRequest, auth: AdminAuth): Promise<AdminActor> {
  const header = request.headers.authorization
  const bearer = header?.startsWith('Bearer ') ? header.slice(7) : undefined
  // ADMIN_TOKEN first: an operator's token that happens to start like a key is still the token.
  const isAdminToken =
    bearer !== undefined && !!auth.adminToken && sameSecret(bearer, auth.adminToken)
  if (bearer?.startsWith(KEY_PREFIX) && !isAdminToken) {
    const key = await findLiveKey(auth.db, bearer, auth.now())
    // Unknown, revoked or expired: refused as a wrong ADMIN_TOKEN is, saying no more.
    if (!key) {
      throw new HttpError(
        401,
        'Unauthorized',
        'A valid API key is required.',
        undefined,
        'unauthorized',
      )
    }
    return keyActor(key)
  }
  if (header !== undefined) {
    if (!auth.adminToken) {
      throw new HttpError(
        403,
        'Forbidden',
        'The admin API is switched off on this server for tokens: set ADMIN_TOKEN (32 characters ' +
          'or more) to turn it on, use an API key, or sign in with an account.',
        undefined,
        'tokens_switched_off',
      )
    }
    if (!isAdminToken) {
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
 * What an API key may not do on this route: 403 if it takes no keys or the key lacks its scope;
 * 429 once the key made its minute's requests (counted as clients are, in the shared table).
 */
async function checkKey(
  request: FastifyRequest,
  reply: FastifyReply,
  auth: AdminAuth,
  key: LiveKey,
) {
  const hits = await countHit(auth, `api-key:${key.id}`, 60_000)
  if (hits.current > auth.keyRequestsPerMinute) {
    void reply.header('retry-after', String(Math.ceil(hits.ttl / 1000)))
    throw tooManyRequests('API key', hits.ttl)
  }
  const decision = request.routeOptions.config.keyDecision
  if (decision === undefined || decision === 'no-keys') {
    throw forbidden('API keys may not use this route: sign in, or use ADMIN_TOKEN.')
  }
  if (!key.scopes.includes(decision)) {
    throw new HttpError(
      403,
      'Forbidden',
      `This API key lacks the scope ${decision}.`,
      undefined,
      'missing_scope',
    )
  }
}

/**
 * Every route in this scope needs an account, ADMIN_TOKEN or an API key with the route's scope
 * (server/admin/key-scopes.ts, which must decide for every route registered here), and one of
 * `roles` (a route may name its own in `config.adminRoles`). A one-time password must be changed
 * first, except on the session routes (`passwordChange: true`). Each successful state-changing
 * request leaves an audit row, unless its route writes its own (`config.audited`).
 */
export function requireAdmin(
  app: FastifyInstance,
  auth: AdminAuth,
  roles: readonly AdminRole[] = SETTINGS_ROLES,
  options: { passwordChange?: boolean } = {},
): void {
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method]
    const decisions = new Set(methods.map((method) => keyDecision(method, route.url)))
    const [decision] = decisions
    // One route with several methods would need a decision per method; none here has that.
    if (decisions.size !== 1 || decision === undefined) {
      throw new Error(
        `${methods.join(',')} ${route.url}: an admin route with no single API key decision; ` +
          'add it to server/admin/key-scopes.ts',
      )
    }
    route.config = { ...route.config, keyDecision: decision }
  })
  app.addHook('onRequest', async (request, reply) => {
    const actor = await authenticate(request, auth)
    if (actor.key) await checkKey(request, reply, auth, actor.key)
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
