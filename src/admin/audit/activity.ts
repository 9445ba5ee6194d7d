/**
 * What the audit log and a booking's history record, told as sentences in the dashboard's
 * language. The server records machine words (`session.login`, `user:1`, `visitor`); these are
 * their translations, with the raw word kept for any the dashboard does not know yet.
 */
type Translate = (key: string, values?: Record<string, string>) => string

const ACTIONS = new Set([
  'booking.created',
  'booking.rescheduled',
  'booking.cancelled',
  'booking.confirmed',
  'booking.declined',
  'booking.expired',
  'booking.no_show',
  'payment.succeeded',
  'payment.failed',
  'payment.refunded',
  'session.login',
  'session.login_failed',
  'session.logout',
  'user.created',
  'user.updated',
  'user.password_changed',
  'user.password_reset',
  'backup.taken',
  'availability.override_set',
  'availability.override_removed',
  'availability.blocked',
  'availability.unblocked',
])

// Changes the API audits by their request alone (server/admin/auth.ts): "PUT /api/admin/…".
const REQUEST = /^(POST|PUT|PATCH|DELETE) (\S+)$/

export function actionText(action: string, t: Translate): string {
  if (ACTIONS.has(action)) return t(`admin.activity.${action}`)
  const request = REQUEST.exec(action)
  if (request) {
    const path = request[2] ?? ''
    return t(request[1] === 'DELETE' ? 'admin.activity.deleted' : 'admin.activity.saved', { path })
  }
  return action
}

/** Who did it: an account's e-mail as it is, the visitor, the system or the admin token by name. */
export function actorText(actor: string, t: Translate): string {
  return actor === 'visitor' || actor === 'system' || actor === 'token'
    ? t(`admin.activity.actor.${actor}`)
    : actor
}

const TARGETS = new Set(['booking', 'user', 'staff', 'blocked-period'])

/** What it acted on: `booking:12` is "Booking 12". */
export function targetText(target: string | null, t: Translate): string {
  if (!target) return ''
  const [kind = '', id = ''] = target.split(':')
  return TARGETS.has(kind) && id ? t(`admin.activity.target.${kind}`, { id }) : target
}

const isEmpty = (value: unknown) =>
  value === null ||
  value === undefined ||
  value === '' ||
  (typeof value === 'object' && Object.keys(value).length === 0)

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/

/**
 * The recorded details as "name: value" pairs; instants in the business's zone and language,
 * anything nested as compact data (no one shape fits every action).
 */
export function detailPairs(
  detail: Record<string, unknown>,
  formatInstant: (iso: string) => string,
): [string, string][] {
  return Object.entries(detail)
    .filter(([, value]) => !isEmpty(value))
    .map(([name, value]) => [
      name,
      typeof value === 'string'
        ? ISO_INSTANT.test(value)
          ? formatInstant(value)
          : value
        : typeof value === 'object'
          ? JSON.stringify(value)
          : String(value),
    ])
}
