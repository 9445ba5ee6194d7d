import { atom } from 'jotai'
import type { CreatedBooking, SlotView } from '../../lib/booking/api-types'
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

export type Step = 'services' | 'staff' | 'slot' | 'details' | 'confirmation'

/** What the contact form holds; kept when a submit fails so nothing typed is lost. */
export interface DetailsValues {
  contact: Contact
  guests: Guest[]
  useGuestCount: boolean
  guestCount?: number
  termsAccepted?: boolean
}

function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
  } catch {
    return 'UTC'
  }
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
  return 'details'
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

export const startAtom = atom(null, (_get, set, catalog: Catalog) => {
  set(catalogAtom, catalog)
  set(servicesPerPersonAtom, [[]])
})

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

/** Going back keeps later choices that still make sense, and never the typed details' loss. */
export const backAtom = atom(null, (get, set) => {
  const step = get(stepAtom)
  if (step === 'details') set(slotAtom, null)
  else if (step === 'slot') set(staffChoiceAtom, null)
  else if (step === 'staff') set(servicesConfirmedAtom, false)
})

export const bookedAtom = atom(null, (_get, set, result: CreatedBooking) => set(resultAtom, result))

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
