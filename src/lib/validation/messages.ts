/**
 * The spec's exact English messages (§5, §8), in one place for the widget and the server. The
 * widget shows them through its translations; the server answers with them in the error object.
 */
export const MESSAGES = {
  guestCountRange: 'Guest count should be between 1 and 100',
  nameRequired: 'Name is required',
  nameInvalid: 'Name is invalid',
  emailRequired: 'Email is required',
  emailInvalid: 'Email is invalid!',
  guestEmailUnique: 'Email ID must be unique for guests.',
  firstNameRequired: 'First name is required.',
  lastNameRequired: 'Last name is required.',
  phoneRequired: 'Phone number is required.',
  locationRequired: 'Location is required.',
  fieldRequired: 'This field is required.',
  phoneInvalid: 'Invalid phone number',
  chooseOption: 'Please choose at least one option',
  acceptTerms: 'Please accept the terms and conditions',
  servicesForAllGuests: 'Please ensure you select services for all guests before proceeding',
  staffBusy: 'Not booked: Staff busy',
  resourceUnavailable: 'Booking unsuccessful, resource unavailable at the moment.',
  unableToSchedule: 'We were unable to schedule your appointment. Please try again.',
  unableToFindCalendar: 'Unable to find calendar',
  cannotFindCalendar: 'Cannot find calendar.',
  noCalendarEvent: 'No calendar event found',
  noTimezone: 'No Timezone found!',
  noSlots: 'No Slots available',
  slugExpired: 'slug expired',
  // The message beside "slug expired" for a used one-time link: shown in the visitor's language.
  linkUsed: 'This link has already been used or has expired.',
  // "cancellation" in it makes the widget show the expired-link view, on load and on submit.
  alreadyCancelled: 'This booking is already cancelled; cancellation is not possible again.',
  // Not the spec's: NUL or half a surrogate pair, which the database cannot store.
  unstorableCharacter: 'This field contains a character that is not allowed.',
  mixedCurrencies: 'All services of one booking must be priced in one currency.',
} as const

export type MessageKey = keyof typeof MESSAGES

export function seatsLeftMessage(seats: number): string {
  return `Total available seats for this slot is only ${seats}`
}

export function maxSlotsMessage(count: number): string {
  return `You can reserve up to ${count} slots for this service. To book for additional guests, kindly select a different service for the same time slot.`
}
