import type { IntakeValues } from './intake'
import { atom } from 'jotai'
import type { BookingView, CreatedBooking, SlotView } from '../../lib/booking/api-types'
import type { Party } from '../../lib/booking/party'
import type { ErrorObject } from '../../lib/http'
import { browserTimeZone } from '../../lib/time'
import type { BookingLineRequest, Contact, Guest } from '../../lib/validation/booking-request'
import { bookingFacts, emitToHost } from '../embed/host-messages'
import type { Catalog } from './catalog'

/** 'YYYY-MM-DD' in the visitor's time zone. */
export type DateInVisitorZone = string
/** 'YYYY-MM' in the visitor's time zone. */
export type MonthInVisitorZone = string
/** A specific staff member, or any available one. */
export type StaffChoice = number | 'any'

/** The services each person takes: person 0 is the visitor, 1.. their guests. */
export type ServicesPerPerson = number[][]

/**
 * Who comes, when the flow offers one service: the visitor with named guests (one line each), or
 * only a head count (one line taking that many seats). With several services the services step
 * says who takes what.
 */
export type PartyChoice = { kind: 'people'; guests: number } | { kind: 'count'; count: number }

/** 'closed': a reschedule link whose cut-off has passed; nothing is left to choose. */
export type Step =
  | 'services'
  | 'staff'
  | 'slot'
  | 'details'
  | 'reschedule'
  | 'closed'
  /** The booking is held for its payment: "Secure payment", "Pay now". */
  | 'payment'
  | 'confirmation'

/**
 * What the flow is for: a new booking, one through a one-time link (consumed by the booking), or
 * moving an existing booking to a new time with its manage token.
 */
export type FlowMode =
  /**
   * A new booking; `staffId` when the link chose the staff member, or any available one
   * (`?staff=`, "Book with …"), `serviceId` when it chose the visitor's service (a service
   * menu's service link), `serviceIds` when the visitor chose and confirmed their services
   * (`?service=`, a services step submitted before its page's script ran).
   */
  | { kind: 'book'; staffId?: StaffChoice; serviceId?: number; serviceIds?: number[] }
  | { kind: 'one-time'; oneTimeSlug: string }
  | { kind: 'reschedule'; token: string; booking: BookingView }

/** What the contact form holds; kept when a submit fails so nothing typed is lost. */
export interface DetailsValues {
  contact: Contact
  guests: Guest[]
  useGuestCount: boolean
  guestCount?: number
  termsAccepted?: boolean
  /** Answers to the chosen services' intake questions, per form (intake.tsx). */
  intake?: IntakeValues
}

// Primitive atoms stay private; the flow reads derived atoms and changes state through actions.
const catalogAtom = atom<Catalog | null>(null)
const servicesPerPersonAtom = atom<ServicesPerPerson>([[]])
const servicesConfirmedAtom = atom(false)
const staffChoiceAtom = atom<StaffChoice | null>(null)
const partyChoiceAtom = atom<PartyChoice>({ kind: 'people', guests: 0 })
const slotAtom = atom<SlotView | null>(null)
const detailsAtom = atom<DetailsValues | null>(null)
const resultAtom = atom<CreatedBooking | null>(null)
const failureAtom = atom<string | null>(null)
const modeAtom = atom<FlowMode>({ kind: 'book' })
const fatalAtom = atom<ErrorObject | null>(null)

export const timeZoneAtom = atom<string>(browserTimeZone())
export const monthAtom = atom<MonthInVisitorZone | null>(null)
export const dayAtom = atom<DateInVisitorZone | null>(null)

export const catalogReadAtom = atom((get) => get(catalogAtom))
export const servicesPerPersonReadAtom = atom((get) => get(servicesPerPersonAtom))
export const staffChoiceReadAtom = atom((get) => get(staffChoiceAtom))
export const partyChoiceReadAtom = atom((get) => get(partyChoiceAtom))
export const slotReadAtom = atom((get) => get(slotAtom))
export const detailsReadAtom = atom((get) => get(detailsAtom))
export const resultReadAtom = atom((get) => get(resultAtom))
/** The server's message after a failed submit, shown while the visitor picks another slot. */
export const failureReadAtom = atom((get) => get(failureAtom))
export const modeReadAtom = atom((get) => get(modeAtom))
/** An error that ends the flow (a used link, a closed reschedule window): the error screen. */
export const fatalReadAtom = atom((get) => get(fatalAtom))

/** With one service on offer, every person takes it and there is nothing to choose. */
export const singleServiceAtom = atom((get) => {
  const services = get(catalogAtom)?.services ?? []
  return services.length === 1 ? services[0] : undefined
})

/** The flow's step, derived from what has been chosen so far. */
export const stepAtom = atom<Step>((get) => {
  const result = get(resultAtom)
  if (result)
    return result.booking.status === 'held' && result.booking.payment ? 'payment' : 'confirmation'
  const mode = get(modeAtom)
  if (mode.kind === 'reschedule' && !mode.booking.policy.canReschedule) return 'closed'
  if (!get(singleServiceAtom) && !get(servicesConfirmedAtom)) return 'services'
  if (get(staffChoiceAtom) === null) return 'staff'
  if (!get(slotAtom)) return 'slot'
  return mode.kind === 'reschedule' ? 'reschedule' : 'details'
})

