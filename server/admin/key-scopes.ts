import type { ApiScope } from '../../src/lib/admin/api-types'

/** What an API key needs to call a route: a scope, or `'no-keys'` where only people and ADMIN_TOKEN may. */
export type KeyDecision = ApiScope | 'no-keys'

/** A family of routes: the scope for reading them (GET, HEAD) and the one for the rest. */
type Rule = readonly [pattern: RegExp, read: KeyDecision, write: KeyDecision]

const both = (decision: KeyDecision) => [decision, decision] as const

/**
 * Every admin route's decision, the first matching pattern deciding (server/admin/auth.ts refuses
 * to register an admin route none matches). No key reaches accounts, sessions, keys themselves
 * (a key cannot make keys), the audit log, backups, calendar connections (their passwords and
 * private feed addresses) or the mail outbox (manage links), nor the server's status.
 */
const RULES: readonly Rule[] = [
  [
    /^\/api\/admin\/(session|users|api-keys|audit|backup|outbox|status)(\/|\.|$)/,
    ...both('no-keys'),
  ],
  [/^\/api\/admin\/staff\/:id\/(calendars|calendar-feed)(\/|$)/, ...both('no-keys')],
  [/^\/api\/admin\/(bookings|payments)(\/|\.|$)/, 'bookings:read', 'bookings:write'],
  // A webhook's endpoint and deliveries hold its signing secret and payloads: one scope for both.
  [
    /^\/api\/admin\/(providers\/:id\/webhooks|webhooks|webhook-deliveries)(\/|$)/,
    ...both('webhooks:write'),
  ],
  [
    /^\/api\/admin\/(providers|staff|services|service-choices|service-menus|groups|blocked-periods|one-time-links)(\/|$)/,
    'catalogue:read',
    'catalogue:write',
  ],
  [/^\/api\/admin\/content\//, 'content:read', 'content:write'],
  [/^\/api\/admin\/forms(\/|$)/, 'forms:read', 'forms:write'],
  [/^\/api\/metrics$/, ...both('metrics:read')],
]

const READ_METHODS = new Set(['GET', 'HEAD'])

/** The decision for a route as Fastify registers it (its full URL pattern); undefined: none made. */
export function keyDecision(method: string, url: string): KeyDecision | undefined {
  const rule = RULES.find(([pattern]) => pattern.test(url))
  if (!rule) return undefined
  return READ_METHODS.has(method) ? rule[1] : rule[2]
}
