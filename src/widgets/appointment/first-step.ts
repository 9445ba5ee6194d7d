import type { ProviderResponse, PublicService } from '../../lib/booking/api-types'
import { localeOfPath, type Locale } from '../../lib/locale/locales'
import { parseWidgetRoute, widgetSegments, type WidgetRoute } from '../widget-routes'
import type { Catalog } from './catalog'

/**
 * The folder the build puts the first-step pages in, in place of `widget`: outside the widget's
 * client-only match path, which would list every page built under it in the match-paths table
 * each page's app.js carries. The server answers the widget's own paths with them
 * (server/site/site-files.ts); nothing links here, and the server answers this folder itself
 * with a 404.
 */
export const FIRST_STEP_FOLDER = 'widget-first-step'

/**
 * Where the build put the first step of the locale-prefixed widget path `pathname` (with or
 * without its trailing slash), if it built one: undefined for any other path.
 */
export function firstStepBuildPath(pathname: string): string | undefined {
  const locale = localeOfPath(pathname)
  const segments = pathname.split('/').filter(Boolean)
  if (!locale || segments[1] !== 'widget' || segments.length < 3) return undefined
  return `/${[locale, FIRST_STEP_FOLDER, ...segments.slice(2)].join('/')}/`
}

/** A page's first step: the widget path it shows and what that path's flow opens. */
export interface FirstStep {
  /** The locale-prefixed widget path, with its trailing slash. */
  path: string
  catalog: Catalog
}

/** Whether two paths are the same page, one with its trailing slash and one without. */
export const samePage = (a: string, b: string) => a.replace(/\/$/, '') === b.replace(/\/$/, '')

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

/**
 * The first step of the widget path `path` (locale-prefixed) from the provider the build read,
 * with the services' texts of the page's language only: the page carries it in its HTML for its
 * hydration (src/widgets/shell/carried-first-step.tsx), and every other language's would be dead
 * weight there.
 */
export function firstStepOf(
  path: string,
  provider: ProviderResponse,
  locale: Locale,
): FirstStep | undefined {
  const segments = widgetSegments(path)
  const route = segments && parseWidgetRoute(segments)
  const catalog = route && catalogAtBuild(route, provider)
  if (!catalog) return undefined
  const services = catalog.services.map((service) => {
    const own = service.translations[locale]
    return { ...service, translations: own ? { [locale]: own } : {} }
  })
  return { path, catalog: { ...catalog, services } }
}
