import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import {
  adminRoles,
  type AdminSession,
  type AdminUser,
  type AuditPage,
  type ChangePasswordRequest,
  type CreateUserRequest,
  type LoginRequest,
  type UpdateUserRequest,
} from '../../src/lib/admin/api-types'
import { idSchema, Joi } from '../../src/lib/validation/joi'
import { useJoiValidation } from '../booking/http/joi-validator'
import { HttpError } from '../errors'
import { noContent } from '../openapi/schemas'
import { countHit, limitPerClient, readHits, type RateLimits } from '../rate-limit'
import { preventStoring } from '../security-headers'
import { listAudit, writeAudit } from './audit'
import {
  adminAccountSchema,
  adminSessionSchema,
  adminUserSchema,
  auditPageSchema,
} from './response-schemas'
import {
  actorOf,
  ANY_ROLE,
  clearSessionCookie,
  forbidden,
  requireAdmin,
  setSessionCookie,
  type AdminAuth,
} from './auth'
import {
  hashPassword,
  MIN_PASSWORD_LENGTH,
  verifyNobody,
  verifyPassword,
  type HashCost,
} from './passwords'
import {
  createSession,
  deleteOtherSessions,
  deleteSession,
  deleteSessionsOf,
  findAccount,
  findPasswordHash,
  findUserByEmail,
  insertUser,
  listUsers,
  setPassword,
  updateAccount,
} from './store'

/** Sign-in attempts per client and minute, whatever the e-mail (one client guessing many). */
export const SIGN_IN_PER_CLIENT_PER_MINUTE = 10

/**
 * Failed sign-ins are counted per e-mail and client, and per e-mail, over a quarter of an hour
 * (OWASP's guidance on credential stuffing). A client that failed 10 times for an e-mail is
 * refused it, right password or not; everyone else, its owner too, is only slowed down: from the
 * fifth failure for the e-mail, from anywhere, each answer waits twice as long as the last, up to
 * 4 s. A refusal per e-mail alone would let strangers lock its owner out.
 */
export const SIGN_IN_FAILURES = {
  perEmailAndClient: 10,
  windowMs: 15 * 60_000,
  pauseFrom: 5,
  firstPauseMs: 250,
  maxPauseMs: 4_000,
}

/** How long a sign-in for an e-mail with `failures` failures in the window waits first. */
export function signInPauseMs(failures: number): number {
  const { pauseFrom, firstPauseMs, maxPauseMs } = SIGN_IN_FAILURES
  return failures < pauseFrom ? 0 : Math.min(maxPauseMs, firstPauseMs * 2 ** (failures - pauseFrom))
}

const email = Joi.string().trim().max(254).email({ tlds: false })
const newPassword = Joi.string()
  .min(MIN_PASSWORD_LENGTH)
  .max(200)
  .messages({ 'string.min': `The password must have at least ${MIN_PASSWORD_LENGTH} characters.` })

const wrongCredentials = () =>
  new HttpError(401, 'Unauthorized', 'The e-mail or password is wrong.', undefined, 'unauthorized')

const sessionOf = (request: FastifyRequest): AdminSession => {
  const { session } = actorOf(request)
  if (!session) {
    // ADMIN_TOKEN has no session to show (and no CSRF token to need).
    throw new HttpError(404, 'Not Found', 'ADMIN_TOKEN has no session.', undefined, 'not_found')
  }
  return { user: session.user, csrfToken: session.csrfToken, expiresAt: session.expiresAt }
}

/**
 * Signing in and out (`/session`), accounts (`/users`) and the audit log (`/audit`). The session
 * lives in the `admin_session` cookie (see auth.ts); it slides 12 hours past its last use and ends
 * after 7 days whatever happens.
 */
