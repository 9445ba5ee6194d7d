import type { BookingLineRequest } from '../../../src/lib/validation/booking-request'
import type { Queryable } from '../../db'
import { occurrenceStarts } from '../availability'
import type { Party } from '../party'
import { refuse } from '../refusals'
import { fitPartyAt } from '../slots'
import type { Service } from '../store/catalog'
import type { LedgerLine } from '../store/ledger'

/** A line's price as stored: the service's today, or what an earlier booking already quoted. */
export type QuotedPrice = Pick<Service, 'priceCents' | 'depositCents' | 'currency'>

/**
 * Which staff member serves each line at `start`, through the same availability path the slot
 * list uses, with every weekly occurrence of recurring services.
 */
export async function planLines(
  db: Queryable,
  party: Party,
  requested: BookingLineRequest[],
  start: number,
  now: number,
  quoted: (service: Service) => QuotedPrice = (service) => service,
): Promise<LedgerLine[]> {
  const { fit, staff } = await fitPartyAt(db, party, start, now)
  if (!fit.ok) {
    if (fit.reason === 'seats') refuse({ kind: 'seats', seatsLeft: fit.seatsLeft })
    refuse({ kind: fit.reason === 'not_offered' ? 'not_offered' : 'staff_busy' })
    return []
  }
  const zones = new Map(staff.map((member) => [member.id, member.timeZone]))
  return requested.flatMap((line, index) => {
    const service = party.services.get(line.serviceId) as Service
    const price = quoted(service)
    // A collective service's crew each give the appointment their time (a seat of their own);
    // the line's price is charged once, on the first member's line.
    const crew = fit.crews?.[index] ?? [fit.assignment[index] as string]
    return crew.flatMap((member, place) => {
      const staffId = Number(member)
      const starts = occurrenceStarts(
        start,
        service.recurrenceCount ?? 1,
        zones.get(staffId) ?? 'UTC',
      )
      return starts.map((occurrenceStart, occurrence) => ({
        guestIndex: line.guestIndex,
        serviceId: service.id,
        staffId,
        staffChosen: place === 0 && line.staffId !== null,
        occurrence,
        seats: party.seats,
        start: occurrenceStart,
        end: occurrenceStart + service.durationMinutes * 60_000,
        bufferBeforeMinutes: service.bufferBeforeMinutes,
        bufferAfterMinutes: service.bufferAfterMinutes,
        capacity: service.seatsPerSlot,
        priceCents: place === 0 ? price.priceCents : 0,
        depositCents: place === 0 ? price.depositCents : 0,
        currency: price.currency,
      }))
    })
  })
}

/** The booking's span: its first occurrence, from the earliest start to the latest end. */
export function spanOf(lines: LedgerLine[]) {
  const first = lines.filter((line) => line.occurrence === 0)
  return {
    start: Math.min(...first.map((line) => line.start)),
    end: Math.max(...first.map((line) => line.end)),
  }
}
