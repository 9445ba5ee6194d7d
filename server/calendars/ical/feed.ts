import ICAL from 'ical.js'

/** A booking as a calendar event: a staff member's feed holds one per booking. */
export interface FeedEvent {
  /** Stable across every feed and write of the booking, so calendar apps update, not duplicate. */
  uid: string
  /** Epoch ms; written to the second, in UTC. */
  start: number
  end: number
  summary: string
  description?: string
  location?: string
  url?: string
  status: 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED'
  /** Raised on every change, so a calendar app takes the newer copy (RFC 5546). */
  sequence: number
  /** Epoch ms of the last change: LAST-MODIFIED. */
  updatedAt: number
}

/** The same product name as the e-mails' calendar files (server/booking/views/calendar-links.ts). */
const PRODUCT_ID = 'harbor-physio/booking'
/** How often subscribers should fetch the feed again (Apple and Outlook read the one or other). */
const REFRESH = 'PT15M'
const LINE_OCTETS = 75

/**
 * A whole feed: VCALENDAR (VERSION 2.0, PRODID, CALSCALE GREGORIAN, METHOD PUBLISH, X-WR-CALNAME,
 * REFRESH-INTERVAL/X-PUBLISHED-TTL PT15M) with one VEVENT per event.
 */
export function calendarFeed(name: string, events: FeedEvent[], now: number): string {
  const calendar = vcalendar()
  calendar.addPropertyWithValue('method', 'PUBLISH')
  calendar.addPropertyWithValue('x-wr-calname', clean(name))
  const refresh = new ICAL.Property('refresh-interval')
  refresh.resetType('duration')
  refresh.setValue(ICAL.Duration.fromString(REFRESH))
  calendar.addProperty(refresh)
  calendar.addPropertyWithValue('x-published-ttl', REFRESH)
  for (const event of events) calendar.addSubcomponent(vevent(event, now))
  return serialize(calendar)
}

/** One event as its own VCALENDAR, the body of a CalDAV PUT (no METHOD: RFC 4791 forbids it there). */
export function eventCalendar(event: FeedEvent, now: number): string {
  const calendar = vcalendar()
  calendar.addSubcomponent(vevent(event, now))
  return serialize(calendar)
}

function vcalendar(): ICAL.Component {
  const calendar = new ICAL.Component('vcalendar')
  calendar.addPropertyWithValue('version', '2.0')
  calendar.addPropertyWithValue('prodid', PRODUCT_ID)
  calendar.addPropertyWithValue('calscale', 'GREGORIAN')
  return calendar
}

function vevent(event: FeedEvent, now: number): ICAL.Component {
  const component = new ICAL.Component('vevent')
  component.addPropertyWithValue('uid', clean(event.uid))
  component.addPropertyWithValue('dtstamp', utc(now))
  component.addPropertyWithValue('dtstart', utc(event.start))
  component.addPropertyWithValue('dtend', utc(event.end))
  component.addPropertyWithValue('summary', clean(event.summary))
  if (event.description) component.addPropertyWithValue('description', clean(event.description))
  if (event.location) component.addPropertyWithValue('location', clean(event.location))
  if (event.url) component.addPropertyWithValue('url', clean(event.url))
  component.addPropertyWithValue('status', event.status)
  component.addPropertyWithValue('sequence', event.sequence)
  component.addPropertyWithValue('last-modified', utc(event.updatedAt))
  return component
}

const utc = (ms: number) => ICAL.Time.fromJSDate(new Date(Math.floor(ms / 1000) * 1000), true)

/**
 * TEXT may not hold control characters but HTAB (RFC 5545 3.3.11); a line break is kept as one
 * (ical.js writes it as \n), any other is dropped.
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f]/g
const clean = (text: string) => text.replace(/\r\n?/g, '\n').replace(CONTROL, '')

/**
 * ical.js escapes and folds, but folds to 75 octets after the leading space of a continuation
 * line, making those 76: unfolded here and folded again to 75 with the space, never inside a
 * character. CRLF line ends throughout, the last line's too.
 */
function serialize(calendar: ICAL.Component): string {
  const lines = calendar.toString().replace(/\r\n /g, '').split('\r\n')
  return lines.map(fold).join('\r\n') + '\r\n'
}

function fold(line: string): string {
  const parts: string[] = []
  let part = ''
  let octets = 0
  for (const character of line) {
    const size = Buffer.byteLength(character)
    if (octets + size > LINE_OCTETS) {
      parts.push(part)
      part = ' '
      octets = 1
    }
    part += character
    octets += size
  }
  parts.push(part)
  return parts.join('\r\n')
}
