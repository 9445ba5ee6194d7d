import type { Locale } from '../../../src/lib/locale/locales'
import type { Queryable } from '../../db'

/** What the e-mails and the manage link's calendar file need of a booking beyond its view. */
export interface BookingExtras {
  id: number
  locale: Locale
  sealedToken: Uint8Array | null
  providerTimeZone: string
  /** Raised by every command on the booking: the calendar file's SEQUENCE. */
  version: number
}

export async function extrasOf(
  db: Queryable,
  where: { id: number } | { tokenHash: Buffer },
): Promise<BookingExtras | undefined> {
  const { rows } = await db.query<BookingExtras>(
    `SELECT b.id, b.locale, b.manage_token_sealed AS "sealedToken",
            p.time_zone AS "providerTimeZone", b.version
       FROM bookings b JOIN providers p ON p.id = b.provider_id
      WHERE ${'id' in where ? 'b.id = $1' : 'b.manage_token_hash = $1'}`,
    ['id' in where ? where.id : where.tokenHash],
  )
  return rows[0]
}
