import type { AdminRole } from '../lib/admin/api-types'

/** The dashboard's screens, in the navigation's order; each is a path under `/{lng}/admin/`. */
export const adminScreens = [
  'bookings',
  'calendar',
  'availability',
  'calendars',
  'services',
  'staff',
  'menus',
  'groups',
  'links',
  'forms',
  'webhooks',
  'api-keys',
  'embedding',
  'outbox',
  'audit',
  'users',
  'content',
  'media',
  'settings',
] as const

export type AdminScreen = (typeof adminScreens)[number]

const everyone: readonly AdminRole[] = ['owner', 'admin', 'front_desk', 'staff']
const managers: readonly AdminRole[] = ['owner', 'admin']

/**
 * Who sees which screen. The API refuses the rest anyway; hiding them keeps the navigation to
 * what works. Staff see no outbox: its e-mails carry every visitor's contact, not only theirs.
 * The front desk changes no settings, and hours and calendars are settings; staff keep their own.
 */
const screenRoles: Record<AdminScreen, readonly AdminRole[]> = {
  bookings: everyone,
  calendar: everyone,
  availability: ['owner', 'admin', 'staff'],
  // Like the hours: a practitioner's own calendars are theirs to connect.
  calendars: ['owner', 'admin', 'staff'],
  outbox: ['owner', 'admin', 'front_desk'],
  audit: managers,
  users: managers,
  forms: managers,
  webhooks: managers,
  'api-keys': managers,
  embedding: managers,
  menus: managers,
  groups: managers,
  links: managers,
  services: managers,
  staff: managers,
  content: ['owner', 'admin', 'editor'],
  media: ['owner', 'admin', 'editor'],
  settings: ['owner', 'admin', 'editor'],
}

export const canOpen = (role: AdminRole, screen: AdminScreen) => screenRoles[screen].includes(role)

const isScreen = (value: string | undefined): value is AdminScreen =>
  (adminScreens as readonly string[]).includes(value ?? '')

/** The screen `/admin/` alone opens for `role`: the bookings, or the first it may open. */
export const homeScreen = (role: AdminRole): AdminScreen =>
  adminScreens.find((screen) => canOpen(role, screen))!

/**
 * `/de/admin/calendar/` is the calendar, under the base `/de/admin/`; `/admin/` alone is the
 * bookings (for an editor, who has none, the content). A path naming no screen gives
 * `screen: null`, for the dashboard's "not found".
 */
export function parseAdminPath(
  pathname: string,
  role?: AdminRole,
): { base: string; screen: AdminScreen | null } {
  const segments = pathname.split('/').filter(Boolean)
  const at = segments.indexOf('admin')
  const base = `/${segments.slice(0, at + 1).join('/')}/`
  const rest = segments.slice(at + 1)
  if (rest.length === 0) return { base, screen: role ? homeScreen(role) : 'bookings' }
  return { base, screen: rest.length === 1 && isScreen(rest[0]) ? rest[0] : null }
}
