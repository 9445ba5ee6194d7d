import type { FastifyBaseLogger } from 'fastify'
import type { Queryable } from '../db'
import { createSlotCache } from '../booking/slot-cache'
import { hashSecret } from '../booking/store/manage-token'
import { MAX_DATABASE_INTEGER } from '../../src/lib/validation/joi'
import { parseWidgetRoute, widgetSegments, type WidgetRoute } from '../../src/widgets/widget-routes'

interface Lookup {
  cacheKey: string
  sql: string
  param: string | number | Buffer
}

/** The provider owning a row of `table` named by id or slug (a slug of digits is an id). */
function ownerOf(table: string, idOrSlug: string): Lookup | undefined {
  const byId = /^\d+$/.test(idOrSlug)
  // An id beyond PostgreSQL's integer names nothing (and must not reach the query as one).
  if (byId && Number(idOrSlug) > MAX_DATABASE_INTEGER) return undefined
  return {
    cacheKey: `${table}:${idOrSlug}`,
    sql: `SELECT p.embed_origins AS origins FROM ${table} t JOIN providers p ON p.id = t.provider_id
           WHERE t.${byId ? 'id' : 'slug'} = $1`,
    param: byId ? Number(idOrSlug) : idOrSlug,
  }
}

/**
 * How to find the provider a widget route belongs to, from the one parameter that names it.
 * Routes of a booking, a payment or a form name none (or only behind a secret the page reads
 * later): those keep the environment's list.
 */
function lookupOf(route: WidgetRoute): Lookup | undefined {
  switch (route.name) {
    case 'appointment':
    case 'appointment-team':
      return {
        cacheKey: `providers:${route.provider}`,
        sql: 'SELECT embed_origins AS origins FROM providers WHERE slug = $1',
        param: route.provider,
      }
    case 'appointment-service':
    case 'appointment-service-cancel':
      return ownerOf('services', route.service)
    case 'group':
      return ownerOf('service_groups', route.groupId)
    case 'groups':
      return ownerOf('service_groups', route.groupSlug)
    case 'service-menus':
      return ownerOf('service_menus', route.serviceMenuSlug)
    case 'service-menu-service':
      return ownerOf('service_menus', route.serviceMenu)
    case 'service-menu':
      return ownerOf('service_menus', route.serviceMenuId)
    case 'one-time-link': {
      if (!route.oneTimeSlug) return undefined
      // Links are stored by hash only; the cache keeps the hash too, not the secret slug.
      const hash = hashSecret(route.oneTimeSlug)
      return {
        cacheKey: `one_time_links:${hash.toString('hex')}`,
        sql: `SELECT p.embed_origins AS origins FROM one_time_links l
                JOIN services s ON s.id = l.service_id JOIN providers p ON p.id = s.provider_id
               WHERE l.slug_hash = $1`,
        param: hash,
      }
    }
    default:
      return undefined
  }
}

/** The origins the provider of a widget page lets frame it; none when no provider is named. */
export type ProviderEmbedOrigins = (pathname: string) => Promise<string[]>

/**
 * Reads a widget page's provider's `embed_origins`, one small query per route kept in the slot
 * cache's store: under the availability revision, which a change to a provider, a service, a menu
 * or a group bumps (so a new origin frames at once, in every process, and a deleted menu's slug
 * names no provider any more), and for a minute at most.
 */
export function providerEmbedOrigins(db: Queryable, now: () => number): ProviderEmbedOrigins {
  const cache = createSlotCache(db)
  return async (pathname) => {
    const segments = widgetSegments(pathname)
    const route = segments && parseWidgetRoute(segments)
    const lookup = route && lookupOf(route)
    if (!lookup) return []
    return cache.get(lookup.cacheKey, now(), async () => {
      const { rows } = await db.query<{ origins: string[] }>(lookup.sql, [lookup.param])
      return { value: rows[0]?.origins ?? [], exactUntil: Infinity }
    })
  }
}

/** Who may frame the widget page at a path besides this site: its `frame-ancestors` origins. */
export type WidgetFramers = (pathname: string, log: FastifyBaseLogger) => Promise<string[]>

/**
 * The sites in EMBED_ORIGINS and the page's provider's own (`*` in either: any). Should the
 * provider's list be unreadable, the page still opens, framed as EMBED_ORIGINS alone allows.
 */
export function widgetFramers(
  embedOrigins: string[],
  providerOrigins: ProviderEmbedOrigins,
): WidgetFramers {
  return async (pathname, log) => {
    const own = await providerOrigins(pathname).catch((error: unknown) => {
      log.warn({ err: error }, "Could not read the provider's embed origins")
      return []
    })
    return [...embedOrigins, ...own]
  }
}

/** The `frame-ancestors` sources of a widget page that `framers` may frame besides this site. */
export function frameAncestorSources(framers: string[]): string[] {
  return framers.includes('*') ? ['*'] : ["'self'", ...new Set(framers)]
}

/**
 * Whether the browser lets a page of `origin` frame a widget page under
 * `frameAncestorSources(framers)`: read from the same sources the header carries. `self` is the
 * widget's own origin.
 */
export function mayFrame(origin: string, framers: string[], self: string): boolean {
  const sources = frameAncestorSources(framers)
  return (
    sources.includes('*') ||
    sources.includes(origin) ||
    (sources.includes("'self'") && origin === self)
  )
}
