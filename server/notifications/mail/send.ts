import crypto from 'node:crypto'
import type { BookingView } from '../../../src/lib/booking/api-types'
import { DEFAULT_LOCALE, localizedPath } from '../../../src/lib/locale/locales'
import type { BookingContext } from '../../booking/commands/context'
import { openManageToken } from '../../booking/store/manage-token'
import { loadBooking, withLinks } from '../../booking/views/booking-view'
import { ACTIVE_STATUSES } from '../../booking/views/policy'
import type { JobInfo } from '../../jobs/types'
import {
  stillWorthSending,
  type BusinessMessage,
  type MessageDetails,
  type MessageKind,
  type VisitorMessage,
} from '../rules'
import { extrasOf, type BookingExtras } from './booking-extras'
import { calendarMethod, mailCalendar } from './calendar'
import { composeCalendarFailing, type CalendarFailingRow } from './calendar-failing'
import { factsOf, guestIndexOf } from './facts'
import { MAIL_ATTEMPTS } from './queue'
import { renderBusinessMail, renderVisitorMail, type RenderedMail } from './render'
import { isPermanentMailFailure, type Mailer, type OutgoingMail } from './transport'

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error))

/** A queued e-mail about a booking. */
export interface MessageRow {
  id: number
  bookingId: number
  kind: MessageKind
  audience: 'visitor' | 'guest' | 'business'
  recipient: string
  details: MessageDetails
  messageId: string
}

const fullName = (person: { firstName?: string; lastName?: string; email?: string }) =>
  [person.firstName, person.lastName].filter(Boolean).join(' ') || person.email || ''

export interface Composed {
  rendered: RenderedMail
  ics: string
}

/**
 * The message as its recipient gets it, from the booking as it is now (exported for the
 * all-languages walk, which renders every message the way it is sent).
 */
export function compose(
  ctx: Pick<BookingContext, 'siteUrl' | 'linkKey'>,
  message: MessageRow,
  loaded: { view: BookingView; serviceSlug: string },
  extras: BookingExtras,
): Composed {
  const { view, serviceSlug } = loaded
  if (message.audience === 'business') {
    const facts = factsOf(view, DEFAULT_LOCALE)
    return {
      rendered: renderBusinessMail({
        kind: message.kind as BusinessMessage,
        facts,
        details: message.details,
        timeZone: extras.providerTimeZone,
        contact: {
          name: fullName(view.contact),
          email: view.contact.email,
          phone: view.contact.phone,
          notes: view.contact.additionalInformation,
        },
        guests: view.guests,
        dashboardUrl: `${ctx.siteUrl}${localizedPath(DEFAULT_LOCALE, '/admin/')}?booking=${view.id}`,
      }),
      ics: mailCalendar(view, { locale: DEFAULT_LOCALE, facts, sequence: extras.version }),
    }
  }
  // The manage links are the visitor's alone, and only while there is something to manage (a
  // cancelled or declined booking's e-mail carries none).
  const token =
    message.audience === 'visitor' && extras.sealedToken && ACTIVE_STATUSES.includes(view.status)
      ? openManageToken(ctx.linkKey, Buffer.from(extras.sealedToken))
      : undefined
  const links = token
    ? withLinks(view, serviceSlug, token, ctx.siteUrl, extras.locale).links
    : undefined
  const guestIndex =
    message.audience === 'guest' ? guestIndexOf(view, message.recipient) : undefined
  const guest = guestIndex === undefined ? undefined : view.guests[guestIndex - 1]
  // A guest whose entry was removed since still gets their copy, without anyone's details.
  const facts = factsOf(
    view,
    extras.locale,
    message.audience === 'guest' ? (guestIndex ?? -1) : undefined,
  )
  return {
    rendered: renderVisitorMail({
      kind: message.kind as VisitorMessage,
      audience: message.audience,
      locale: extras.locale,
      recipientName: message.audience === 'guest' ? (guest?.name ?? '') : fullName(view.contact),
      facts,
      details: message.details,
      calendar: calendarMethod(view.status),
      links: links && {
        reschedule: links.reschedule,
        cancel: links.cancel,
        // The payment page opens with the manage token, in the booking's language.
        pay: `${ctx.siteUrl}${localizedPath(extras.locale, '/widget/verifyPayment')}?token=${token}`,
      },
    }),
    ics: mailCalendar(view, {
      locale: extras.locale,
      facts,
      sequence: extras.version,
      links,
    }),
  }
}

