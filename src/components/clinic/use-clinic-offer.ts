import { graphql, useStaticQuery } from 'gatsby'
import type { PublicService, PublicStaff } from '../../lib/booking/api-types'

/** What the business offers: its services with their prices, and its team. */
export interface ClinicOffer {
  services: Pick<
    PublicService,
    | 'id'
    | 'slug'
    | 'name'
    | 'description'
    | 'durationMinutes'
    | 'priceCents'
    | 'depositCents'
    | 'currency'
    | 'translations'
  >[]
  staff: Pick<PublicStaff, 'id' | 'name' | 'photoUrl' | 'serviceIds'>[]
}

/** The booking provider's services and team, or null when the site books for none. */
export function useClinicOffer(): ClinicOffer | null {
  const data = useStaticQuery<{ bookingProvider?: ClinicOffer | null }>(graphql`
    query ClinicOffer {
      bookingProvider {
        services {
          id
          slug
          name
          description
          durationMinutes
          priceCents
          depositCents
          currency
          translations
        }
        staff {
          id
          name
          photoUrl
          serviceIds
        }
      }
    }
  `)
  return data.bookingProvider ?? null
}
