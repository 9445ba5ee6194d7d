import type { BookingView, CheckoutResponse } from '../../lib/booking/api-types'
import { createHttpClient, defaultApiBaseUrl } from '../../lib/http'
import type { Locale } from '../../lib/locale/locales'

/** The payment calls the booking flow and the verification pages share. */
const http = createHttpClient({ baseUrl: defaultApiBaseUrl() })

/**
 * The booking with its payment, brought up to date with the provider by the server; its calendar
 * and manage links in `locale`, the language the page shows.
 */
export const fetchPaymentState = (token: string, locale: Locale) =>
  http.get<{ booking: BookingView }>(`/bookings/manage/${encodeURIComponent(token)}/payment`, {
    params: { locale },
  })

/** The provider's checkout page for a held booking (the same one when asked again). */
export const postCheckout = (token: string, body: { locale: Locale; previewId?: string }) =>
  http.post<CheckoutResponse>(
    `/bookings/manage/${encodeURIComponent(token)}/payment/checkout`,
    body,
  )
