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
}

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
}

export interface ProviderResponse extends PublicProvider {
  services: PublicService[]
  staff: PublicStaff[]
}

export interface ServiceResponse extends PublicService {
  provider: PublicProvider
  staff: PublicStaff[]
}

/** One free start: ISO instants, the staff free for it, the most seats any of them has left. */
export interface SlotView {
  start: string
  end: string
  staffIds: number[]
  seatsLeft: number
}

export interface SlotsResponse {
  serviceId: number
  month: string
  timeZone: string
  /** Local dates in the visitor's zone ('YYYY-MM-DD') with their slots. */
  days: Record<string, SlotView[]>
  /** When the month has no slot: the next one after it, or null when none before the horizon. */
  nextAvailable: SlotView | null
}

export interface CreatedBooking {
  booking: BookingView
  manageToken: string
}

export type BookingStatus = 'requested' | 'scheduled' | 'rescheduled' | 'cancelled'

export interface BookingLineView {
  guestIndex: number
  guestName: string
  serviceId: number
  serviceName: string
  staffId: number
  staffName: string
  staffChosen: boolean
  occurrence: number
  start: string
  end: string
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
  provider: { slug: string; name: string }
  contact: Contact
  guests: Guest[]
  guestCount: number | null
  lines: BookingLineView[]
  occurrences: { start: string; end: string }[]
  totalCents: number
  depositCents: number
  currency: string
  cancellationReason: string | null
  rescheduleHistory: { from: string; to: string; at: string }[]
  links?: BookingLinks
}

export interface BookingLinks {
  reschedule: string
  cancel: string
  ics: string
  google: string
  outlook: string
}
