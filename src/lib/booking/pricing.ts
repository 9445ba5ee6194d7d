/**
 * The one pricing rule, for the cart, the details form and the server: every line of a booking
 * (one person's service, or a counted party's service) costs its price per seat, and its deposit
 * per seat is what is due when booking. A weekly series is priced once, not per occurrence.
 */
export interface PricedLine {
  priceCents: number
  depositCents: number
  currency: string
  /** Seats the line takes: 1 for a named person, the party size for a guest count. */
  seats: number
}

export interface Price {
  totalCents: number
  /** The deposit (or the whole price, when the deposit equals it): due when booking. */
  dueNowCents: number
  /** What remains to pay at the appointment. */
  dueLaterCents: number
  currency: string
}

export class MixedCurrencies extends Error {}

/** Whether these can be added up at all: one booking is one payment, in one currency. */
export function isOneCurrency(priced: { currency: string }[]): boolean {
  return new Set(priced.map((item) => item.currency)).size <= 1
}

export function priceOf(lines: PricedLine[], fallbackCurrency = 'EUR'): Price {
  if (!isOneCurrency(lines)) {
    throw new MixedCurrencies([...new Set(lines.map((line) => line.currency))].join(', '))
  }
  let totalCents = 0
  let dueNowCents = 0
  for (const line of lines) {
    totalCents += line.priceCents * line.seats
    dueNowCents += Math.min(line.depositCents, line.priceCents) * line.seats
  }
  return {
    totalCents,
    dueNowCents,
    dueLaterCents: totalCents - dueNowCents,
    currency: lines[0]?.currency ?? fallbackCurrency,
  }
}

/** A service's prices, as the catalog and the booking's stored lines both carry them. */
export interface PricedService {
  id: number
  priceCents: number
  depositCents: number
  currency: string
}

/**
 * The lines a party makes: each person's services, each taking `seatsPerLine` seats (the guest
 * count when only a count is given, else 1).
 */
export function partyPrice(
  servicesPerPerson: number[][],
  services: PricedService[],
  seatsPerLine = 1,
): Price {
  const byId = new Map(services.map((service) => [service.id, service]))
  const lines: PricedLine[] = []
  for (const id of servicesPerPerson.flat()) {
    const service = byId.get(id)
    if (service) lines.push({ ...service, seats: seatsPerLine })
  }
  return priceOf(lines, services[0]?.currency)
}
