import type { BookingContext } from '../booking/commands/context'
import { expireDueHolds } from '../booking/commands/expire'
import type { JobHandlers, JobPayloads } from './types'

/** Holds are checked this often, so a seat comes back at most this long after its hold ends. */
export const HOLD_SWEEP_EVERY_MS = 30_000
const HOLD_SWEEP_BATCH = 100

/** What each job type does in this product. */
export function jobHandlers(ctx: BookingContext): JobHandlers<JobPayloads> {
  return {
    'holds.expire': {
      async run() {
        // A full batch may mean more holds are due; a short one means the sweep caught up.
        while ((await expireDueHolds(ctx, HOLD_SWEEP_BATCH)) === HOLD_SWEEP_BATCH) continue
      },
      recurring: { everyMs: HOLD_SWEEP_EVERY_MS, payload: {} },
    },
  }
}
