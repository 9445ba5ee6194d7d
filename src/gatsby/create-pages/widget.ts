import path from 'node:path'
import type { CreatePagesArgs } from 'gatsby'
import type { ProviderResponse, PublicService } from '../../lib/booking/api-types'
import { LOCALES, localizedPath } from '../../lib/locale/locales'
import { firstStepBuildPath, firstStepPaths } from '../../widgets/appointment/first-step'
import { localizedPage } from './localized-page'

interface ProviderQuery {
  bookingProvider:
    (Pick<ProviderResponse, 'slug'> & { services: Pick<PublicService, 'slug'>[] }) | null
}

/**
 * The widget paths that name the site's booking provider or one of its services, as pages of
 * their own in each of the widget's eleven languages: the widget's component with `firstStep`,
 * whose query then gives it the provider, so the page is built with the flow's first step and
 * paints before its script. Built in FIRST_STEP_FOLDER rather than at the widget path, which the
 * server answers with them; every other widget path stays with the client-only page.
 */
export async function createWidgetFirstStepPages({ graphql, actions, reporter }: CreatePagesArgs) {
  const result = await graphql<ProviderQuery>(`
    {
      bookingProvider {
        slug
        services {
          slug
        }
      }
    }
  `)
  if (result.errors) {
    reporter.panicOnBuild(
      'Querying the booking provider for the widget pages failed',
      result.errors,
    )
    return
  }
  const provider = result.data?.bookingProvider
  if (!provider) return
  const component = path.resolve('src/pages/widget/[...].tsx')
  const paths = firstStepPaths(provider)
  for (const locale of LOCALES) {
    for (const originalPath of paths) {
      const widgetPath = localizedPath(locale, originalPath)
      const builtAt = firstStepBuildPath(widgetPath)
      if (!builtAt) continue
      // localizedPage takes the path without its locale, as the i18n plugin's originalPath.
      const original = builtAt.slice(locale.length + 1)
      actions.createPage(
        localizedPage(locale, original, component, { firstStep: true, widgetPath }),
      )
    }
  }
  reporter.info(`Widget pages with their first step: ${paths.length} in ${LOCALES.length} locales`)
}
