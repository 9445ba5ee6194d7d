import { graphql, useStaticQuery } from 'gatsby'
import type { PublicProvider, PublicService, PublicStaff } from '../../lib/booking/api-types'

/** The business the site books for, as the build took it from the booking API. */
export interface Clinic extends Pick<
  PublicProvider,
  'slug' | 'name' | 'email' | 'phone' | 'address' | 'openingHours'
> {
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

/** The site settings' booking provider, or null when the site books for none. */
export function useClinic(): Clinic | null {
  const data = useStaticQuery<{ bookingProvider?: Clinic | null }>(graphql`
    query Clinic {
      bookingProvider {
        slug
        name
        email
        phone
        address
        openingHours
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

/** Where "Book an appointment" leads: the business's team route, any service and staff. */
export const bookingPathOf = (clinic: Pick<Clinic, 'slug'>) => `/widget/appointment/${clinic.slug}/`