/** The distinct services the booking takes, in catalog order. */
export const chosenServicesAtom = atom((get) => {
  const catalog = get(catalogAtom)
  const single = get(singleServiceAtom)
  if (!catalog) return []
  if (single) return [single]
  const ids = new Set(get(servicesPerPersonAtom).flat())
  return catalog.services.filter((service) => ids.has(service.id))
})

/** Staff who perform every chosen service. */
export const eligibleStaffAtom = atom((get) => {
  const services = get(chosenServicesAtom)
  return (get(catalogAtom)?.staff ?? []).filter((member) =>
    services.every((service) => member.serviceIds.includes(service.id)),
  )
})

/** The services each person of the booking takes, whichever way the party was chosen. */
export const peopleAtom = atom<ServicesPerPerson>((get) => {
  const single = get(singleServiceAtom)
  if (!single) return get(servicesPerPersonAtom)
  const party = get(partyChoiceAtom)
  const people = party.kind === 'count' ? 1 : 1 + party.guests
  return Array.from({ length: people }, () => [single.id])
})

/** Seats every line takes: the head count when only a count is given, else 1. */
export const seatsPerLineAtom = atom((get) => {
  const party = get(partyChoiceAtom)
  return get(singleServiceAtom) && party.kind === 'count' ? party.count : 1
})

/** The booking's lines, as the booking request and the party slot query both send them. */
export const bookingLinesAtom = atom((get) => {
  const staff = get(eligibleStaffAtom)
  return bookingLines(get(peopleAtom), get(staffChoiceAtom), (serviceId, staffId) =>
    Boolean(staff.find((member) => member.id === staffId)?.serviceIds.includes(serviceId)),
  )
})

const partyOf = (lines: BookingLineRequest[], seats: number): Party => ({
  lines: lines.map(({ serviceId, staffId }) => ({ serviceId, staffId })),
  seats,
})

/** What every offered time must fit: all the booking's lines at once, with their seats. */
export const partyAtom = atom<Party>((get) => partyOf(get(bookingLinesAtom), get(seatsPerLineAtom)))

/** The party as it will be if the visitor picks "any available staff" (prefetched meanwhile). */
export const anyStaffPartyAtom = atom<Party>((get) =>
  partyOf(
    bookingLines(get(peopleAtom), 'any', () => false),
    get(seatsPerLineAtom),
  ),
)

/** The services per person, the staff rule and the party of a booking being rescheduled. */
export function choicesOf(booking: BookingView): {
  perPerson: ServicesPerPerson
  staffChoice: StaffChoice
  party: PartyChoice
} {
  const first = booking.lines.filter((line) => line.occurrence === 0)
  const people = Math.max(...first.map((line) => line.guestIndex)) + 1
  const perPerson = Array.from({ length: people }, (_, index) => [
    ...new Set(first.filter((line) => line.guestIndex === index).map((line) => line.serviceId)),
  ])
  const chosen = first.find((line) => line.guestIndex === 0 && line.staffChosen)
  const party: PartyChoice =
    booking.guestCount !== null
      ? { kind: 'count', count: booking.guestCount }
      : { kind: 'people', guests: people - 1 }
  return { perPerson, staffChoice: chosen ? chosen.staffId : 'any', party }
}

export const startAtom = atom(
  null,
  (_get, set, catalog: Catalog, mode: FlowMode = { kind: 'book' }) => {
    set(catalogAtom, catalog)
    set(modeAtom, mode)
    if (mode.kind === 'reschedule') {
      // The same services, guests and staff rule: only the time changes.
      const { perPerson, staffChoice, party } = choicesOf(mode.booking)
      set(servicesPerPersonAtom, perPerson)
      set(partyChoiceAtom, party)
      set(servicesConfirmedAtom, true)
      set(staffChoiceAtom, staffChoice)
    } else {
      const preselected = mode.kind === 'book' ? mode.serviceId : undefined
      const submitted = mode.kind === 'book' ? mode.serviceIds : undefined
      set(servicesPerPersonAtom, [submitted ?? (preselected === undefined ? [] : [preselected])])
      if (submitted) set(servicesConfirmedAtom, true)
      if (mode.kind === 'book' && mode.staffId !== undefined) set(staffChoiceAtom, mode.staffId)
    }
  },
)

/**
 * The API's catalog for a flow that started from the one the site was built with: what the API
 * says wins (a price may have changed since the build), and the choices the visitor made
 * meanwhile stay as far as it still offers them.
 */
export const refreshCatalogAtom = atom(null, (get, set, catalog: Catalog) => {
  set(catalogAtom, catalog)
  const offered = new Set(catalog.services.map((service) => service.id))
  set(
    servicesPerPersonAtom,
    get(servicesPerPersonAtom).map((ids) => ids.filter((id) => offered.has(id))),
  )
  const staff = get(staffChoiceAtom)
  if (typeof staff === 'number' && !catalog.staff.some((member) => member.id === staff)) {
    set(staffChoiceAtom, null)
  }
})

