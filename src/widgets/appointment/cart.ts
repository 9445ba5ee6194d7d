import type { PublicService } from '../../lib/booking/api-types'
import { maxSlotsMessage, MESSAGES } from '../../lib/validation/messages'
import type { ServicesPerPerson } from './state'

/** What the services step checks before the visitor moves on; the server checks the same. */
export function cartProblem(
  perPerson: ServicesPerPerson,
  services: PublicService[],
): string | undefined {
  if (perPerson.every((ids) => ids.length === 0)) return MESSAGES.chooseOption
  if (perPerson.some((ids) => ids.length === 0)) return MESSAGES.servicesForAllGuests
  for (const service of services) {
    const taken = perPerson.filter((ids) => ids.includes(service.id)).length
    if (taken > service.maxSlotsPerBooking) return maxSlotsMessage(service.maxSlotsPerBooking)
  }
  return undefined
}

export function cartTotal(perPerson: ServicesPerPerson, services: PublicService[]) {
  const byId = new Map(services.map((service) => [service.id, service]))
  let totalCents = 0
  let depositCents = 0
  for (const id of perPerson.flat()) {
    totalCents += byId.get(id)?.priceCents ?? 0
    depositCents += byId.get(id)?.depositCents ?? 0
  }
  return { totalCents, depositCents, currency: services[0]?.currency ?? 'EUR' }
}
