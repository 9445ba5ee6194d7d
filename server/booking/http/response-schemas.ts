import type { StrictSchemaMap } from 'joi'
import type {
  BookingLineView,
  BookingLinks,
  BookingPolicy,
  BookingStatus,
  BookingView,
  CheckoutResponse,
  CreatedBooking,
  PaymentStatus,
  PaymentView,
  ProviderResponse,
  PublicProvider,
  PublicService,
  PublicStaff,
  ServiceResponse,
  SlotView,
  SlotsResponse,
  TimeRange,
} from '../../../src/lib/booking/api-types'
import type {
  CatalogPage,
  MenuHeading,
  ServiceMenuResponse,
} from '../../../src/lib/booking/catalog-pages'
import { REFUND_POLICIES } from '../../../src/lib/admin/service-types'
import { LOCALES } from '../../../src/lib/locale/locales'
import { CONTACT_FIELDS } from '../../../src/lib/validation/booking-details'
import type { Contact, Guest } from '../../../src/lib/validation/booking-request'
import { Joi } from '../../../src/lib/validation/joi'

/**
 * The booking API's answers (src/lib/booking/api-types.ts), as Fastify serialises them and the
 * API description publishes them. Each object is typed with its TypeScript shape and every key of
 * it (`Joi.object<T, true>`), so a field added to a shape and not here fails to compile rather
 * than vanish from the answer.
 */

export const BOOKING_STATUSES = [
  'held',
  'requested',
  'confirmed',
  'declined',
  'cancelled',
  'expired',
] as const satisfies readonly BookingStatus[]

export const PAYMENT_STATUSES = [
  'pending',
  'paid',
  'failed',
  'expired',
  'cancelled',
  'refunded',
  'partially_refunded',
] as const satisfies readonly PaymentStatus[]

const id = Joi.number().integer()
const instant = Joi.string().isoDate()
const localeKey = Joi.string().valid(...LOCALES)
const refundPolicy = Joi.string().valid(...REFUND_POLICIES)

/** The name and description in other languages than the default one. */
const serviceTranslationsSchema = Joi.object()
  .pattern(
    localeKey,
    // A translation saved by PATCH with its name only has no description.
    Joi.object({ name: Joi.string().required(), description: Joi.string().allow('') }),
  )
  .label('ServiceTranslations')
  .description('The name and description in other languages than the default one, by locale')

const timeRangeSchema = Joi.object<TimeRange, true>({
  start: Joi.string().required().description('HH:mm'),
  end: Joi.string().required().description('HH:mm'),
}).label('TimeRange')

const weeklyHoursSchema = Joi.object(
  Object.fromEntries(
    ['0', '1', '2', '3', '4', '5', '6'].map((weekday) => [
      weekday,
      Joi.array().items(timeRangeSchema),
    ]),
  ),
)
  .label('WeeklyHours')
  .description('Hours by weekday, 0 = Sunday')

const publicServiceKeys: StrictSchemaMap<PublicService> = {
  id: id.required(),
  slug: Joi.string().required(),
  name: Joi.string().required(),
  description: Joi.string().allow('').required(),
  durationMinutes: Joi.number().integer().required(),
  seatsPerSlot: Joi.number().integer().required(),
  maxSlotsPerBooking: Joi.number().integer().required(),
  priceCents: Joi.number().integer().required(),
  depositCents: Joi.number().integer().required().description('Per seat'),
  currency: Joi.string().required(),
  requiresConfirmation: Joi.boolean().required(),
  requiredFields: Joi.array()
    .items(Joi.string().valid(...CONTACT_FIELDS))
    .required()
    .description('The contact fields a visitor must fill'),
  location: Joi.string().allow('').required(),
  recurrenceCount: Joi.number()
    .integer()
    .allow(null)
    .required()
    .description('How many weekly occurrences one booking holds; null for one'),
  intakeFormId: id
    .allow(null)
    .required()
    .description('The form whose questions the details step asks, if any'),
  translations: serviceTranslationsSchema.required(),
  rescheduleCutoffMinutes: Joi.number()
    .integer()
    .required()
    .description('How long before the start a visitor may still reschedule online'),
  cancellationCutoffMinutes: Joi.number()
    .integer()
    .required()
    .description('How long before the start a visitor may still cancel online'),
  refundPolicy: refundPolicy.required().description('What a cancellation gives back of a payment'),
  refundCutoffMinutes: Joi.number()
    .integer()
    .required()
    .description('With full_before_cutoff: until how long before the start it refunds in full'),
}

const publicServiceSchema = Joi.object<PublicService, true>(publicServiceKeys).label(
  'PublicService',
)

const publicStaffSchema = Joi.object<PublicStaff, true>({
  id: id.required(),
  name: Joi.string().required(),
  photoUrl: Joi.string().allow(null).required(),
  timeZone: Joi.string().required(),
  serviceIds: Joi.array().items(id).required(),
}).label('PublicStaff')

