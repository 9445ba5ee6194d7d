import type { BookingView } from '../../lib/booking/api-types'
import { createHttpClient, defaultApiBaseUrl } from '../../lib/http'
import type { CancelRequest } from '../../lib/validation/booking-queries'

/** The calls the manage flow makes, through the product's one HTTP client. */
const http = createHttpClient({ baseUrl: defaultApiBaseUrl() })

/** The booking a manage token opens; 404 "No calendar event found" for a token nobody holds. */
export const fetchManagedBooking = (token: string) =>
  http.get<{ booking: BookingView }>(`/bookings/manage/${encodeURIComponent(token)}`)

/** A POST, so the client never retries it: the server's answer to the first one is final. */
export const postCancel = (token: string, request: CancelRequest) =>
  http.post<{ booking: BookingView }>(
    `/bookings/manage/${encodeURIComponent(token)}/cancel`,
    request,
  )
