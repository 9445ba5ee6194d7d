import { graphql, useStaticQuery } from 'gatsby'
import type { PublicProvider } from '../../lib/booking/api-types'

/** The business the site books for, as the build took it from the booking API. */
export type Clinic = Pick<
  PublicProvider,
  'slug' | 'name' | 'email' | 'phone' | 'address' | 'openingHours'
>

/*
 * What every page's frame reads (the header's booking button, the footer's contact and hours).
 * The services, their prices and the team are another static query (use-clinic-offer.ts), read
 * by the front page alone: Gatsby renders a page again when a static query its template uses
 * answers differently, so a changed price re-renders the pages that show prices, not every post.
 */

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
      }
    }
  `)
  return data.bookingProvider ?? null
}

/** Where "Book an appointment" leads: the business's team route, any service and staff. */
export const bookingPathOf = (clinic: Pick<Clinic, 'slug'>) => `/widget/appointment/${clinic.slug}/`
