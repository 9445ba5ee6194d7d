import { DEFAULT_LOCALE, isLocale, localizedPath } from '../../../src/lib/locale/locales'
import type { FailingStreak } from '../../calendars/store'
import type { Queryable } from '../../db'
import { enqueue } from '../../jobs/store'
import { MAIL_ATTEMPTS } from './queue'
import { renderCalendarFailingMail, type RenderedMail } from './render'

/** The kind of the one e-mail not about a booking: a calendar connection keeps failing. */
export const CALENDAR_FAILING = 'calendar-failing'

/** What the e-mail reports, as the failing streak was when it was queued. */
export interface CalendarFailingDetails {
  address: string
  error: string
  /** The streak's first failed read (ISO 8601). */
  failingSince: string
}

/** A queued calendar-failing e-mail, as sendMessage reads it. */
export interface CalendarFailingRow {
  id: number
  bookingId: null
  kind: typeof CALENDAR_FAILING
  audience: 'staff' | 'business'
  recipient: string
  details: CalendarFailingDetails
  messageId: string
  staffId: number
  /** Null once the connection was removed. */
  connectionId: number | null
}

/**
 * The connection's address as an e-mail may carry it. Never the credentials a URL can hold; and
 * of a published feed only its server, since the path or query of a private feed (Google's
 * `private-…/basic.ics`, iCloud's `published/2/…`) is the secret that opens the calendar.
 */
export function shownAddress(kind: 'caldav' | 'ics', url: string): string {
  const parsed = new URL(url)
  if (kind === 'ics') {
    return parsed.pathname === '/' && !parsed.search ? parsed.origin : `${parsed.origin}/…`
  }
  return `${parsed.origin}${parsed.pathname}`
}

/** Whom the e-mail goes to: the staff member's own accounts, or else the business's address. */
async function recipientsOf(tx: Queryable, staffId: number) {
  const accounts = await tx.query<{ recipient: string }>(
    `SELECT email AS recipient FROM admin_users
      WHERE staff_id = $1 AND disabled_at IS NULL ORDER BY id`,
    [staffId],
  )
  if (accounts.rows.length > 0) {
    return accounts.rows.map((row) => ({ audience: 'staff' as const, recipient: row.recipient }))
  }
  const business = await tx.query<{ recipient: string | null }>(
    `SELECT COALESCE(NULLIF(p.notification_email, ''), NULLIF(p.email, '')) AS recipient
       FROM staff s JOIN providers p ON p.id = s.provider_id WHERE s.id = $1`,
    [staffId],
  )
  const address = business.rows[0]?.recipient
  return address ? [{ audience: 'business' as const, recipient: address }] : []
}

/**
 * Queues the e-mail telling a failing streak of connection `connectionId` (claimed by the caller
 * in `tx`, so it is queued once): a `mail_messages` row per recipient and its `mail.send` job.
 * Answers how many were queued; none when the staff member has no account and the business no
 * address.
 */
export async function queueCalendarFailingMail(
  tx: Queryable,
  connectionId: number,
  streak: FailingStreak,
  now: number,
): Promise<number> {
  const details: CalendarFailingDetails = {
    address: shownAddress(streak.kind, streak.url),
    error: streak.lastError,
    failingSince: streak.failingSince.toISOString(),
  }
  const recipients = await recipientsOf(tx, streak.staffId)
  for (const { audience, recipient } of recipients) {
    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO mail_messages (staff_id, calendar_connection_id, kind, audience, recipient,
                                  details, send_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [
        streak.staffId,
        connectionId,
        CALENDAR_FAILING,
        audience,
        recipient,
        details,
        new Date(now).toISOString(),
      ],
    )
    const id = Number((rows[0] as { id: number }).id)
    await enqueue(tx, {
      type: 'mail.send',
      payload: { messageId: id },
      runAt: now,
      dedupeKey: `mail:${id}`,
      maxAttempts: MAIL_ATTEMPTS,
    })
  }
  return recipients.length
}

/**
 * The e-mail as its recipient gets it, in the business's default language (accounts have no
 * language of their own; the site's default is always one the dashboard is built in); undefined
 * when it is no longer worth sending: the connection was removed, or the streak it tells of
 * ended (a sync succeeded since; a later streak is told by its own e-mail).
 */
export async function composeCalendarFailing(
  db: Queryable,
  siteUrl: string,
  message: CalendarFailingRow,
): Promise<RenderedMail | undefined> {
  if (message.connectionId === null) return undefined
  const { rows } = await db.query<{
    staffName: string
    providerName: string
    timeZone: string
    locale: string | null
    failingSince: Date | string | null
  }>(
    `SELECT s.name AS "staffName", p.name AS "providerName", p.time_zone AS "timeZone",
            (SELECT default_locale FROM site_settings) AS locale,
            c.failing_since AS "failingSince"
       FROM calendar_connections c
       JOIN staff s ON s.id = c.staff_id JOIN providers p ON p.id = s.provider_id
      WHERE c.id = $1`,
    [message.connectionId],
  )
  const found = rows[0]
  if (
    !found?.failingSince ||
    new Date(found.failingSince).getTime() !== Date.parse(message.details.failingSince)
  ) {
    return undefined
  }
  const locale = found.locale && isLocale(found.locale) ? found.locale : DEFAULT_LOCALE
  return renderCalendarFailingMail({
    locale,
    staffName: found.staffName,
    providerName: found.providerName,
    address: message.details.address,
    failingSince: message.details.failingSince,
    timeZone: found.timeZone,
    error: message.details.error,
    calendarsUrl: `${siteUrl}${localizedPath(locale, '/admin/calendars/')}?staffId=${message.staffId}`,
  })
}
