import type { PublicProvider, PublicService, PublicStaff } from '../../lib/booking/api-types'
import type { ServiceMenuResponse } from '../../lib/booking/catalog-pages'
import { HttpError, isHttpError } from '../../lib/http'
import type { WidgetRoute } from '../widget-routes'
import { cartProblem } from './cart'
import {
  fetchManagedBooking,
  fetchOneTimeLink,
  fetchProvider,
  fetchService,
  fetchServiceMenu,
} from './api'
import type { FlowMode } from './state'

/** A service menu's own words and headings, for the services step to lay its services out by. */
export type MenuLayout = Pick<
  ServiceMenuResponse,
  'name' | 'description' | 'translations' | 'headings'
>

/** What one booking flow offers: a provider's services to choose among, and their staff. */
export interface Catalog {
  provider: PublicProvider
  services: PublicService[]
  staff: PublicStaff[]
  /** Set when the flow opened from a service menu. */
  menu?: MenuLayout
}

async function serviceMenu(idOrSlug: string): Promise<Catalog> {
  const { provider, services, staff, name, description, translations, headings } =
    await fetchServiceMenu(idOrSlug)
  if (services.length === 0) throw new UnknownRouteTarget(idOrSlug)
  return { provider, services, staff, menu: { name, description, translations, headings } }
}

/** Thrown when the route names something the API does not know: the flow shows a 404. */
export class UnknownRouteTarget extends Error {}

async function servicesByIds(ids: string[]): Promise<Catalog> {
  const loaded = await Promise.all(ids.map((id) => fetchService(id)))
  const first = loaded[0]
  if (!first || loaded.some((service) => service.provider.id !== first.provider.id)) {
    throw new UnknownRouteTarget('services of different providers')
  }
  const staff = new Map<number, PublicStaff>()
  for (const service of loaded) for (const member of service.staff) staff.set(member.id, member)
  return {
    provider: first.provider,
    services: loaded.map(({ provider: _provider, staff: _staff, ...service }) => service),
    staff: [...staff.values()],
  }
}

/** Loads what a calendar-layout route books; unknown providers or services become a 404. */
export async function loadCatalog(route: WidgetRoute, search: URLSearchParams): Promise<Catalog> {
  try {
    switch (route.name) {
      case 'appointment': {
        const catalog = await servicesByIds([route.service])
        if (catalog.provider.slug !== route.provider) throw new UnknownRouteTarget(route.provider)
        return catalog
      }
      case 'appointment-service':
        return await servicesByIds([route.service])
      case 'bookings':
        return await servicesByIds([route.slug])
      case 'booking':
        return await servicesByIds(route.ids)
      case 'booking-query': {
        const ids = (search.get('id') ?? search.get('ids') ?? '').split(',').filter(Boolean)
        if (ids.length === 0 || ids.some((id) => !/^[\w-]{1,128}$/.test(id))) {
          throw new UnknownRouteTarget('no id')
        }
        return await servicesByIds(ids)
      }
      case 'service-menus':
        return await serviceMenu(route.serviceMenuSlug)
      case 'service-menu':
        return await serviceMenu(route.serviceMenuId)
      case 'service-menu-service':
        return await serviceMenu(route.serviceMenu)
      case 'appointment-team': {
        const { services, staff, ...provider } = await fetchProvider(route.provider)
        if (services.length === 0) throw new UnknownRouteTarget(route.provider)
        return { provider, services, staff }
      }
      default:
        throw new UnknownRouteTarget(route.name)
    }
  } catch (error) {
    if (isHttpError(error) && error.statusCode === 404) throw new UnknownRouteTarget(error.message)
    throw error
  }
}

// The server's words for a booking that can no longer move; "rescheduled" in it makes the
// error screen show the expired-link view.
const CANCELLED_CANNOT_MOVE = 'This booking was cancelled and can no longer be rescheduled.'

/**
 * What a calendar-layout route opens: a new booking, a one-time link's booking, or, with
 * `?reschedule=<token>`, the booking that token manages, with that booking's own services.
 */
