import type { ServiceTranslations } from '../booking/api-types'
import type { MenuHeading } from '../booking/catalog-pages'

/**
 * The dashboard's catalogue screens (service menus, groups, one-time links) and the admin API
 * that serves them: shapes shared by both sides.
 */

/** The widget's paths (src/widgets/widget-routes.ts), without the locale the page adds. */
export const menuWidgetPath = (slug: string) => `/widget/service-menus/${slug}`
export const groupWidgetPath = (slug: string) => `/widget/groups/${slug}`
export const oneTimeLinkWidgetPath = (slug: string) => `/widget/otl/${slug}`

/** A service a page or a link may list, with the provider it books with. */
export interface CatalogueService {
  id: number
  name: string
  providerId: number
  providerName: string
}

/** What a menu and a group share: everything their create and update payloads take. */
export interface AdminCatalogPage {
  id: number
  providerId: number
  slug: string
  name: string
  description: string
  translations: ServiceTranslations
  published: boolean
  createdAt: string
  /** The public widget page, e.g. `/widget/service-menus/all-treatments`. */
  widgetPath: string
}

export interface AdminServiceMenu extends AdminCatalogPage {
  headings: MenuHeading[]
}

export interface AdminGroup extends AdminCatalogPage {
  serviceIds: number[]
}

/** The fields a new menu or group is made of (`POST`), and any of them on an edit (`PATCH`). */
interface CatalogPageInput {
  providerId: number
  slug: string
  name: string
  description: string
  published: boolean
}

export type ServiceMenuInput = CatalogPageInput & { headings: MenuHeading[] }
export type GroupInput = CatalogPageInput & { serviceIds: number[] }
/** An edit names no provider: a page stays with the one it was made for. */
export type ServiceMenuPatch = Partial<Omit<ServiceMenuInput, 'providerId'>>
export type GroupPatch = Partial<Omit<GroupInput, 'providerId'>>

/** `unused` can still make its one booking; `expired` can no longer; `used` made it. */
export type OneTimeLinkState = 'unused' | 'used' | 'expired'

/**
 * A one-time link as the dashboard lists it. Its slug is a secret kept only as a hash (migration
 * 005), so the list cannot show it again: the full URL is shown once, when the link is made.
 */
export interface AdminOneTimeLink {
  id: number
  serviceId: number
  serviceName: string
  createdAt: string
  expiresAt: string | null
  usedAt: string | null
  /** The booking the link made, once used. */
  bookingId: number | null
  state: OneTimeLinkState
}

/** Newest first; `next` is the `before` of the next (older) page, or null at the end. */
export interface OneTimeLinkPage {
  links: AdminOneTimeLink[]
  next: number | null
}

export interface NewOneTimeLink {
  serviceId: number
  /** An instant (ISO 8601); none: the link never expires. */
  expiresAt?: string
}

/** The link just made: its secret slug and public path, given this once. */
export interface CreatedOneTimeLink {
  slug: string
  widgetPath: string
}
