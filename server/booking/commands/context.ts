import type { Database } from '../../db'

/** What every booking command needs: the database, the public URL for links, and the clock. */
export interface BookingContext {
  db: Database
  siteUrl: string
  now: () => number
}
