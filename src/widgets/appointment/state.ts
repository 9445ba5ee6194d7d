import { atom } from 'jotai'
import type { BookingView, CreatedBooking, SlotView } from '../../lib/booking/api-types'
import type { ErrorObject } from '../../lib/http'
import { browserTimeZone } from '../../lib/time'
import type { BookingLineRequest, Contact, Guest } from '../../lib/validation/booking-request'
import type { Catalog } from './catalog'

/** 'YYYY-MM-DD' in the visitor's time zone. */
export type DateInVisitorZone = string
/** 'YYYY-MM' in the visitor's time zone. */
export type MonthInVisitorZone = string
/** A specific staff member, or any available one. */
export type StaffChoice = number | 'any'

/** The services each person takes: person 0 is the visitor, 1.. their guests. */
export type ServicesPerPerson = number[][]

export type Step = 'services' | 'staff' | 'slot' | 'details' | 'reschedule' | 'confirmation'

/**
 * What the flow is for: a new booking, one through a one-time link (consumed by the booking), or
 * moving an existing booking to a new time with its manage token.
 */
export type FlowMode =
  | { kind: 'book' }
  | { kind: 'one-time'; oneTimeSlug: string }
  | { kind: 'reschedule'; token: string; booking: BookingView }

/** What the contact form holds; kept when a submit fails so nothing typed is lost. */
export interface DetailsValues {
  contact: Contact
  guests: Guest[]
  useGuestCount: boolean
  guestCount?: number
  termsAccepted?: boolean
}

// Primitive atoms stay private; the flow reads derived atoms and changes state through actions.
const catalogAtom = atom<Catalog | null>(null)
const servicesPerPersonAtom = atom<ServicesPerPerson>([[]])
const servicesConfirmedAtom = atom(false)
const staffChoiceAtom = atom<StaffChoice | null>(null)
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
  if (get(resultAtom)) return 'confirmation'
  if (!get(singleServiceAtom) && !get(servicesConfirmedAtom)) return 'services'
  if (get(staffChoiceAtom) === null) return 'staff'
  if (!get(slotAtom)) return 'slot'
  return get(modeAtom).kind === 'reschedule' ? 'reschedule' : 'details'
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

/** The services per person and the staff rule of a booking being rescheduled. */
export function choicesOf(booking: BookingView): {
  perPerson: ServicesPerPerson
  staffChoice: StaffChoice
} {
  const first = booking.lines.filter((line) => line.occurrence === 0)
  const people = Math.max(...first.map((line) => line.guestIndex)) + 1
  const perPerson = Array.from({ length: people }, (_, index) => [
    ...new Set(first.filter((line) => line.guestIndex === index).map((line) => line.serviceId)),
  ])
  const chosen = first.find((line) => line.guestIndex === 0 && line.staffChosen)
  return { perPerson, staffChoice: chosen ? chosen.staffId : 'any' }
}

export const startAtom = atom(
  null,
  (_get, set, catalog: Catalog, mode: FlowMode = { kind: 'book' }) => {
    set(catalogAtom, catalog)
    set(modeAtom, mode)
    if (mode.kind === 'reschedule') {
      // The same services, guests and staff rule: only the time changes.
      const { perPerson, staffChoice } = choicesOf(mode.booking)
      set(servicesPerPersonAtom, perPerson)
      set(servicesConfirmedAtom, true)
      set(staffChoiceAtom, staffChoice)
    } else {
      set(servicesPerPersonAtom, [[]])
    }
  },
)

export const setServicesPerPersonAtom = atom(null, (_get, set, value: ServicesPerPerson) => {
  set(servicesPerPersonAtom, value)
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
  if (step === 'confirmation' || step === 'services') return false
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

export const bookedAtom = atom(null, (_get, set, result: CreatedBooking) => set(resultAtom, result))

export const endWithErrorAtom = atom(null, (_get, set, error: ErrorObject) => set(fatalAtom, error))

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
