import type { Queryable } from '../../db'
import { refuse, type Refusal } from '../refusals'
import { isStaffOverlap, isTransientConflict } from '../store/db-errors'
import { LostRace, seatsLeftAt } from '../store/ledger'
import type { BookingContext } from './context'

// "Any available staff" lines of racing requests all pick the same first free staff member, and
// deadlocks or serialization failures hit whoever comes second: both are tried again, a bounded
// number of times so a flood cannot spin forever.
const ATTEMPTS = 4

const pause = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, attempt * (5 + Math.random() * 20)))

/**
 * Runs one command in one transaction. A lost race for an "any staff" line plans again against
 * what has been committed; a transient conflict is retried after a short, jittered pause. What
 * still fails becomes the refusal the visitor is shown.
 */
export async function runCommand<T>(
  ctx: BookingContext,
  work: (tx: Queryable) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await ctx.db.transaction(work)
    } catch (error) {
      const last = attempt >= ATTEMPTS
      if (error instanceof LostRace) {
        if (!error.line.staffChosen && !last) continue
        if (error.kind === 'staff') refuse({ kind: 'staff_busy' })
        refuse({ kind: 'seats', seatsLeft: await seatsLeftAt(ctx.db, error.line) })
      }
      if (isTransientConflict(error) && !last) {
        await pause(attempt)
        continue
      }
      const refusal = refusalOf(error)
      if (refusal) refuse(refusal)
      throw error
    }
  }
}

/** The refusal a database error means for a booking, or undefined for other errors. */
export function refusalOf(error: unknown): Refusal | undefined {
  if (isStaffOverlap(error)) return { kind: 'staff_busy' }
  if (isTransientConflict(error)) return { kind: 'resource_unavailable' }
  return undefined
}
