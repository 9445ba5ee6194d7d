import type { Locale } from '../locale/locales'
import type { PublicService } from './api-types'

/** A service's name and description in `locale`, or in the default language it was written in. */
export function localizedService(
  service: Pick<PublicService, 'name' | 'description' | 'translations'>,
  locale: Locale,
): { name: string; description: string } {
  const translated = service.translations[locale]
  return translated
    ? { name: translated.name, description: translated.description || service.description }
    : { name: service.name, description: service.description }
}