const publicProviderKeys: StrictSchemaMap<PublicProvider> = {
  id: id.required(),
  slug: Joi.string().required(),
  name: Joi.string().required(),
  timeZone: Joi.string().required(),
  email: Joi.string()
    .allow(null)
    .required()
    .description("The business's contact, for visitors who cannot change a booking online"),
  phone: Joi.string().allow(null).required(),
  address: Joi.string().allow(null).required().description('One line, as written on a letter'),
  openingHours: weeklyHoursSchema.required().description('In its own time zone'),
  termsPage: Joi.string()
    .required()
    .description('The site page holding the terms a payment is made under'),
  termsVersion: Joi.string()
    .required()
    .description("The terms' version, recorded with a visitor's acceptance"),
}

const publicProviderSchema = Joi.object<PublicProvider, true>(publicProviderKeys).label(
  'PublicProvider',
)

export const providerResponseSchema = Joi.object<ProviderResponse, true>({
  ...publicProviderKeys,
  services: Joi.array().items(publicServiceSchema).required(),
  staff: Joi.array().items(publicStaffSchema).required(),
}).label('ProviderResponse')

export const serviceResponseSchema = Joi.object<ServiceResponse, true>({
  ...publicServiceKeys,
  provider: publicProviderSchema.required(),
  staff: Joi.array().items(publicStaffSchema).required(),
}).label('ServiceResponse')

const slotSchema = Joi.object<SlotView, true>({
  start: instant.required(),
  end: instant.required(),
  staffIds: Joi.array().items(id).required().description('The staff free for it'),
  seatsLeft: Joi.number()
    .integer()
    .required()
    .description(
      'The most seats any of them has left (for a party: the seats left once its own fit)',
    ),
}).label('Slot')

export const slotsResponseSchema = Joi.object<SlotsResponse, true>({
  serviceId: id.description('Only on the one-service route'),
  month: Joi.string().required().description('YYYY-MM'),
  timeZone: Joi.string().required(),
  days: Joi.object()
    .pattern(/^\d{4}-\d{2}-\d{2}$/, Joi.array().items(slotSchema))
    .required()
    .description("Local dates in the visitor's zone (YYYY-MM-DD) with their slots"),
  nextAvailable: slotSchema
    .allow(null)
    .required()
    .description('When the month has no slot: the next one after it, or null'),
  bookableFrom: instant
    .required()
    .description('The start of the window in which the party can book at all'),
  bookableUntil: instant.required().description('Its end'),
}).label('Slots')

export const nextSlotResponseSchema = Joi.object({
  slot: slotSchema.required(),
  timeZone: Joi.string().required(),
}).label('NextSlot')

export const oneTimeLinkResponseSchema = Joi.object({
  slug: Joi.string().required(),
  service: publicServiceSchema.required(),
}).label('OneTimeLink')

export const timeZonesResponseSchema = Joi.object({
  timeZones: Joi.array().items(Joi.string()).required().description('IANA time zone names'),
}).label('TimeZones')

const headingSchema = Joi.object<MenuHeading, true>({
  name: Joi.string().required(),
  translations: Joi.object()
    .pattern(localeKey, Joi.object({ name: Joi.string().required() }))
    .required()
    .description('The heading in other languages than the default one, by locale'),
  serviceIds: Joi.array().items(id).required().description("In the business's order"),
}).label('MenuHeading')

const catalogPageKeys: StrictSchemaMap<CatalogPage> = {
  id: id.required(),
  slug: Joi.string().required(),
  name: Joi.string().required(),
  description: Joi.string().allow('').required(),
  translations: serviceTranslationsSchema.required(),
  provider: publicProviderSchema.required(),
  services: Joi.array()
    .items(publicServiceSchema)
    .required()
    .description("The page's services (calendars), in the business's order"),
  staff: Joi.array()
    .items(publicStaffSchema)
    .required()
    .description('Everyone who performs any of them'),
}

export const groupResponseSchema = Joi.object<CatalogPage, true>(catalogPageKeys).label('Group')

export const serviceMenuResponseSchema = Joi.object<ServiceMenuResponse, true>({
  ...catalogPageKeys,
  headings: Joi.array().items(headingSchema).required(),
}).label('ServiceMenu')

const contactSchema = Joi.object<Contact, true>({
  firstName: Joi.string().allow(''),
  lastName: Joi.string().allow(''),
  email: Joi.string().allow(''),
  phone: Joi.string().allow(''),
  dateOfBirth: Joi.string().allow('').description('YYYY-MM-DD'),
  location: Joi.string().allow(''),
  additionalInformation: Joi.string().allow(''),
  consent: Joi.boolean().description('The visitor allows the business to contact them'),
}).label('Contact')

const guestSchema = Joi.object<Guest, true>({
  name: Joi.string().required(),
  email: Joi.string().required(),
}).label('Guest')

