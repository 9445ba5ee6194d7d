import { graphql, type HeadProps, type PageProps } from 'gatsby'
import type { ProviderResponse } from '../../lib/booking/api-types'
import { headTranslator, type LocalesData } from '../../components/seo/head-translations'
import { Seo } from '../../components/seo/seo'
import { isLocale } from '../../lib/locale/locales'
import { firstStepOf } from '../../widgets/appointment/first-step'
import { WidgetApp } from '../../widgets/shell/widget-app'

/** The booking provider, only on the pages built with their first step (`firstStep`). */
type WidgetPageData = LocalesData & { bookingProvider?: ProviderResponse | null }

/** A first-step page's context: the widget path it is served at (the client-only page has none). */
interface WidgetPageContext {
  language: string
  widgetPath?: string
}

/**
 * Every `/widget/...` path (and its locale-prefixed twin) is answered by this client-only page.
 * The paths the build renders with their first step (src/gatsby/create-pages/widget.ts) are
 * pages of their own, with the same component and the provider's data, built elsewhere and
 * rendered as at their widget path, where the server sends them.
 */
export default function WidgetPage({
  location,
  data,
  pageContext: { language, widgetPath },
}: PageProps<WidgetPageData, WidgetPageContext>) {
  const built =
    data.bookingProvider && widgetPath && isLocale(language)
      ? firstStepOf(widgetPath, data.bookingProvider, language)
      : undefined
  const shown = built ? { ...location, pathname: built.path, search: '' } : location
  return <WidgetApp location={shown} built={built} />
}

export function Head({ data, pageContext }: HeadProps<WidgetPageData, { language: string }>) {
  const t = headTranslator(data, pageContext.language)
  return (
    <Seo title={`${t('widget.title')} | ${t('siteName')}`}>
      <meta name="robots" content="noindex" />
    </Seo>
  )
}

// The provider's whole public shape, as GET /api/providers/{slug} answers it: the flow goes on
// from it if the visitor is quicker than that request.
export const query = graphql`
  query WidgetPage($messageLanguages: [String!]!, $firstStep: Boolean = false) {
    ...PageMessages
    bookingProvider @include(if: $firstStep) {
      id: providerId
      slug
      name
      timeZone
      email
      phone
      address
      openingHours
      termsPage
      termsVersion
      services {
        id
        slug
        name
        description
        durationMinutes
        seatsPerSlot
        maxSlotsPerBooking
        priceCents
        depositCents
        currency
        requiresConfirmation
        requiredFields
        location
        recurrenceCount
        intakeFormId
        translations
        rescheduleCutoffMinutes
        cancellationCutoffMinutes
        refundPolicy
        refundCutoffMinutes
      }
      staff {
        id
        name
        photoUrl
        timeZone
        serviceIds
      }
    }
  }
`
