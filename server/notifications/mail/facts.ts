import type { BookingView } from '../../../src/lib/booking/api-types'
import { localizedService } from '../../../src/lib/booking/localized-service'
import { priceOf } from '../../../src/lib/booking/pricing'
import type { Locale } from '../../../src/lib/locale/locales'
import type { MailFacts } from './render'

const unique = (values: string[]) => [...new Set(values)]

/** A guest's place in the booking's lines: the contact is 0, the first guest 1. */
export function guestIndexOf(view: BookingView, email: string): number | undefined {
  const at = view.guests.findIndex((guest) => guest.email === email)
  return at < 0 ? undefined : at + 1
}

/**
 * What an e-mail says of the booking, in `locale`. With `guestIndex` (a guest's own copy) only
 * that guest's lines count: their services, their staff, their price; the party's size and what
 * the visitor paid are the visitor's business.
 */
export function factsOf(view: BookingView, locale: Locale, guestIndex?: number): MailFacts {
  const first = view.lines.filter(
    (line) => line.occurrence === 0 && (guestIndex === undefined || line.guestIndex === guestIndex),
  )
  const guestPrice = guestIndex === undefined ? undefined : priceOf(first, view.currency)
  return {
    providerName: view.provider.name,
    services: unique(
      first.map(
        (line) =>
          localizedService(
            {
              name: line.serviceName,
              description: '',
              translations: line.serviceTranslations,
            },
            locale,
          ).name,
      ),
    ),
    staff: unique(first.map((line) => line.staffName)),
    location: view.location,
    start: view.start,
    timeZone: view.timeZone,
    people: guestPrice ? 1 : (view.guestCount ?? 1 + view.guests.length),
    totalCents: guestPrice ? guestPrice.totalCents : view.totalCents,
    // A guest pays nothing: the visitor who booked pays the deposit for the party.
    depositCents: guestPrice ? 0 : view.depositCents,
    paidCents:
      !guestPrice && view.payment ? view.payment.paidAmount - view.payment.refundedAmount : 0,
    currency: view.currency,
  }
}
