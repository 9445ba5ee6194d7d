import { graphql, useStaticQuery } from 'gatsby'
import { browserTimeZone } from '../../lib/time/browser-zone'

/** The business the dashboard runs, as the build took it from the booking API. */
export interface Business {
  /** The provider's id in the admin API (its webhooks are per provider); null for none. */
  providerId: number | null
  name: string
  /** Bookings are shown, and dates filtered, in this zone (the API's "provider's zone"). */
  timeZone: string
  services: { id: number; name: string }[]
}

interface BusinessData {
  bookingProvider?: {
    providerId: number
    name: string
    timeZone: string
    services: Business['services']
  } | null
}

/** The site's booking provider; a site built without one still opens, in the browser's zone. */
export function useBusiness(): Business {
  const data = useStaticQuery<BusinessData>(graphql`
    query AdminBusiness {
      bookingProvider {
        providerId
        name
        timeZone
        services {
          id
          name
        }
      }
    }
  `)
  const provider = data.bookingProvider
  return provider
    ? {
        providerId: provider.providerId,
        name: provider.name,
        timeZone: provider.timeZone,
        services: provider.services,
      }
    : { providerId: null, name: '', timeZone: browserTimeZone(), services: [] }
}
