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
 * Checks the party against its services' limits (`list`: the services its lines name, as found),
 * so a party that can never be booked is told so when it is chosen, not after the visitor has
 * typed everything.
 */
export function checkParty(list: Service[], lines: PartyLine[], seats: number): Party {
  const ids = new Set(lines.map((line) => line.serviceId))
  if (list.length !== ids.size) refuse({ kind: 'unknown_service' })
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

/** The party with the services its lines name as stored now (see checkParty). */
export async function loadParty(db: Queryable, lines: PartyLine[], seats: number): Promise<Party> {
  const ids = [...new Set(lines.map((line) => line.serviceId))]
  return checkParty(await findServicesByIds(db, ids), lines, seats)
}