export async function loadFlow(
  route: WidgetRoute,
  search: URLSearchParams,
): Promise<{ catalog: Catalog; mode: FlowMode }> {
  const token = search.get('reschedule')
  if (token) {
    const { booking } = await fetchManagedBooking(token)
    if (booking.status === 'cancelled') {
      throw new HttpError({
        statusCode: 409,
        statusMessage: CANCELLED_CANNOT_MOVE,
        message: CANCELLED_CANNOT_MOVE,
      })
    }
    const ids = [...new Set(booking.lines.map((line) => String(line.serviceId)))]
    return { catalog: await servicesByIds(ids), mode: { kind: 'reschedule', token, booking } }
  }
  if (route.name === 'one-time-link') {
    const oneTimeSlug = route.oneTimeSlug ?? search.get('slug')
    if (!oneTimeSlug) throw new UnknownRouteTarget('no one-time link')
    // A used or expired link answers 410 "slug expired": the expired-link view.
    const { service } = await fetchOneTimeLink(oneTimeSlug)
    return {
      catalog: await servicesByIds([String(service.id)]),
      mode: { kind: 'one-time', oneTimeSlug },
    }
  }
  const flow = withChosenStaff(await loadCatalog(route, search), search)
  return route.name === 'service-menu-service' ? withChosenService(flow, route.service) : flow
}

/**
 * The flow a page built with its first step runs until the API answers, set up once hydrated
 * from the query it was opened with (the built HTML is the same whatever the query): undefined
 * for a reschedule link, whose booking only the API knows.
 */
export function flowAtBuild(
  built: Catalog,
  search: URLSearchParams,
): { catalog: Catalog; mode: FlowMode } | undefined {
  return search.has('reschedule') ? undefined : withChosenStaff(built, search)
}

/**
 * `/service-menus/:servicemenu/:service` opens the menu with that service (by id or slug) already
 * chosen for the visitor; a service the menu does not list is a 404, like an unknown menu.
 */
function withChosenService(
  flow: { catalog: Catalog; mode: FlowMode },
  idOrSlug: string,
): { catalog: Catalog; mode: FlowMode } {
  const service = flow.catalog.services.find(
    (candidate) => candidate.slug === idOrSlug || String(candidate.id) === idOrSlug,
  )
  if (!service || flow.mode.kind !== 'book') throw new UnknownRouteTarget(idOrSlug)
  return { ...flow, mode: { ...flow.mode, serviceId: service.id } }
}

/**
 * A link that names a staff member (`?staff=<id>`, the site's "Book with …") books with them:
 * only their services are offered and the staff step is passed (going back to it offers everyone
 * again). An id the catalog does not know, or who offers none of its services, is ignored
 * rather than a dead end.
 *
 * A page built with its first step submits that step's form when it is used before the page's
 * script runs (steps/select-staff.tsx, steps/select-services.tsx), and so opens again with the
 * choice in its query: `?staff=any` passes the staff step with whoever is free, and
 * `?service=<id>` (once for each) the services step with those services, when the step itself
 * would let them through.
 */
function withChosenStaff(
  catalog: Catalog,
  search: URLSearchParams,
): { catalog: Catalog; mode: FlowMode } {
  const staff = search.get('staff')
  const chosen = submittedServices(catalog, search.getAll('service'))
  const book = { kind: 'book' as const, ...(chosen && { serviceIds: chosen }) }
  if (staff === 'any') return { catalog, mode: { ...book, staffId: 'any' } }
  const member = staff ? catalog.staff.find((m) => String(m.id) === staff) : undefined
  const services = catalog.services.filter((service) => member?.serviceIds.includes(service.id))
  if (!member || services.length === 0) return { catalog, mode: book }
  return { catalog: { ...catalog, services }, mode: { kind: 'book', staffId: member.id } }
}

/** The services a submitted services step chose, if the step would have let them through. */
function submittedServices(catalog: Catalog, ids: string[]): number[] | undefined {
  if (ids.length === 0) return undefined
  const chosen = catalog.services.filter((service) => ids.includes(String(service.id)))
  const serviceIds = chosen.map((service) => service.id)
  return chosen.length === ids.length && !cartProblem([serviceIds], catalog.services)
    ? serviceIds
    : undefined
}