export const setServicesPerPersonAtom = atom(null, (_get, set, value: ServicesPerPerson) => {
  set(servicesPerPersonAtom, value)
})

/** A new party may not fit the chosen time: the visitor picks the time again. */
export const choosePartyAtom = atom(null, (_get, set, party: PartyChoice) => {
  set(partyChoiceAtom, party)
  set(slotAtom, null)
})

export const confirmServicesAtom = atom(null, (_get, set) => set(servicesConfirmedAtom, true))

export const chooseStaffAtom = atom(null, (_get, set, choice: StaffChoice) => {
  set(staffChoiceAtom, choice)
  set(slotAtom, null)
})

export const chooseSlotAtom = atom(null, (_get, set, slot: SlotView) => {
  set(slotAtom, slot)
  set(failureAtom, null)
})

export const saveDetailsAtom = atom(null, (_get, set, values: DetailsValues) =>
  set(detailsAtom, values),
)

/** Whether the step has a step before it to go back to. */
export const canGoBackAtom = atom((get) => {
  const step = get(stepAtom)
  if (step === 'confirmation' || step === 'payment' || step === 'services' || step === 'closed') {
    return false
  }
  if (step === 'staff') return !get(singleServiceAtom)
  if (step === 'slot') return get(modeAtom).kind !== 'reschedule'
  return true
})

/** Going back keeps later choices that still make sense, and never the typed details' loss. */
export const backAtom = atom(null, (get, set) => {
  const step = get(stepAtom)
  if (step === 'details' || step === 'reschedule') set(slotAtom, null)
  // A reschedule keeps the booking's staff: there is no step before the slots.
  else if (step === 'slot' && get(modeAtom).kind !== 'reschedule') set(staffChoiceAtom, null)
  else if (step === 'staff') set(servicesConfirmedAtom, false)
})

export const bookedAtom = atom(null, (get, set, result: CreatedBooking) => {
  set(resultAtom, result)
  const { booking } = result
  if (get(modeAtom).kind === 'reschedule') {
    emitToHost({ type: 'rescheduled', ...bookingFacts(booking) })
  } else if (booking.status === 'held') {
    // Unpaid, it may yet run out: the host hears of success once the payment confirms it.
    emitToHost({
      type: 'booking-held',
      holdExpiresAt: booking.holdExpiresAt,
      ...bookingFacts(booking),
    })
  } else {
    emitToHost({ type: 'booking-succeeded', ...bookingFacts(booking) })
  }
})

/** The server has news of the booking's payment (paid, declined, expired). */
export const paymentUpdatedAtom = atom(null, (get, set, booking: BookingView) => {
  const result = get(resultAtom)
  if (result) set(resultAtom, { ...result, booking: { ...booking, links: result.booking.links } })
  const status = booking.payment?.status
  if (status !== result?.booking.payment?.status) {
    if (status === 'paid') emitToHost({ type: 'payment-succeeded', bookingId: booking.id })
    if (status === 'failed') emitToHost({ type: 'payment-failed', bookingId: booking.id })
  }
  // A new booking's hold decided: success once paid, or the seats given back unpaid.
  const holdEnded = result?.booking.status === 'held' && booking.status !== 'held'
  if (holdEnded && get(modeAtom).kind !== 'reschedule') {
    if (booking.status === 'expired') emitToHost({ type: 'hold-expired', bookingId: booking.id })
    else if (booking.status === 'confirmed' || booking.status === 'requested') {
      emitToHost({ type: 'booking-succeeded', ...bookingFacts(booking) })
    }
  }
})

/** The server says the reschedule cut-off has passed (it did while the visitor chose). */
export const rescheduleClosedAtom = atom(null, (get, set) => {
  const mode = get(modeAtom)
  if (mode.kind !== 'reschedule') return
  const policy = { ...mode.booking.policy, canReschedule: false }
  set(modeAtom, { ...mode, booking: { ...mode.booking, policy } })
})

export const endWithErrorAtom = atom(null, (get, set, error: ErrorObject) => {
  set(fatalAtom, error)
  // A one-time or reschedule link that cannot be used (used, expired, unknown).
  if (get(modeAtom).kind !== 'book')
    emitToHost({ type: 'link-failed', statusCode: error.statusCode })
})

/** A refused submit: back to the slots with the server's message; the details stay. */
export const failedAtom = atom(null, (_get, set, message: string) => {
  set(failureAtom, message)
  set(slotAtom, null)
})

/** One line per person and service; the chosen staff member serves the visitor's lines. */
export function bookingLines(
  perPerson: ServicesPerPerson,
  staffChoice: StaffChoice | null,
  eligibleFor: (serviceId: number, staffId: number) => boolean,
): BookingLineRequest[] {
  return perPerson.flatMap((serviceIds, guestIndex) =>
    serviceIds.map((serviceId) => ({
      serviceId,
      guestIndex,
      staffId:
        guestIndex === 0 && typeof staffChoice === 'number' && eligibleFor(serviceId, staffChoice)
          ? staffChoice
          : null,
    })),
  )
}
