/**
 * A staff member's calendar connections (`/api/admin/staff/{id}/calendars`), shared by the server
 * and the dashboard. Owners and admins manage anyone's; a staff account manages its own. The
 * password of a CalDAV connection goes in once and never comes back: no answer carries it.
 */

/** A CalDAV account (its calendars are found by discovery) or a published iCalendar feed. */
export type CalendarConnectionRequest =
  { kind: 'caldav'; url: string; username: string; password: string } | { kind: 'ics'; url: string }

/** One calendar of a connection (an ICS feed has exactly one). */
export interface ConnectedCalendar {
  /** The calendar's address, its id within the connection. */
  url: string
  name: string
  /** The calendar's own colour (`#rrggbb`), when the server says one. */
  color: string | null
  /** Its busy times remove the staff member's slots. */
  checked: boolean
  /** New bookings are written into it (one per connection at most; never for an ICS feed). */
  receivesBookings: boolean
}

/**
 * `ok`: the last sync worked. `failing`: the last sync failed (`lastError` says why) and the
 * cached busy times are still used; after several failures in a row the staff member is e-mailed.
 */
export type CalendarConnectionState = 'ok' | 'failing'

/**
 * Why the last sync failed, for the dashboard to say in its language: the address may not be
 * reached, did not answer, refused the user name and password, holds no calendar, or the saved
 * password cannot be opened any more (the server's key changed).
 */
export type CalendarErrorCode =
  | 'calendar_address_refused'
  | 'calendar_unreachable'
  | 'calendar_unauthorized'
  | 'calendar_not_found'
  | 'calendar_password_unreadable'

export interface CalendarConnection {
  id: number
  kind: 'caldav' | 'ics'
  /** The server or feed address as given, without any credentials. */
  url: string
  /** The CalDAV user name; null for a feed. */
  username: string | null
  calendars: ConnectedCalendar[]
  state: CalendarConnectionState
  /** When busy times were last read successfully (ISO instant), null before the first. */
  lastSyncedAt: string | null
  /** Why the last sync failed, in the calendar server's or the guard's words; null when it worked. */
  lastError: string | null
  /** The same as a code; null when it worked. */
  lastErrorCode: CalendarErrorCode | null
  /** Failed syncs in a row. */
  failures: number
  /** Busy intervals held for the coming weeks, as a sign the sync reads something. */
  busyCount: number
}

/** `PATCH /api/admin/staff/{id}/calendars/{connectionId}`: which calendars count and receive. */
export interface CalendarConnectionChange {
  /** The addresses of the calendars whose busy times count; the others are ignored. */
  checked?: string[]
  /** The calendar new bookings go into, or null for none. */
  receivesBookings?: string | null
}

/** A staff member's private feed of upcoming bookings; rotating the token ends the old URL. */
export interface CalendarFeed {
  /** `https://…/api/staff/{id}/calendar.ics?token=…` */
  url: string
  /** The same as `webcal://…`, which calendar apps subscribe to. */
  webcal: string
}

/** `GET /api/admin/staff/{id}/calendars`. */
export interface StaffCalendars {
  connections: CalendarConnection[]
  feed: CalendarFeed
}
