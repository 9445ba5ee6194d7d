import type { BookingContext, PaymentSettings } from '../booking/commands/context'
import { publishScheduled } from '../content/write'
import { refundPayment } from '../payments/commands/refund'
import { LocalProvider } from '../payments/local/provider'
import { expireDueHolds } from '../booking/commands/expire'
import { pruneIdempotencyKeys } from '../booking/store/idempotency'
import { pruneRateLimits } from '../rate-limit'
import { pruneSessions } from '../admin/store'
import { calendarJobHandlers } from '../calendars/jobs'
import { calendarServices, type CalendarServices } from '../calendars/sync'
import { notificationJobHandlers, type NotificationServices } from '../notifications/jobs'
import { pruneNotifications } from '../notifications/prune'
import { pruneFinishedJobs } from './store'
import type { JobHandlers, JobPayloads } from './types'

/** Holds are checked this often, so a seat comes back at most this long after its hold ends. */
export const HOLD_SWEEP_EVERY_MS = 30_000
const HOLD_SWEEP_BATCH = 100
/** Each calendar connection is read this often unless CALENDAR_SYNC_MINUTES says otherwise. */
const DEFAULT_CALENDAR_SYNC_MS = 5 * 60_000
/** Nothing pruned is urgent: the tables only must not grow without end. */
export const PRUNE_EVERY_MS = 60 * 60_000
// Deleted in batches, so no one statement holds many row locks or runs long.
const PRUNE_BATCH = 1000

/** What each job type does in this product. */
export function jobHandlers(
  ctx: BookingContext & { payments: PaymentSettings },
  notifications: NotificationServices,
  calendars: { services?: CalendarServices; syncEveryMs?: number } = {},
): JobHandlers<JobPayloads> {
  const { provider } = ctx.payments
  return {
    ...notificationJobHandlers(ctx, notifications),
    ...calendarJobHandlers(
      calendars.services ?? calendarServices(ctx, notifications.webhookTargets, false),
      calendars.syncEveryMs ?? DEFAULT_CALENDAR_SYNC_MS,
    ),
    'holds.expire': {
      async run() {
        // A full batch may mean more holds are due; a short one means the sweep caught up.
        while ((await expireDueHolds(ctx, HOLD_SWEEP_BATCH)) === HOLD_SWEEP_BATCH) continue
      },
      recurring: { everyMs: HOLD_SWEEP_EVERY_MS, payload: {} },
    },
    'maintenance.prune': {
      async run() {
        const now = ctx.now()
        while ((await pruneIdempotencyKeys(ctx.db, now, PRUNE_BATCH)) === PRUNE_BATCH) continue
        while ((await pruneFinishedJobs(ctx.db, now, PRUNE_BATCH)) === PRUNE_BATCH) continue
        while ((await pruneRateLimits(ctx.db, now, PRUNE_BATCH)) === PRUNE_BATCH) continue
        while ((await pruneNotifications(ctx.db, now, PRUNE_BATCH)) === PRUNE_BATCH) continue
        while ((await pruneSessions(ctx.db, now, PRUNE_BATCH)) === PRUNE_BATCH) continue
      },
      recurring: { everyMs: PRUNE_EVERY_MS, payload: {} },
    },
    'payments.local-webhook': {
      async run({ eventId }) {
        // Only the local provider sends its events through our queue; Stripe sends its own.
        if (provider instanceof LocalProvider) await provider.deliver(eventId)
      },
    },
    'payments.cancel-checkout': {
      async run({ sessionId }) {
        await provider.cancelCheckout(sessionId)
      },
    },
    'content.publish': {
      async run(payload) {
        await ctx.db.transaction((tx) => publishScheduled(tx, payload, new Date(ctx.now())))
      },
    },
    'payments.refund': {
      async run(payload) {
        await refundPayment(ctx, payload)
      },
    },
  }
}
