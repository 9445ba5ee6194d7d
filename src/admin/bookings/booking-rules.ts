import type { AdminBooking } from '../../lib/admin/api-types'
import type { BookingLineView } from '../../lib/booking/api-types'
import { localizedService } from '../../lib/booking/localized-service'
import type { Locale } from '../../lib/locale/locales'
import type { BookingAction } from '../api'

/** Minor units still refundable: paid and not yet given back. */
export const refundableAmount = (booking: AdminBooking) =>
  booking.payment ? Math.max(0, booking.payment.paidAmount - booking.payment.refundedAmount) : 0

/**
 * The actions that make sense for a booking's status at `nowMs`: a request is confirmed or
 * declined; a booking not yet begun moves or is cancelled; one that has begun can be marked a
 * no-show; whatever was paid and not refunded can be refunded. The API checks again.
 */
export function actionsFor(booking: AdminBooking, nowMs: number): BookingAction[] {
  const begun = Date.parse(booking.start) <= nowMs
  const actions: BookingAction[] = []
  if (booking.status === 'requested') actions.push('confirm', 'decline')
  if ((booking.status === 'requested' || booking.status === 'confirmed') && !begun) {
    actions.push('reschedule')
  }
  if (booking.status === 'held' || (booking.status === 'confirmed' && !begun)) {
    actions.push('cancel')
  }
  if (booking.status === 'confirmed' && begun && !booking.noShow) actions.push('no-show')
  if (refundableAmount(booking) > 0 && booking.status !== 'held') actions.push('refund')
  return actions
}

/** The contact's name as the booking gave it, else the e-mail. */
export const contactName = (booking: AdminBooking) =>
  [booking.contact.firstName, booking.contact.lastName].filter(Boolean).join(' ') ||
  booking.contact.email ||
  ''

/** A line's service in the dashboard's language where the clinic translated it, as visitors see it. */
export const serviceNameOf = (line: BookingLineView, locale: Locale) =>
  localizedService(
    { name: line.serviceName, description: '', translations: line.serviceTranslations },
    locale,
  ).name
