import type { ProviderResponse, PublicService } from '../../lib/booking/api-types'
import { parseWidgetRoute, widgetSegments, type WidgetRoute } from '../widget-routes'
import type { Catalog } from './catalog'

/** What the build knows a path by: the provider's slug and its services' slugs. */
interface ProviderSlugs {
  slug: string
  services: Pick<PublicService, 'slug'>[]
}

/**
 * What a route names of the provider the site was built with: its page (no service) or one of
 * its services (by slug, still to be found among them); undefined for any other route.
 */
function builtTarget(
  route: WidgetRoute,
  provider: ProviderSlugs,
): { service?: string } | undefined {
  switch (route.name) {
    case 'appointment-team':
      return route.provider === provider.slug ? {} : undefined
    case 'appointment':
      return route.provider === provider.slug ? { service: route.service } : undefined
    case 'bookings':
      return { service: route.slug }
    default:
      return undefined
  }
}

/**
 * The widget paths (without locale) the site's build renders with their first step, from the
 * booking provider it reads: the provider's own page, and each of its services under both of the
 * shapes that name one (`/bookings/{service}`, the embed's `/appointment/{provider}/{service}`).
 * A provider slugged `service` would make its services' second shape another route: those paths
 * stay client-only, as does every other widget path.
 */
export function firstStepPaths(provider: ProviderSlugs): string[] {
  if (provider.services.length === 0) return []
  const providerPath = `/widget/appointment/${encodeURIComponent(provider.slug)}/`
  const candidates = [
    providerPath,
    ...provider.services.flatMap(({ slug }) => [
      `/widget/bookings/${encodeURIComponent(slug)}/`,
      `${providerPath}${encodeURIComponent(slug)}/`,
    ]),
  ]
  return candidates.filter((path) => {
    const segments = widgetSegments(path)
    const route = segments && parseWidgetRoute(segments)
    return route !== undefined && builtTarget(route, provider) !== undefined
  })
}

/**
 * What a route opens, worked out from the provider's data the build has, as `loadCatalog` gets it
 * from the API at run time: undefined when the route names anything else. The built page and its
 * hydration both start from it, so they render the same; the API's answer then replaces it.
 */
export function catalogAtBuild(route: WidgetRoute, built: ProviderResponse): Catalog | undefined {
  const target = builtTarget(route, built)
  if (!target) return undefined
  const { services, staff, ...provider } = built
  if (target.service === undefined) {
    return services.length > 0 ? { provider, services, staff } : undefined
  }
  const service = services.find((candidate) => candidate.slug === target.service)
  return (
    service && {
      provider,
      services: [service],
      // GET /api/services/{service} lists the staff who perform it.
      staff: staff.filter((member) => member.serviceIds.includes(service.id)),
    }
  )
}
