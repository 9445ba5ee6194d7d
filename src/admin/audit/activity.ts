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

/**
 * The action as a sentence; a change audited by its request names its path, with the route's
 * parameters the request recorded filled in (`/api/admin/services/:id` is `/api/admin/services/3`).
 */
export function actionText(action: string, t: Translate, params?: unknown): string {
  if (ACTIONS.has(action)) return t(`admin.activity.${action}`)
  const request = REQUEST.exec(action)
  if (request) {
    const given = isRecord(params) ? params : {}
    const path = (request[2] ?? '').replace(/:(\w+)/g, (whole, name: string) =>
      typeof given[name] === 'string' || typeof given[name] === 'number'
        ? String(given[name])
        : whole,
    )
    return t(request[1] === 'DELETE' ? 'admin.activity.deleted' : 'admin.activity.saved', { path })
  }
  return action
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

// Actors the server names by a machine word: `schedule` published content at its time.
const ACTORS = new Set(['visitor', 'system', 'token', 'schedule'])

/** Who did it: an account's e-mail as it is, the visitor, the system, the schedule or the token. */
export function actorText(actor: string, t: Translate): string {
  return ACTORS.has(actor) ? t(`admin.activity.actor.${actor}`) : actor
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

/** The details the server records (server/admin/*, the booking events' payloads), by name. */
const DETAIL_NAMES = new Set([
  'amount',
  'by',
  'date',
  'disabled',
  'email',
  'end',
  'from',
  'id',
  'name',
  'passwordReset',
  'paymentId',
  'ranges',
  'reason',
  'role',
  'staffId',
  'start',
  'status',
  'to',
])
const ROLES = new Set(['owner', 'admin', 'front_desk', 'staff'])
const STATUSES = new Set(['held', 'requested', 'confirmed', 'declined', 'cancelled', 'expired'])
// Who ended a booking (server/booking/commands/cancel.ts).
const ENDED_BY: Record<string, string> = {
  visitor: 'admin.activity.actor.visitor',
  business: 'admin.audit.byBusiness',
}

const isRange = (value: unknown): value is { start: string; end: string } =>
  isRecord(value) && typeof value.start === 'string' && typeof value.end === 'string'

interface DetailWords {
  t: Translate
  /** An instant in the business's zone and the dashboard's language. */
  formatInstant: (iso: string) => string
  /** An amount in minor units, in its currency and the dashboard's language. */
  formatPrice: (minor: number, currency: string) => string
}

function valueText(
  name: string,
  value: unknown,
  detail: Record<string, unknown>,
  { t, formatInstant, formatPrice }: DetailWords,
): string {
  if (typeof value === 'boolean') return value ? t('admin.yes') : t('admin.no')
  if (typeof value === 'string') {
    if (ISO_INSTANT.test(value)) return formatInstant(value)
    if (name === 'role' && ROLES.has(value)) return t(`admin.role.${value}`)
    if ((name === 'status' || name === 'from') && STATUSES.has(value)) {
      return t(`admin.status.${value}`)
    }
    if (name === 'by' && ENDED_BY[value]) return t(ENDED_BY[value])
    return value
  }
  if (name === 'amount' && typeof value === 'number' && typeof detail.currency === 'string') {
    return formatPrice(value, detail.currency)
  }
  if (name === 'ranges' && Array.isArray(value) && value.every(isRange)) {
    return value.length === 0
      ? t('admin.availability.dayOff')
      : value.map((range) => `${range.start}–${range.end}`).join(', ')
  }
  return typeof value === 'object' ? JSON.stringify(value) : String(value)
}

/**
 * The recorded details as "name: value" pairs in the dashboard's language: names, roles,
 * statuses, yes and no, amounts, hours and instants (in the business's zone) written out. A name
 * the dashboard does not know yet is shown as recorded, its value as compact data (no one shape
 * fits every action). The route parameters of a change audited by its request are in its action.
 */
export function detailPairs(
  detail: Record<string, unknown>,
  words: DetailWords,
): [string, string][] {
  const amountInCurrency = typeof detail.amount === 'number' && typeof detail.currency === 'string'
  return Object.entries(detail)
    .filter(([name, value]) => !isEmpty(value) && name !== 'params')
    .filter(([name]) => !(name === 'currency' && amountInCurrency))
    .map(([name, value]) => [
      DETAIL_NAMES.has(name) ? words.t(`admin.audit.field.${name}`) : name,
      valueText(name, value, detail, words),
    ])
}
