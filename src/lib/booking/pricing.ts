/**
 * The one pricing rule, for the cart, the details form and the server: every line of a booking
 * (one person's service, or a counted party's service) costs its price per seat, and its deposit
 * per seat is what is due when booking. A weekly series is priced once, not per occurrence.
 * Amounts are integers in the currency's minor unit (cents; yen for JPY): `…Cents` names keep
 * the word for the common case.
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

/** How many digits the currency's minor unit has: 2 for EUR, 0 for JPY, 3 for KWD. */
export function minorUnitDigits(currency: string): number {
  return (
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
      .maximumFractionDigits ?? 2
  )
}

/** An amount in minor units as the currency's major unit (2050 EUR cents → 20.5). */
export function toMajorUnits(amount: number, currency: string): number {
  return amount / 10 ** minorUnitDigits(currency)
}

const CURRENCY = /^[A-Z]{3}$/
const AMOUNT = /^(\d{1,12})(?:[.,](\d+))?$/

/** An amount typed in the major unit ("25.5", "25,50") in minor units, without float rounding. */
export function minorUnits(typed: string, currency: string): number | undefined {
  const match = AMOUNT.exec(typed.trim())
  if (!match) return undefined
  const digits = CURRENCY.test(currency) ? minorUnitDigits(currency) : 2
  const fraction = match[2] ?? ''
  if (fraction.length > digits) return undefined
  return Number(match[1]) * 10 ** digits + Number(fraction.padEnd(digits, '0') || 0)
}

/** An amount in minor units as a form shows it to be typed over: 2050 EUR cents → "20.50". */
export const amountText = (amount: number, currency: string) =>
  toMajorUnits(amount, currency).toFixed(minorUnitDigits(currency))

/** How a service asks for money up front: a fixed amount per seat, or a share of the price. */
export interface DepositRule {
  priceCents: number
  /** A fixed deposit per seat (0: none, unless a percentage is set). */
  depositCents: number
  /** 1 to 100: the deposit is this share of the price, rounded half up to the minor unit. */
  depositPercent: number | null
}

/** The deposit per seat a service asks for, never more than its price. */
export function depositPerSeat(rule: DepositRule): number {
  const deposit =
    rule.depositPercent === null
      ? rule.depositCents
      : // Integer arithmetic, so 33 % of 1,999 is 660 on every machine, never 659.67 rounded.
        Math.floor((rule.priceCents * rule.depositPercent + 50) / 100)
  return Math.min(deposit, rule.priceCents)
}

/**
 * What a visitor's cancellation gives back. `none`: nothing; `keep_deposit`: what was paid
 * beyond the deposit; `full_before_cutoff`: everything up to the cut-off before the start,
 * nothing after it (refundOnCancel in ./change-rules applies it).
 */
export type RefundPolicy = 'none' | 'keep_deposit' | 'full_before_cutoff'

/** The strictest of several services' policies: the one that gives back the least. */
export function strictestPolicy(policies: RefundPolicy[]): RefundPolicy {
  if (policies.includes('none')) return 'none'
  if (policies.includes('keep_deposit')) return 'keep_deposit'
  return 'full_before_cutoff'
}
