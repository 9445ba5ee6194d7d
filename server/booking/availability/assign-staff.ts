/**
 * Who serves each line of a booking at one start time. Pure: the caller says which staff are
 * free for each service at that start and how many seats each has left. Ids are the engine's
 * opaque strings, like everywhere else in availability/.
 */
export interface LineToAssign {
  serviceId: string
  /** The visitor's choice, or null for any available staff. */
  staffId: string | null
  /** Seats this line takes: 1 per named guest, or the party size when only a count is given. */
  seats: number
}

/** Per service: free staff id -> seats that staff member has left at this start. */
export type FreeStaff = Map<string, Map<string, number>>

export type Assignment =
  | { ok: true; staffIds: string[] }
  | { ok: false; reason: 'staff_busy' }
  | { ok: false; reason: 'seats'; seatsLeft: number }

// One collator for every comparison: localeCompare with options builds a new one each call.
const byId = new Intl.Collator('en', { numeric: true }).compare

/** Staff id -> its place when "any available staff" picks, lower first. */
export type StaffOrder = ReadonlyMap<string, number>

/**
 * The order by id (numerically for numeric ids), for staff of no team rule. Computed once for a whole month
 * of starts: comparing ids with the collator at every start was most of the slot list's time.
 */
export function staffOrder(staffIds: Iterable<string>): StaffOrder {
  return new Map([...new Set(staffIds)].sort(byId).map((staffId, index) => [staffId, index]))
}

function everyFreeStaffId(free: FreeStaff): string[] {
  return [...free.values()].flatMap((seats) => [...seats.keys()])
}

/** One order for every service (staff of a service without a team rule). */
export const constantOrder = (order: StaffOrder) => () => order

/**
 * Staff to lines at one start. `orderFor` says in which order "any available staff" tries the
 * members free for a service (the service's team rule); by default the lowest id first.
 */
export function assignStaff(
  lines: LineToAssign[],
  free: FreeStaff,
  orderFor: (serviceId: string) => StaffOrder = constantOrder(staffOrder(everyFreeStaffId(free))),
): Assignment {
  // A staff member serves one service at a time; a class's lines may share them while seats last.
  const taken = new Map<string, { serviceId: string; seats: number }>()
  const staffIds: string[] = new Array(lines.length)

  const seatsLeft = (staffId: string, serviceId: string) => {
    const left = free.get(serviceId)?.get(staffId)
    if (left === undefined) return undefined
    const use = taken.get(staffId)
    if (use && use.serviceId !== serviceId) return undefined
    return left - (use?.seats ?? 0)
  }
  const take = (index: number, staffId: string, line: LineToAssign) => {
    const use = taken.get(staffId)
    taken.set(staffId, { serviceId: line.serviceId, seats: (use?.seats ?? 0) + line.seats })
    staffIds[index] = staffId
  }

  // Chosen staff first, so "any available" lines do not take someone a visitor asked for; then
  // the lines with the fewest free staff, so a team order that prefers someone for one line
  // cannot take the only member another line could have.
  const freeCount = (line: LineToAssign) => free.get(line.serviceId)?.size ?? 0
  const order = lines
    .map((line, index) => ({ line, index }))
    .sort(
      (a, b) =>
        Number(a.line.staffId === null) - Number(b.line.staffId === null) ||
        freeCount(a.line) - freeCount(b.line),
    )

  for (const { line, index } of order) {
    if (line.staffId !== null) {
      const left = seatsLeft(line.staffId, line.serviceId)
      if (left === undefined || left <= 0) return { ok: false, reason: 'staff_busy' }
      if (left < line.seats) return { ok: false, reason: 'seats', seatsLeft: left }
      take(index, line.staffId, line)
      continue
    }
    const staffRank = orderFor(line.serviceId)
    const candidates = [...(free.get(line.serviceId)?.keys() ?? [])]
      .map((staffId) => ({ staffId, left: seatsLeft(staffId, line.serviceId) ?? 0 }))
      .filter((candidate) => candidate.left > 0)
      // Fill a class a staff member already teaches in this booking before opening another;
      // otherwise in the service's order, then by id, so the choice is stable.
      .sort(
        (a, b) =>
          Number(taken.has(b.staffId)) - Number(taken.has(a.staffId)) ||
          (staffRank.get(a.staffId) ?? Infinity) - (staffRank.get(b.staffId) ?? Infinity) ||
          byId(a.staffId, b.staffId),
      )
    const fit = candidates.find((candidate) => candidate.left >= line.seats)
    if (fit) {
      take(index, fit.staffId, line)
      continue
    }
    if (candidates.length === 0) return { ok: false, reason: 'staff_busy' }
    return { ok: false, reason: 'seats', seatsLeft: Math.max(...candidates.map((c) => c.left)) }
  }
  return { ok: true, staffIds }
}
