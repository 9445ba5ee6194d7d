import type { PartyLine } from '../../src/lib/booking/party'
import { isOneCurrency } from '../../src/lib/booking/pricing'
import { MESSAGES } from '../../src/lib/validation/messages'
import type { Queryable } from '../db'
import { refuse } from './refusals'
import { findServicesByIds, type Service } from './store/catalog'

/** A party checked against its services' rules: what slots and bookings are computed for. */
export interface Party {
  providerId: number
  services: Map<number, Service>
  lines: PartyLine[]
  /** Seats every line takes. */
  seats: number
}

/**
 * Loads the services the lines name and checks the party against their limits, so a party that
 * can never be booked is told so when it is chosen, not after the visitor has typed everything.
 */
export async function loadParty(db: Queryable, lines: PartyLine[], seats: number): Promise<Party> {
  const ids = [...new Set(lines.map((line) => line.serviceId))]
  const list = await findServicesByIds(db, ids)
  if (list.length !== ids.length) refuse({ kind: 'unknown_service' })
  const providers = new Set(list.map((service) => service.providerId))
  if (providers.size > 1) refuse({ kind: 'mixed_providers' })
  if (!isOneCurrency(list)) refuse({ kind: 'invalid', message: MESSAGES.mixedCurrencies })
  const services = new Map(list.map((service) => [service.id, service]))
  for (const service of list) {
    const taken = lines.filter((line) => line.serviceId === service.id).length * seats
    if (taken > service.maxSlotsPerBooking) {
      refuse({ kind: 'max_slots', max: service.maxSlotsPerBooking })
    }
    if (seats > service.seatsPerSlot) refuse({ kind: 'seats', seatsLeft: service.seatsPerSlot })
  }
  return { providerId: list[0]?.providerId as number, services, lines, seats }
}
