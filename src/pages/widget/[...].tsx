import { graphql, type HeadProps, type PageProps } from 'gatsby'
import type { ProviderResponse } from '../../lib/booking/api-types'
import { headTranslator, type LocalesData } from '../../components/seo/head-translations'
import { Seo } from '../../components/seo/seo'
import { WidgetApp } from '../../widgets/shell/widget-app'

/** The booking provider, only on the pages built with their first step (`firstStep`). */
type WidgetPageData = LocalesData & { bookingProvider?: ProviderResponse | null }

/**
 * Every `/widget/...` path (and its locale-prefixed twin) is answered by this client-only page,
 * but for the paths the build renders with their first step (src/gatsby/create-pages/widget.ts),
 * which are pages of their own with the same component and the provider's data.
 */
export default function WidgetPage({ location, data }: PageProps<WidgetPageData>) {
  return <WidgetApp location={location} built={data.bookingProvider ?? undefined} />
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
