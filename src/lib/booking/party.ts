/**
 * The party a slot must fit: one line per person and service (with the staff member the visitor
 * chose, or any), each taking `seats` seats. The slots API takes it in the query string as
 * `lines=3,3.12` (service 3 with anyone; service 3 with staff 12) and `seats=2`.
 */
export interface PartyLine {
  serviceId: number
  /** null: any available staff. */
  staffId: number | null
}

export interface Party {
  lines: PartyLine[]
  /** Seats every line takes: the guest count when only a count is given, else 1. */
  seats: number
}

export const PARTY_LINES_PATTERN = /^\d{1,10}(\.\d{1,10})?(,\d{1,10}(\.\d{1,10})?){0,99}$/

export function encodePartyLines(lines: PartyLine[]): string {
  return lines
    .map((line) =>
      line.staffId === null ? `${line.serviceId}` : `${line.serviceId}.${line.staffId}`,
    )
    .join(',')
}

/** A party by value: equal parties, chosen again or elsewhere, have the same key. */
export function partyKey(party: Party): string {
  return `${encodePartyLines(party.lines)}|${party.seats}`
}

/** The lines of a `lines` query value already checked against PARTY_LINES_PATTERN. */
export function decodePartyLines(text: string): PartyLine[] {
  return text.split(',').map((part) => {
    const [service, staff] = part.split('.')
    return { serviceId: Number(service), staffId: staff === undefined ? null : Number(staff) }
  })
}
