import type { Contact, Guest } from '../../../src/lib/validation/booking-request'
import type { Queryable } from '../../db'
import type { BookingEvent } from '../../booking/store/events'
import { enqueueAll } from '../../jobs/store'
import {
  paymentPromptAt,
  planMessages,
  reminderSendAt,
  type MessageDetails,
  type MessageKind,
} from '../rules'

/** A failing mail server is tried again with backoff for about half a day before giving up. */
export const MAIL_ATTEMPTS = 12

interface Recipients {
  version: number
  start: Date
  contact: Contact
  guests: Guest[]
  businessEmail: string | null
  reminderMinutes: number
}

async function recipientsOf(tx: Queryable, bookingId: number): Promise<Recipients | undefined> {
  const { rows } = await tx.query<Recipients>(
    `SELECT b.version, b.start_at AS start, b.contact, b.guests,
            COALESCE(NULLIF(p.notification_email, ''), NULLIF(p.email, '')) AS "businessEmail",
            COALESCE((SELECT min(sv.reminder_minutes_before) FROM booking_lines l
                        JOIN services sv ON sv.id = l.service_id
                       WHERE l.booking_id = b.id), 0)::int AS "reminderMinutes"
       FROM bookings b JOIN providers p ON p.id = b.provider_id
      WHERE b.id = $1`,
    [bookingId],
  )
  return rows[0]
}

interface PlannedMessage {
  kind: MessageKind
  audience: 'visitor' | 'guest' | 'business'
  recipient: string
  details: MessageDetails
  sendAt: number
}

/** Everyone a visitor's message goes to: the contact, and each guest's own copy. */
function visitorAudience(booking: Recipients) {
  return [
    ...(booking.contact.email
      ? [{ audience: 'visitor' as const, recipient: booking.contact.email }]
      : []),
    ...booking.guests.map((guest) => ({ audience: 'guest' as const, recipient: guest.email })),
  ]
}

/**
 * Queues the e-mails one outbox event causes, in the reader's transaction: a row per message and
 * recipient in `mail_messages` and a `mail.send` job for each new row. The row's unique key
 * (booking, kind, version, recipient) lets only one reader queue a message, however many
 * processes read the same event.
 */
export async function queueMessagesFor(tx: Queryable, event: BookingEvent, now: number) {
  const plan = planMessages(event)
  if (!plan.visitor && !plan.business && !plan.remind && !plan.holdExpiresAt) return
  const booking = await recipientsOf(tx, event.bookingId)
  if (!booking) return
  const planned: PlannedMessage[] = []
  const { visitor, business } = plan
  if (visitor) {
    // Guests hear of a booking once it is made: a hold that ran out is the visitor's alone.
    const audience = visitorAudience(booking).filter(
      (to) => visitor !== 'hold-expired' || to.audience === 'visitor',
    )
    for (const to of audience) {
      planned.push({ kind: visitor, ...to, details: plan.details, sendAt: now })
    }
  }
  if (business && booking.businessEmail) {
    planned.push({
      kind: business,
      audience: 'business',
      recipient: booking.businessEmail,
      details: plan.details,
      sendAt: now,
    })
  }
  // Planned only while the event is the booking's latest state; a later event plans its own.
  const remindAt =
    plan.remind && booking.version === event.version
      ? reminderSendAt(+booking.start, booking.reminderMinutes, now)
      : undefined
  if (remindAt !== undefined) {
    const details = { start: new Date(booking.start).toISOString() }
    for (const to of visitorAudience(booking)) {
      planned.push({ kind: 'reminder', ...to, details, sendAt: remindAt })
    }
  }
  const promptAt = plan.holdExpiresAt && paymentPromptAt(Date.parse(plan.holdExpiresAt), now)
  if (promptAt && booking.contact.email) {
    // Only the visitor pays; guests hear of the booking once it is confirmed.
    planned.push({
      kind: 'payment-due',
      audience: 'visitor',
      recipient: booking.contact.email,
      details: { holdExpiresAt: plan.holdExpiresAt },
      sendAt: promptAt,
    })
  }
  if (planned.length === 0) return
  // One statement for the messages and one for their jobs, however many recipients there are.
  const { rows } = await tx.query<{ id: number; sendAt: Date }>(
    `INSERT INTO mail_messages (booking_id, kind, booking_version, audience, recipient, details,
                                send_at)
     SELECT $1, m.kind, $2, m.audience, m.recipient, m.details, m.send_at
       FROM jsonb_to_recordset($3::jsonb)
         AS m(kind text, audience text, recipient text, details jsonb, send_at timestamptz)
     ON CONFLICT ON CONSTRAINT mail_messages_once DO NOTHING
     RETURNING id, send_at AS "sendAt"`,
    [
      event.bookingId,
      event.version,
      JSON.stringify(
        planned.map((message) => ({
          kind: message.kind,
          audience: message.audience,
          recipient: message.recipient,
          details: message.details,
          send_at: new Date(message.sendAt).toISOString(),
        })),
      ),
    ],
  )
  await enqueueAll(
    tx,
    rows.map((row) => {
      const id = Number(row.id)
      return {
        type: 'mail.send' as const,
        payload: { messageId: id },
        runAt: new Date(row.sendAt).getTime(),
        dedupeKey: `mail:${id}`,
        maxAttempts: MAIL_ATTEMPTS,
      }
    }),
  )
}
