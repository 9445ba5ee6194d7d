import type { Database } from '../../db'
import type { PaymentProvider } from '../../payments/provider'

/** How bookings are paid for: the provider, and how long an unpaid booking keeps its seats. */
export interface PaymentSettings {
  provider: PaymentProvider
  holdMinutes: number
}

/**
 * What every booking command needs: the database, the public URL for links, the clock, and the
 * key that seals manage tokens for the e-mails sent later (server/booking/store/link-key.ts);
 * with `payments`, a booking that asks for money up front is held until it is paid.
 */
export interface BookingContext {
  db: Database
  siteUrl: string
  now: () => number
  linkKey: Buffer
  payments?: PaymentSettings
  /**
   * Reads the calendars of the staff who could take `lines` again before a booking is planned
   * (server/calendars/jobs.ts), so the plan sees their latest busy times.
   */
  recheckCalendars?: (lines: { serviceId: number; staffId: number | null }[]) => Promise<void>
}
