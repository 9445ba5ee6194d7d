import type { Locale } from '../locale/locales'
import type { PublicProvider, PublicService, PublicStaff, ServiceTranslations } from './api-types'

/**
 * The API's shapes for the pages that gather calendars: service menus and groups. Shared by the
 * server that sends them and the widget that shows them.
 */

export interface MenuHeading {
  name: string
  /** The heading in other languages than the default one. */
  translations: Partial<Record<Locale, { name: string }>>
  /** The heading's services, in the business's order. */
  serviceIds: number[]
}

/** What a menu or a group is called, with translations like a service's. */
export interface CatalogPage {
  id: number
  slug: string
  name: string
  description: string
  translations: ServiceTranslations
  provider: PublicProvider
  /** The page's services (calendars), in the business's order. */
  services: PublicService[]
  /** Everyone who performs any of them. */
  staff: PublicStaff[]
}

export interface ServiceMenuResponse extends CatalogPage {
  headings: MenuHeading[]
}

export type GroupResponse = CatalogPage

/** A heading's name in `locale`, or in the default language it was written in. */
export const localizedHeading = (heading: MenuHeading, locale: Locale): string =>
  heading.translations[locale]?.name ?? heading.name
