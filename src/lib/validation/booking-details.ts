import type { BookingRequest, BookingRules, FieldErrors, Guest } from './booking-request'
import {
  checkField,
  EMAIL_RULE,
  isPlainEmail,
  PHONE_RULE,
  type FieldRule,
  type TextRule,
} from './field-rules'
import { MESSAGES } from './messages'

/**
 * The details a visitor types into a booking, as data: the server's joi schema is built from it
 * (booking-request.ts) and the widget checks it with `checkDetails` (issue 33). No joi here.
 */

/** The contact fields a service can require of the visitor. */
export const CONTACT_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'dateOfBirth',
  'location',
] as const
export type ContactField = (typeof CONTACT_FIELDS)[number]

export const CONTACT_RULES: Record<ContactField | 'additionalInformation', FieldRule> = {
  firstName: { type: 'text', max: 100, required: MESSAGES.firstNameRequired },
  lastName: { type: 'text', max: 100, required: MESSAGES.lastNameRequired },
  email: EMAIL_RULE,
  phone: { ...PHONE_RULE, required: MESSAGES.phoneRequired },
  dateOfBirth: { type: 'date', fromYear: 1900, required: MESSAGES.fieldRequired },
  location: { type: 'text', max: 200, required: MESSAGES.locationRequired },
  additionalInformation: { type: 'text', max: 2000 },
}

export const GUEST_RULES: { name: TextRule; email: TextRule } = {
  name: {
    type: 'text',
    max: 100,
    shape: 'name',
    required: MESSAGES.nameRequired,
    invalid: MESSAGES.nameInvalid,
    tooLong: MESSAGES.nameInvalid,
  },
  email: EMAIL_RULE,
}

/** At most this many guests, whose e-mail addresses differ, case aside. */
export const MAX_GUESTS = 99

export const GUEST_COUNT_RULE: FieldRule = {
  type: 'number',
  integer: true,
  min: 1,
  max: 100,
  range: MESSAGES.guestCountRange,
  notANumber: MESSAGES.guestCountRange,
}

export const TERMS_RULE: FieldRule = {
  type: 'boolean',
  mustAccept: MESSAGES.acceptTerms,
  required: MESSAGES.acceptTerms,
}

/**
 * The messages the server's schema gives for the details of `request` (contact, guests, guest
 * count, terms), by field path, as far as they can be told without joi and the phone-number
 * metadata; the rest (a phone number in its country, joi's own words) comes in the server's answer.
 */
export function checkDetails(request: BookingRequest, rules: BookingRules): FieldErrors {
  const errors: FieldErrors = {}
  const note = (path: string, message: string | undefined) => {
    if (message) errors[path] ??= message
  }
  for (const [field, rule] of Object.entries(CONTACT_RULES)) {
    const required = rules.requiredFields.includes(field as ContactField)
    note(`contact.${field}`, checkField(rule, request.contact[field as ContactField], required))
  }
  const guests = request.guests ?? []
  guests.forEach((guest, index) => {
    note(`guests.${index}.name`, checkField(GUEST_RULES.name, guest.name, true))
    note(`guests.${index}.email`, checkField(GUEST_RULES.email, guest.email, true))
  })
  const repeated = firstRepeatedEmail(guests)
  if (repeated !== undefined) note(`guests.${repeated}.email`, MESSAGES.guestEmailUnique)
  if (request.guestCount !== undefined) {
    note('guestCount', checkField(GUEST_COUNT_RULE, request.guestCount, false))
  }
  if (rules.termsRequired)
    note('termsAccepted', checkField(TERMS_RULE, request.termsAccepted, true))
  return errors
}

/**
 * The guest joi names for a repeated e-mail address: the first whose address an earlier guest
 * has, case aside. Told only when it is sure: every address as joi compares it (a string with no
 * space about it) and this one an address joi accepts, whose own message would come first.
 */
function firstRepeatedEmail(guests: Guest[]): number | undefined {
  const addresses = guests.map((guest) => guest.email)
  if (!addresses.every((email) => typeof email === 'string' && email === email.trim())) {
    return undefined
  }
  const seen = new Set<string>()
  const repeated = addresses.findIndex((email) => {
    const key = email.toLowerCase()
    return seen.has(key) || !seen.add(key)
  })
  return repeated >= 0 && isPlainEmail(addresses[repeated]!) ? repeated : undefined
}