export const adminAccountRoutes: FastifyPluginAsync<{
  auth: AdminAuth
  rateLimits: RateLimits
  /** Waits out a throttled sign-in's pause. */
  sleep: (ms: number) => Promise<void>
  /** What a password set here costs to hash. */
  passwordCost: HashCost
}> = async (app, { auth, rateLimits, sleep, passwordCost }) => {
  const { db, now } = auth
  useJoiValidation(app)
  preventStoring(app)

  const signIn = async (request: FastifyRequest, reply: FastifyReply, user: AdminUser) => {
    const session = await createSession(db, user.id, now())
    await writeAudit(db, {
      actor: user.email,
      action: 'session.login',
      target: `user:${user.id}`,
    })
    setSessionCookie(request, reply, session.token)
    return {
      user,
      csrfToken: session.csrfToken,
      expiresAt: session.expiresAt,
    } satisfies AdminSession
  }

  // Signing in needs no account, so it sits outside the scopes that require one.
  await app.register(async (open) => {
    await limitPerClient(open, rateLimits, 'sign-in')
    open.post<{ Body: LoginRequest }>(
      '/session',
      {
        schema: {
          body: Joi.object({ email: email.required(), password: Joi.string().max(200).required() }),
          response: { 200: adminSessionSchema },
        },
        config: { rateLimit: { max: SIGN_IN_PER_CLIENT_PER_MINUTE, timeWindow: '1 minute' } },
      },
      async (request, reply) => {
        const address = request.body.email.toLowerCase()
        // An IP address has no "/": each pair of client and e-mail has a key of its own.
        const failures = {
          ofEmail: `sign-in-failures-email:${address}`,
          ofClient: `sign-in-failures-client:${request.ip}/${address}`,
        }
        const ofClient = await readHits(rateLimits, failures.ofClient)
        if (ofClient.current >= SIGN_IN_FAILURES.perEmailAndClient) {
          throw new HttpError(
            429,
            'Too Many Requests',
            `Too many failed sign-ins for this e-mail from your address. Please try again in ${Math.ceil(ofClient.ttl / 60_000)} minutes.`,
            undefined,
            'rate_limited',
          )
        }
        const pause = signInPauseMs((await readHits(rateLimits, failures.ofEmail)).current)
        if (pause > 0) await sleep(pause)
        const user = await findUserByEmail(db, address)
        // An unknown e-mail costs a hash too, and counts and waits alike: the answer's time does
        // not tell which exist.
        const ok = user
          ? await verifyPassword(request.body.password, user.passwordHash)
          : await verifyNobody(request.body.password, passwordCost)
        if (!user || !ok) {
          await countHit(rateLimits, failures.ofEmail, SIGN_IN_FAILURES.windowMs)
          await countHit(rateLimits, failures.ofClient, SIGN_IN_FAILURES.windowMs)
          await writeAudit(db, { actor: address, action: 'session.login_failed' })
          throw wrongCredentials()
        }
        const { passwordHash: _hash, ...account } = user
        return signIn(request, reply, account)
      },
    )
  })

  // The session itself: any role, and before a one-time password is changed.
  await app.register(async (own) => {
    requireAdmin(own, auth, ANY_ROLE, { passwordChange: true })
    own.get('/session', { schema: { response: { 200: adminSessionSchema } } }, async (request) =>
      sessionOf(request),
    )
    own.delete(
      '/session',
      { schema: { response: { 204: noContent } }, config: { audited: true } },
      async (request, reply) => {
        const { session, name } = actorOf(request)
        if (session) await deleteSession(db, session.id)
        await writeAudit(db, { actor: name, action: 'session.logout' })
        clearSessionCookie(request, reply)
        return reply.status(204).send()
      },
    )
    own.post<{ Body: ChangePasswordRequest }>(
      '/session/password',
      {
        schema: {
          body: Joi.object({
            currentPassword: Joi.string().max(200).required(),
            newPassword: newPassword.required(),
          }),
          response: { 200: adminSessionSchema },
        },
        config: { audited: true },
      },
      async (request) => {
        const current = sessionOf(request)
        const { user } = current
        const hash = await findPasswordHash(db, user.id)
        if (!hash || !(await verifyPassword(request.body.currentPassword, hash))) {
          throw wrongCredentials()
        }
        if (request.body.newPassword === request.body.currentPassword) {
          throw new HttpError(
            400,
            'Bad Request',
            'The new password must differ from the current one.',
            undefined,
            'invalid_request',
          )
        }
        await db.transaction(async (tx) => {
          await setPassword(tx, user.id, await hashPassword(request.body.newPassword, passwordCost))
          // Whoever else knew the old password is signed out.
          await deleteOtherSessions(tx, user.id, actorOf(request).session!.id)
          await writeAudit(tx, {
            actor: user.email,
            action: 'user.password_changed',
            target: `user:${user.id}`,
          })
        })
        return { ...current, user: { ...user, mustChangePassword: false } } satisfies AdminSession
      },
    )
  })

  // Accounts and the audit log: owner and admin.
  await app.register(async (settings) => {
    requireAdmin(settings, auth)
    settings.get(
      '/users',
      { schema: { response: { 200: Joi.array().items(adminAccountSchema) } } },
      async () => listUsers(db),
    )
    settings.post<{ Body: CreateUserRequest }>(
      '/users',
      {
        schema: {
          body: Joi.object({
            email: email.required(),
            name: Joi.string().trim().min(1).max(200).required(),
            role: Joi.string()
              .valid(...adminRoles)
              .required(),
            staffId: idSchema.allow(null).default(null),
            password: newPassword.required(),
          }),
          response: { 201: adminUserSchema },
        },
        config: { audited: true },
      },
      async (request, reply) => {
        const { role } = request.body
        const staffId = request.body.staffId ?? null
        if (role === 'owner' && actorOf(request).user.role !== 'owner') {
          throw forbidden('Only an owner can make another owner.')
        }
        if ((role === 'staff') !== (staffId !== null)) {
          throw new HttpError(
            400,
            'Bad Request',
            'A staff account names its staff member in "staffId"; other roles name none.',
            undefined,
            'invalid_request',
          )
        }
        const user = await db.transaction(async (tx) => {
          if (staffId !== null) {
            const { rows } = await tx.query('SELECT 1 FROM staff WHERE id = $1', [staffId])
            if (rows.length === 0) {
              throw new HttpError(404, 'Not Found', 'No such staff member.', undefined, 'not_found')
            }
          }
          const created = await insertUser(tx, {
            email: request.body.email,
            name: request.body.name,
            role,
            staffId,
            passwordHash: await hashPassword(request.body.password, passwordCost),
            mustChangePassword: true,
          })
          await writeAudit(tx, {
            actor: actorOf(request).name,
            action: 'user.created',
            target: `user:${created.id}`,
            detail: { email: created.email, role },
          })
          return created
        })
        return reply.status(201).send(user)
      },
    )
    settings.patch<{ Params: { id: number }; Body: UpdateUserRequest }>(
      '/users/:id',
      {
        schema: {
          params: Joi.object({ id: idSchema.required() }),
          body: Joi.object({
            name: Joi.string().trim().min(1).max(200),
            role: Joi.string().valid(...adminRoles),
            staffId: idSchema.allow(null),
            disabled: Joi.boolean(),
            password: newPassword,
          }).min(1),
          response: { 200: adminAccountSchema },
        },
        config: { audited: true },
      },
      async (request) => {
        const actor = actorOf(request)
        const { id } = request.params
        const change = request.body
        return db.transaction(async (tx) => {
          const account = await findAccount(tx, id, true)
          if (!account) {
            throw new HttpError(404, 'Not Found', 'No such account.', undefined, 'not_found')
          }
          const role = change.role ?? account.role
          if ((account.role === 'owner' || role === 'owner') && actor.user.role !== 'owner') {
            throw forbidden('Only an owner can change an owner, or make one.')
          }
          // The dashboard keeps the one who is using it: no lock-out by one's own hand.
          if (
            id === actor.user.id &&
            ((change.role !== undefined && change.role !== account.role) || change.disabled)
          ) {
            throw new HttpError(
              409,
              'Conflict',
              'You cannot change the role of your own account or disable it.',
              undefined,
              'conflict',
            )
          }
          const staffId =
            change.staffId !== undefined
              ? change.staffId
              : role === 'staff'
                ? account.staffId
                : null
          if ((role === 'staff') !== (staffId !== null)) {
            throw new HttpError(
              400,
              'Bad Request',
              'A staff account names its staff member in "staffId"; other roles name none.',
              undefined,
              'invalid_request',
            )
          }
          if (staffId !== null && staffId !== account.staffId) {
            const { rows } = await tx.query('SELECT 1 FROM staff WHERE id = $1', [staffId])
            if (rows.length === 0) {
              throw new HttpError(404, 'Not Found', 'No such staff member.', undefined, 'not_found')
            }
          }
          const updated = await updateAccount(
            tx,
            id,
            {
              name: change.name ?? account.name,
              role,
              staffId,
              disabled: change.disabled ?? account.disabled,
              passwordHash: change.password
                ? await hashPassword(change.password, passwordCost)
                : undefined,
            },
            now(),
          )
          // A disabled account, or one whose password another person set, is signed out now.
          if ((updated.disabled && !account.disabled) || change.password) {
            await deleteSessionsOf(tx, id)
          }
          const { password: _password, ...recorded } = change
          await writeAudit(tx, {
            actor: actor.name,
            action: 'user.updated',
            target: `user:${id}`,
            detail: { ...recorded, ...(change.password ? { passwordReset: true } : {}) },
          })
          return updated
        })
      },
    )
    settings.get<{ Querystring: { cursor?: number; limit: number } }>(
      '/audit',
      {
        schema: {
          querystring: Joi.object({
            cursor: idSchema,
            limit: Joi.number().integer().min(1).max(200).default(50),
          }),
          response: { 200: auditPageSchema },
        },
      },
      async (request): Promise<AuditPage> =>
        listAudit(db, request.query.cursor, request.query.limit),
    )
  })
}
