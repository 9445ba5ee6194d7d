/**
 * Every kind of background job and the payload it carries (JSON: ids and times, never secrets).
 * Adding a kind of job is one line here and one handler in handlers.ts; the compiler then checks
 * every `enqueue` of it.
 */
export interface JobPayloads {
  /** The hold-expiry sweep: a recurring job, nothing to carry. */
  'holds.expire': Record<string, never>
  /** Deletes expired idempotency keys and old finished jobs: a recurring job too. */
  'maintenance.prune': Record<string, never>
  /** Turns new booking events into e-mails and webhook deliveries: recurring. */
  'notifications.dispatch': Record<string, never>
  /** Sends one e-mail of `mail_messages`. */
  'mail.send': { messageId: number }
  /** Delivers one webhook of `webhook_deliveries`. */
  'webhooks.deliver': { deliveryId: number }
  /** Sends one event of the local payment provider, signed, to our webhook endpoint. */
  'payments.local-webhook': { eventId: string }
  /** Ends a payment's checkout session at the provider (its hold ran out, or it was cancelled). */
  'payments.cancel-checkout': { paymentId: number; sessionId: string }
  /** Publishes a content item scheduled for `at` (an ISO instant), if it still is. */
  'content.publish': {
    kind: import('../../src/lib/content/types').ContentKind
    id: string
    at: string
  }
  /** Reads the calendar connections due for a sync: recurring. */
  'calendars.sync': Record<string, never>
  /** Turns new booking events into calendar writes: recurring. */
  'calendars.dispatch': Record<string, never>
  /** Brings a booking's events in its staff members' receiving calendars up to date. */
  'calendars.write': { bookingId: number }
  /** Gives money back through the provider; the key makes a repeated run one refund. */
  'payments.refund': {
    paymentId: number
    /** The provider's payment to refund (a booking paid twice has two). */
    providerPaymentId: string
    amount: number
    reason: string
    idempotencyKey: string
  }
}

/** What a handler learns about the job besides its payload. */
export interface JobInfo {
  id: number
  /** 1 on the first run; a retry or a job taken over from a dead worker counts up. */
  attempts: number
}

export interface JobHandler<Payload> {
  /**
   * Does the work. Jobs run at least once: a worker that dies after the work but before marking
   * it done leaves it to be run again, so the work must be safe to repeat.
   */
  run(payload: Payload, job: JobInfo): Promise<unknown>
  /**
   * Makes the job recurring: one copy is kept queued (whatever the number of processes) and run
   * every `everyMs`, failed or not.
   */
  recurring?: { everyMs: number; payload: Payload }
}

/** One handler for every job type of the map: a missing one does not compile. */
export type JobHandlers<Payloads> = { [Type in keyof Payloads]: JobHandler<Payloads[Type]> }

/** A job to queue; `type` decides what `payload` must be. */
export type NewJob<Payloads = JobPayloads> = {
  [Type in keyof Payloads & string]: {
    type: Type
    payload: Payloads[Type]
    /** Epoch milliseconds; now when absent. */
    runAt?: number
    /** While a job with this key is pending or running, queueing another adds nothing. */
    dedupeKey?: string
    maxAttempts?: number
  }
}[keyof Payloads & string]
