import type { Locale } from '../locale/locales'
import type { RefundPolicy } from './pricing'
import type { Contact, Guest } from '../validation/booking-request'

/** The booking API's response shapes, shared by the server that sends them and the widget. */

export interface PublicService {
  id: number
  slug: string
  name: string
  description: string
  durationMinutes: number
  seatsPerSlot: number
  maxSlotsPerBooking: number
  priceCents: number
  depositCents: number
  currency: string
  requiresConfirmation: boolean
  requiredFields: string[]
  location: string
  recurrenceCount: number | null
  /** The form whose questions the details step asks (issue 18), if any. */
  intakeFormId: number | null
  /** The name and description in other languages than the default one (localizedService). */
  translations: ServiceTranslations
  /**
   * How long before the start a visitor may still reschedule or cancel online, and what a
   * cancellation gives back of a payment: shown before booking and paying (change-rules.ts).
   */
  rescheduleCutoffMinutes: number
  cancellationCutoffMinutes: number
  refundPolicy: RefundPolicy
  refundCutoffMinutes: number
}

export type ServiceTranslations = Partial<Record<Locale, { name: string; description?: string }>>

export interface PublicStaff {
  id: number
  name: string
  photoUrl: string | null
  timeZone: string
  serviceIds: number[]
}

export interface PublicProvider {
  id: number
  slug: string
  name: string
  timeZone: string
  /** The business's contact, for visitors who cannot change a booking online. */
  email: string | null
  phone: string | null
  /** Where the business is (one line, as written on a letter). */
  address: string | null
  /** When the business is open, in its own time zone. */
  openingHours: WeeklyHours
  /** The site page (its path, in each language) holding the terms a payment is made under. */
  termsPage: string
  /** The terms' version, recorded with a visitor's acceptance. */
  termsVersion: string
}

export interface TimeRange {
  /** HH:mm */
  start: string
  end: string
}

/** Hours by weekday, 0 = Sunday. */
export type WeeklyHours = Partial<Record<'0' | '1' | '2' | '3' | '4' | '5' | '6', TimeRange[]>>

export interface ProviderResponse extends PublicProvider {
  services: PublicService[]
  staff: PublicStaff[]
}

export interface ServiceResponse extends PublicService {
  provider: PublicProvider
  staff: PublicStaff[]
}

/**
 * One free start: ISO instants, the staff free for it, the most seats any of them has left (for a
 * party: the seats left in its class, once the party's own seats fit).
 */
export interface SlotView {
  start: string
  end: string
  staffIds: number[]
  seatsLeft: number
}

export interface SlotsResponse {
  /** Only on the one-service route (`/services/:service/slots`). */
  serviceId?: number
  month: string
  timeZone: string
  /** Local dates in the visitor's zone ('YYYY-MM-DD') with their slots. */
  days: Record<string, SlotView[]>
  /** When the month has no slot: the next one after it, or null when none before the horizon. */
  nextAvailable: SlotView | null
  /**
   * The window in which the party can book at all (minimum notice to the booking horizon of
   * every service): months outside it have no slots, and the calendar stops at its ends.
   */
  bookableFrom: string
  bookableUntil: string
}

export interface CreatedBooking {
  booking: BookingView
  manageToken: string
}

/**
 * held: waiting for something (a payment) until `holdExpiresAt`; requested: the business confirms
 * later; held and requested bookings keep their seats. declined, cancelled and expired gave them
 * back. A reschedule keeps the status and adds to `rescheduleHistory`.
 */
export type BookingStatus =
  'held' | 'requested' | 'confirmed' | 'declined' | 'cancelled' | 'expired'

/** Until when the visitor may change the booking, from the services' cut-offs. */
export interface BookingPolicy {
  /** The last instant a reschedule is accepted; null when the booking can no longer move. */
  rescheduleUntil: string | null
  cancelUntil: string | null
  canReschedule: boolean
  canCancel: boolean
  /**
   * What the visitor's cancellation gives back of a payment: the services' strictest policy and,
   * for full_before_cutoff, the last instant it refunds in full (refundOnCancel applies both).
   */
  refund: { policy: RefundPolicy; until: string }
}

export interface BookingLineView {
  guestIndex: number
  guestName: string
  serviceId: number
  /** In the service's default language; shown through localizedService with the translations. */
  serviceName: string
  serviceTranslations: ServiceTranslations
  staffId: number
  staffName: string
  staffChosen: boolean
  occurrence: number
  start: string
  end: string
  /** Stored on the line when the booking was made: later price changes do not touch it. */
  seats: number
  priceCents: number
  depositCents: number
  currency: string
}

/** What the visitor sees of their booking; links only when they hold the manage token. */
export interface BookingView {
  id: number
  status: BookingStatus
  start: string
  end: string
  timeZone: string
  durationMinutes: number
  location: string
  /** How the visitor reaches the business (shown when a change is no longer possible online). */
  provider: { slug: string; name: string; email: string | null; phone: string | null }
  contact: Contact
  guests: Guest[]
  guestCount: number | null
  lines: BookingLineView[]
  occurrences: { start: string; end: string }[]
  /** From src/lib/booking/pricing over the stored lines of the first occurrence. */
  totalCents: number
  depositCents: number
  currency: string
  /** For a held booking: when its seats are given back unless it is completed. */
  holdExpiresAt: string | null
  policy: BookingPolicy
  cancellationReason: string | null
  rescheduleHistory: { from: string; to: string; at: string }[]
  /** The booking's payment, when its services asked for money up front. */
  payment: PaymentView | null
  links?: BookingLinks
}

/**
 * pending: waiting for the visitor to pay; failed: the last attempt was declined (another may
 * follow while the hold lasts); expired: the hold ran out unpaid; cancelled: the booking was
 * cancelled unpaid.
 */
export type PaymentStatus =
  'pending' | 'paid' | 'failed' | 'expired' | 'cancelled' | 'refunded' | 'partially_refunded'

/** Amounts in the currency's minor unit, as src/lib/booking/pricing computed them. */
export interface PaymentView {
  id: number
  provider: string
  status: PaymentStatus
  currency: string
  totalAmount: number
  dueNowAmount: number
  paidAmount: number
  refundedAmount: number
  termsVersion: string
  termsAcceptedAt: string
}

/** Where the visitor pays: the provider's page, opened top-level. */
export interface CheckoutResponse {
  url: string
  payment: PaymentView
  holdExpiresAt: string | null
}

/** `reschedule` and `cancel` only while the booking's policy allows them: no link that will refuse. */
export interface BookingLinks {
  reschedule: string | null
  cancel: string | null
  ics: string
  google: string
  outlook: string
}
