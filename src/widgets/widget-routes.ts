import { localeOfPath } from '../lib/locale/locales'

/**
 * The widget's routes (spec §2), parsed from the path after `/widget` (and any locale prefix).
 * Each route names the flow it opens; parameters are checked for shape here and for existence by
 * the flow itself, which shows the 404 error screen when the API does not know them.
 */
export type WidgetRoute =
  | { name: 'appointment'; provider: string; service: string }
  | { name: 'appointment-service'; service: string }
  | { name: 'appointment-service-cancel'; service: string }
  | { name: 'appointment-team'; provider: string }
  | { name: 'group'; groupId: string }
  | { name: 'groups'; groupSlug: string }
  | { name: 'booking'; ids: string[] }
  | { name: 'booking-query' }
  | { name: 'cancel-booking' }
  | { name: 'service-menu-service'; serviceMenu: string; service: string }
  | { name: 'service-menus'; serviceMenuSlug: string }
  | { name: 'service-menu'; serviceMenuId: string }
  | { name: 'form'; id: string }
  | { name: 'survey'; id: string }
  | { name: 'bookings'; slug: string }
  | { name: 'one-time-link'; oneTimeSlug: string | undefined }
  /**
   * Payment verification: where the provider sends the visitor back (`verify-payment-callback`,
   * or a preview's `v2/preview/:id/verify-payment-callback`), and `verifyPayment`, the link a
   * business sends; the booking's manage token is in the query.
   */
  | { name: 'verify-payment'; previewId?: string }

// A parameter is one path segment of letters, digits, dashes and underscores.
const PARAM = /^[A-Za-z0-9_-]{1,128}$/
const isParam = (value: string | undefined): value is string =>
  value !== undefined && PARAM.test(value)

function parseIds(value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined
  const ids = value.split(',')
  return ids.every(isParam) ? ids : undefined
}

/** `segments` are the decoded path segments after `widget`. */
export function parseWidgetRoute(segments: string[]): WidgetRoute | undefined {
  const [first, second, third, fourth] = segments
  const count = segments.length
  switch (first) {
    case 'appointment':
      if (second === 'service' && isParam(third)) {
        if (count === 3) return { name: 'appointment-service', service: third }
        if (count === 4 && fourth === 'cancel') {
          return { name: 'appointment-service-cancel', service: third }
        }
        return undefined
      }
      if (count === 2 && isParam(second)) return { name: 'appointment-team', provider: second }
      if (count === 3 && isParam(second) && isParam(third)) {
        return { name: 'appointment', provider: second, service: third }
      }
      return undefined
    case 'group':
      return count === 2 && isParam(second) ? { name: 'group', groupId: second } : undefined
    case 'groups':
      return count === 2 && isParam(second) ? { name: 'groups', groupSlug: second } : undefined
    case 'booking': {
      if (count === 1) return { name: 'booking-query' }
      if (count === 2 && second === 'cancel-booking') return { name: 'cancel-booking' }
      const ids = count === 2 ? parseIds(second) : undefined
      return ids ? { name: 'booking', ids } : undefined
    }
    case 'cancel-booking':
      return count === 1 ? { name: 'cancel-booking' } : undefined
    case 'service-menus':
      if (count === 2 && isParam(second)) return { name: 'service-menus', serviceMenuSlug: second }
      if (count === 3 && isParam(second) && isParam(third)) {
        return { name: 'service-menu-service', serviceMenu: second, service: third }
      }
      return undefined
    case 'service-menu':
      return count === 2 && isParam(second)
        ? { name: 'service-menu', serviceMenuId: second }
        : undefined
    case 'form':
      return count === 2 && isParam(second) ? { name: 'form', id: second } : undefined
    case 'survey':
      return count === 2 && isParam(second) ? { name: 'survey', id: second } : undefined
    case 'bookings':
      // Anything may follow the slug (spec: "/widget/bookings followed by any slug").
      return isParam(second) ? { name: 'bookings', slug: second } : undefined
    case 'otl':
      if (count === 1) return { name: 'one-time-link', oneTimeSlug: undefined }
      return count === 2 && isParam(second)
        ? { name: 'one-time-link', oneTimeSlug: second }
        : undefined
    case 'verify-payment-callback':
    case 'verifyPayment':
      return count === 1 ? { name: 'verify-payment' } : undefined
    case 'v2':
      return count === 4 &&
        second === 'preview' &&
        isParam(third) &&
        fourth === 'verify-payment-callback'
        ? { name: 'verify-payment', previewId: third }
        : undefined
    default:
      return undefined
  }
}

/** The segments after `/widget` of a (possibly locale-prefixed) path; undefined outside the widget. */
export function widgetSegments(pathname: string): string[] | undefined {
  const segments = pathname.split('/').filter(Boolean)
  const afterLocale = localeOfPath(pathname) ? segments.slice(1) : segments
  if (afterLocale[0] !== 'widget') return undefined
  try {
    return afterLocale.slice(1).map((segment) => decodeURIComponent(segment))
  } catch {
    return undefined
  }
}