const bookingLineSchema = Joi.object<BookingLineView, true>({
  guestIndex: Joi.number().integer().required().description('0 is the visitor, 1… the guests'),
  guestName: Joi.string().required(),
  serviceId: id.required(),
  serviceName: Joi.string().required().description("In the service's default language"),
  serviceTranslations: serviceTranslationsSchema.required(),
  staffId: id.required(),
  staffName: Joi.string().required(),
  staffChosen: Joi.boolean()
    .required()
    .description('The visitor chose this staff member (rather than any available)'),
  occurrence: Joi.number().integer().required().description('0 for the first, weekly after'),
  start: instant.required(),
  end: instant.required(),
  seats: Joi.number().integer().required(),
  priceCents: Joi.number()
    .integer()
    .required()
    .description('As stored when the booking was made: later price changes do not touch it'),
  depositCents: Joi.number().integer().required(),
  currency: Joi.string().required(),
}).label('BookingLine')

const bookingPolicySchema = Joi.object<BookingPolicy, true>({
  rescheduleUntil: instant
    .allow(null)
    .required()
    .description('The last instant a reschedule is accepted; null when it can no longer move'),
  cancelUntil: instant.allow(null).required(),
  canReschedule: Joi.boolean().required(),
  canCancel: Joi.boolean().required(),
  refund: Joi.object<BookingPolicy['refund'], true>({
    policy: refundPolicy.required(),
    until: instant.required().description('With full_before_cutoff: the last full refund'),
  })
    .required()
    .description("What the visitor's cancellation gives back of a payment"),
})
  .label('BookingPolicy')
  .description("Until when the visitor may change the booking, from the services' cut-offs")

export const paymentViewKeys: StrictSchemaMap<PaymentView> = {
  id: id.required(),
  provider: Joi.string().required(),
  status: Joi.string()
    .valid(...PAYMENT_STATUSES)
    .required(),
  currency: Joi.string().required(),
  totalAmount: Joi.number().integer().required().description("In the currency's minor unit"),
  dueNowAmount: Joi.number().integer().required(),
  paidAmount: Joi.number().integer().required(),
  refundedAmount: Joi.number().integer().required(),
  termsVersion: Joi.string().required(),
  termsAcceptedAt: instant.required(),
}

const paymentViewSchema = Joi.object<PaymentView, true>(paymentViewKeys).label('Payment')

const bookingLinksSchema = Joi.object<BookingLinks, true>({
  reschedule: Joi.string()
    .allow(null)
    .required()
    .description('Only while the policy allows a reschedule'),
  cancel: Joi.string()
    .allow(null)
    .required()
    .description('Only while the policy allows cancelling'),
  ics: Joi.string().required().description('The calendar file, a path on this site'),
  google: Joi.string().allow('').required(),
  outlook: Joi.string().allow('').required(),
}).label('BookingLinks')

/** What the visitor and the business both see of a booking; the links are the visitor's alone. */
export const bookingViewKeys: StrictSchemaMap<BookingView> = {
  id: id.required(),
  status: Joi.string()
    .valid(...BOOKING_STATUSES)
    .required(),
  start: instant.required(),
  end: instant.required(),
  timeZone: Joi.string().required(),
  durationMinutes: Joi.number().integer().required(),
  location: Joi.string().allow('').required(),
  provider: Joi.object<BookingView['provider'], true>({
    slug: Joi.string().required(),
    name: Joi.string().required(),
    email: Joi.string().allow(null).required(),
    phone: Joi.string().allow(null).required(),
  })
    .required()
    .description('How the visitor reaches the business'),
  contact: contactSchema.required(),
  guests: Joi.array().items(guestSchema).required(),
  guestCount: Joi.number().integer().allow(null).required(),
  lines: Joi.array().items(bookingLineSchema).required(),
  occurrences: Joi.array()
    .items(Joi.object({ start: instant.required(), end: instant.required() }))
    .required(),
  totalCents: Joi.number().integer().required(),
  depositCents: Joi.number().integer().required(),
  currency: Joi.string().required(),
  holdExpiresAt: instant
    .allow(null)
    .required()
    .description('For a held booking: when its seats are given back unless it is completed'),
  policy: bookingPolicySchema.required(),
  cancellationReason: Joi.string().allow('', null).required(),
  rescheduleHistory: Joi.array()
    .items(Joi.object({ from: instant.required(), to: instant.required(), at: instant.required() }))
    .required(),
  payment: paymentViewSchema
    .allow(null)
    .required()
    .description('When its services asked for money up front'),
  links: bookingLinksSchema,
}

/** The booking as its visitor sees it, with the links their manage token makes. */
const visitorBookingSchema = Joi.object<BookingView, true>({
  ...bookingViewKeys,
  links: bookingLinksSchema.required(),
}).label('Booking')

export const visitorBookingResponseSchema = Joi.object({
  booking: visitorBookingSchema.required(),
}).label('BookingResponse')

export const createdBookingSchema = Joi.object<CreatedBooking, true>({
  booking: visitorBookingSchema.required(),
  manageToken: Joi.string()
    .required()
    .description('The key to the booking: its manage routes take it in their path'),
}).label('CreatedBooking')

export const checkoutResponseSchema = Joi.object<CheckoutResponse, true>({
  url: Joi.string().required().description("The provider's page, to open top-level"),
  payment: paymentViewSchema.required(),
  holdExpiresAt: instant.allow(null).required(),
}).label('Checkout')
