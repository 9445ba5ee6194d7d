import type { PublicService } from '../../lib/booking/api-types'
import type { Party } from '../../lib/booking/party'
import { isOneCurrency } from '../../lib/booking/pricing'
import { maxSlotsMessage, MESSAGES, seatsLeftMessage } from '../../lib/validation/messages'
import type { ServicesPerPerson } from './state'

/**
 * Why a party can never be booked with these services, in the spec's words, or undefined when it
 * can: the same limits the server's party check refuses with, told as soon as the party is chosen.
 */
export function partyProblem(party: Party, services: PublicService[]): string | undefined {
  if (!Number.isInteger(party.seats) || party.seats < 1 || party.seats > 100) {
    return MESSAGES.guestCountRange
  }
  const chosen = services.filter((service) =>
    party.lines.some((line) => line.serviceId === service.id),
  )
  if (!isOneCurrency(chosen)) return MESSAGES.mixedCurrencies
  for (const service of services) {
    const taken = party.lines.filter((line) => line.serviceId === service.id).length * party.seats
    if (taken > service.maxSlotsPerBooking) return maxSlotsMessage(service.maxSlotsPerBooking)
    if (party.seats > service.seatsPerSlot) return seatsLeftMessage(service.seatsPerSlot)
  }
  return undefined
}

/** What the services step checks before the visitor moves on; the server checks the same. */
export function cartProblem(
  perPerson: ServicesPerPerson,
  services: PublicService[],
): string | undefined {
  if (perPerson.every((ids) => ids.length === 0)) return MESSAGES.chooseOption
  if (perPerson.some((ids) => ids.length === 0)) return MESSAGES.servicesForAllGuests
  const lines = perPerson.flat().map((serviceId) => ({ serviceId, staffId: null }))
  return partyProblem({ lines, seats: 1 }, services)
}
