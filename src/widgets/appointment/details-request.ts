import { setIn } from 'final-form'
import type { PublicService, SlotView } from '../../lib/booking/api-types'
import type { Locale } from '../../lib/locale/locales'
import { checkDetails, type ContactField } from '../../lib/validation/booking-details'
import type { BookingLineRequest, BookingRequest } from '../../lib/validation/booking-request'
import type { DetailsValues } from './state'

/**
 * The booking request the form's values make, exactly as the server will receive it; `locale` is
 * the page's language, which the booking keeps for its e-mails.
 */
export function toBookingRequest(
  values: DetailsValues,
  lines: BookingLineRequest[],
  slot: SlotView,
  timeZone: string,
  locale: Locale,
): BookingRequest {
  const contact = Object.fromEntries(
    Object.entries(values.contact).filter(([, value]) => value !== undefined && value !== ''),
  )
  return {
    lines,
    start: slot.start,
    timeZone,
    locale,
    contact,
    ...(values.useGuestCount
      ? { guestCount: Number(values.guestCount) }
      : values.guests.length
        ? { guests: values.guests }
        : {}),
    ...(values.termsAccepted !== undefined ? { termsAccepted: values.termsAccepted } : {}),
  }
}

export function rulesOf(services: PublicService[]) {
  return {
    requiredFields: [...new Set(services.flatMap((s) => s.requiredFields))] as ContactField[],
    termsRequired: services.some((service) => service.depositCents > 0),
  }
}

/**
 * Final-form's error object, from the rules and messages the server's schema is built from,
 * without joi (issue 33); what only the server can tell comes back in its answer's fields.
 */
export function validateDetails(
  request: BookingRequest,
  services: PublicService[],
): Record<string, unknown> {
  return fieldErrorsToForm(checkDetails(request, rulesOf(services)))
}

/** `guests.1.email` → { guests: [, { email }] }, the shape final-form reads errors in. */
export function fieldErrorsToForm(fields: Record<string, string>): Record<string, unknown> {
  let errors: object = {}
  for (const [path, message] of Object.entries(fields)) {
    const formPath = path.replace(/\.(\d+)(?=\.|$)/g, '[$1]')
    errors = setIn(errors, formPath === '_' ? 'lines' : formPath, message)
  }
  return errors as Record<string, unknown>
}
