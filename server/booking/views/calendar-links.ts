import { createEvents } from 'ics'

/** What an add-to-calendar button needs to know of one appointment. */
export interface CalendarEvent {
  uid: string
  title: string
  description: string
  location: string
  /** Epoch ms. */
  start: number
  end: number
  cancelled: boolean
}

const compactUtc = (ms: number) =>
  new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')

export function googleCalendarUrl(event: CalendarEvent): string {
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: event.title,
    dates: `${compactUtc(event.start)}/${compactUtc(event.end)}`,
    details: event.description,
    location: event.location,
  })
  return `https://calendar.google.com/calendar/render?${params}`
}

export function outlookCalendarUrl(event: CalendarEvent): string {
  const params = new URLSearchParams({
    path: '/calendar/action/compose',
    rru: 'addevent',
    subject: event.title,
    startdt: new Date(event.start).toISOString(),
    enddt: new Date(event.end).toISOString(),
    body: event.description,
    location: event.location,
  })
  return `https://outlook.live.com/calendar/0/deeplink/compose?${params}`
}

/** An occurrence's UID: the same in every file of the booking, so each updates the same entry. */
export const calendarUid = (bookingId: number, occurrence: number, providerSlug: string) =>
  `booking-${bookingId}-${occurrence}@${providerSlug}`

/**
 * How a file changes the entries it names (RFC 5546): calendar apps replace an entry by a file of
 * the same UID with a higher SEQUENCE, and remove it on METHOD:CANCEL.
 */
export interface CalendarUpdate {
  method: 'PUBLISH' | 'CANCEL'
  sequence: number
}

/** An RFC 5545 calendar with one event per occurrence (recurring services have several). */
export function icsCalendar(
  events: CalendarEvent[],
  update: CalendarUpdate = { method: 'PUBLISH', sequence: 0 },
): string {
  const { error, value } = createEvents(
    events.map((event) => ({
      uid: event.uid,
      sequence: update.sequence,
      title: event.title,
      description: event.description,
      location: event.location || undefined,
      start: event.start,
      startInputType: 'utc' as const,
      startOutputType: 'utc' as const,
      end: event.end,
      endInputType: 'utc' as const,
      endOutputType: 'utc' as const,
      status: event.cancelled ? ('CANCELLED' as const) : ('CONFIRMED' as const),
      productId: 'harbor-physio/booking',
    })),
    { method: update.method },
  )
  if (error || !value) throw error ?? new Error('could not build the calendar file')
  return value
}
