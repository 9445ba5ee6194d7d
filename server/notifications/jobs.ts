import type { BookingContext } from '../booking/commands/context'
import { readEventsOnce, type BookingEvent } from '../booking/store/events'
import type { Queryable } from '../db'
import type { JobHandlers, JobPayloads } from '../jobs/types'
import { queueMessagesFor } from './mail/queue'
import { sendMessage } from './mail/send'
import type { Mailer } from './mail/transport'
import { deliverWebhook } from './webhooks/deliver'
import type { TargetPolicy } from './webhooks/targets'
import { queueDeliveriesFor } from './webhooks/store'

/** What the notification jobs need besides the booking context. */
export interface NotificationServices {
  mailer: Mailer
  mailFrom: string
  webhookTargets: TargetPolicy
}

/** New events become e-mails and webhooks this often (the runner polls every second). */
export const DISPATCH_EVERY_MS = 2_000

/** Hands every event not yet read by `consumer` to `handle`, batch by batch. */
async function readAll(
  ctx: BookingContext,
  consumer: string,
  handle: (tx: Queryable, event: BookingEvent) => Promise<void>,
) {
  const inBatch = async (tx: Queryable, events: BookingEvent[]) => {
    for (const event of events) await handle(tx, event)
  }
  while ((await readEventsOnce(ctx.db, consumer, inBatch)) > 0) continue
}

type NotificationJobs = Pick<
  JobPayloads,
  'notifications.dispatch' | 'mail.send' | 'webhooks.deliver'
>

/**
 * The notification jobs: a recurring dispatch reads the booking_events outbox (one cursor for
 * mail, one for webhooks, so a failing one never holds the other back) and queues a job per
 * message and delivery, which the runner retries with backoff.
 */
export function notificationJobHandlers(
  ctx: BookingContext,
  services: NotificationServices,
): JobHandlers<NotificationJobs> {
  return {
    'notifications.dispatch': {
      async run() {
        // One after the other, each whatever the other did: a failure is thrown (and the job
        // retried) once both have run.
        const failures: unknown[] = []
        await readAll(ctx, 'notifications.mail', (tx, event) =>
          queueMessagesFor(tx, event, ctx.now()),
        ).catch((error: unknown) => failures.push(error))
        await readAll(ctx, 'notifications.webhooks', queueDeliveriesFor).catch((error: unknown) =>
          failures.push(error),
        )
        if (failures.length > 0) throw failures[0]
      },
      recurring: { everyMs: DISPATCH_EVERY_MS, payload: {} },
    },
    'mail.send': {
      run: ({ messageId }, job) =>
        sendMessage(ctx, services.mailer, services.mailFrom, messageId, job),
    },
    'webhooks.deliver': {
      run: ({ deliveryId }, job) =>
        deliverWebhook(
          { db: ctx.db, now: ctx.now, targets: services.webhookTargets },
          deliveryId,
          job,
        ),
    },
  }
}