async function settle(
  ctx: BookingContext,
  id: number,
  state: 'pending' | 'sent' | 'skipped' | 'failed',
  extra: { error?: string; outbox?: { rendered: RenderedMail; raw: string } } = {},
) {
  const outbox = extra.outbox
  await ctx.db.query(
    `UPDATE mail_messages
        SET state = $2, last_error = $3, sent_at = CASE WHEN $2 = 'sent' THEN $4::timestamptz END,
            transport = COALESCE($5, transport), subject = COALESCE($6, subject),
            body_text = COALESCE($7, body_text), body_html = COALESCE($8, body_html),
            raw = COALESCE($9, raw)
      WHERE id = $1`,
    [
      id,
      state,
      extra.error ?? null,
      new Date(ctx.now()).toISOString(),
      outbox ? 'outbox' : state === 'sent' ? 'smtp' : null,
      outbox?.rendered.subject ?? null,
      outbox?.rendered.text ?? null,
      outbox?.rendered.html ?? null,
      outbox?.raw ?? null,
    ],
  )
}

/**
 * A new Message-ID in the sender's own domain (RFC 5322 asks for one the sender controls);
 * `localhost` when MAIL_FROM names none.
 */
export function newMessageId(from: string): string {
  const domain = /@([^\s@<>]+)>?\s*$/.exec(from)?.[1] ?? 'localhost'
  return `<${crypto.randomUUID()}@${domain}>`
}

/** A booking's message from the booking as it is now; undefined when no longer worth sending. */
async function composeBookingMessage(
  ctx: BookingContext,
  message: MessageRow,
): Promise<Composed | undefined> {
  // The version is read before the booking: were a command to come in between, the calendar
  // file would carry the newer state under the older SEQUENCE, and the e-mail that command
  // causes replaces it; the other way round, an older state would win over the newer one.
  const extras = await extrasOf(ctx.db, { id: message.bookingId })
  const loaded = await loadBooking(ctx.db, { id: message.bookingId }, ctx.now())
  if (!extras || !loaded || !stillWorthSending(message.kind, message.details, loaded.view)) {
    return undefined
  }
  return compose(ctx, message, loaded, extras)
}

/**
 * Sends one queued e-mail: a booking's (with its calendar file) or a failing calendar connection's
 * (calendar-failing.ts), through the same transports. The row is marked `sending` before the
 * transport is called; a run that finds it still `sending` follows one that stopped mid-send (the
 * process died, or the result could not be stored) and sends it again. Through SMTP that is at
 * least once, every copy under the one Message-ID made before the first attempt, so a receiving
 * server can drop a repeat; into the local outbox it is exactly once, since storing it there and
 * marking it sent is one statement. A failure the transport reports puts it back to `pending` for
 * the runner's retry; a message already sent, skipped or given up on is left as it is.
 */
export async function sendMessage(
  ctx: BookingContext,
  mailer: Mailer,
  from: string,
  messageId: number,
  job: JobInfo,
): Promise<void> {
  const { rows } = await ctx.db.query<MessageRow | CalendarFailingRow>(
    `UPDATE mail_messages SET state = 'sending', message_id = COALESCE(message_id, $2)
      WHERE id = $1 AND state IN ('pending', 'sending')
     RETURNING id, booking_id AS "bookingId", kind, audience, recipient, details,
               message_id AS "messageId", staff_id AS "staffId",
               calendar_connection_id AS "connectionId"`,
    [messageId, newMessageId(from)],
  )
  const message = rows[0]
  if (!message) return
  let mail: OutgoingMail
  try {
    const composed: { rendered: RenderedMail; ics?: string } | undefined =
      message.bookingId === null
        ? await composeCalendarFailing(ctx.db, ctx.siteUrl, message).then(
            (rendered) => rendered && { rendered },
          )
        : await composeBookingMessage(ctx, message)
    if (!composed) {
      await settle(ctx, message.id, 'skipped')
      return
    }
    mail = {
      messageId: message.messageId,
      from,
      to: message.recipient,
      ...composed.rendered,
      ...(composed.ics === undefined ? {} : { ics: composed.ics }),
    }
    if (mailer.kind === 'outbox') {
      // Storing it is the sending: one statement, so it happens exactly once.
      const raw = await mailer.compose(mail)
      await settle(ctx, message.id, 'sent', { outbox: { rendered: composed.rendered, raw } })
      return
    }
  } catch (error) {
    // Nothing has left yet: the retry may send it.
    await settle(ctx, message.id, 'pending', { error: errorMessage(error) })
    throw error
  }
  try {
    await mailer.send(mail)
  } catch (error) {
    const final = job.attempts >= MAIL_ATTEMPTS || isPermanentMailFailure(error)
    await settle(ctx, message.id, final ? 'failed' : 'pending', {
      error: errorMessage(error),
    })
    if (final) return
    throw error
  }
  await settle(ctx, message.id, 'sent')
}
