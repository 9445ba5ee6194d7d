import { usePageLocale } from '../../components/use-page-locale'
import { localizedPath } from '../../lib/locale/locales'

/**
 * The full address of a widget page (`/widget/…` from the API) in the dashboard's language, on
 * this site: what a business pastes into a mail or its own page.
 */
export function useWidgetUrl(): (widgetPath: string) => string {
  const locale = usePageLocale()
  const origin = typeof window === 'undefined' ? '' : window.location.origin
  return (widgetPath) => `${origin}${localizedPath(locale, widgetPath)}`
}
