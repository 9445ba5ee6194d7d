import {
  calendarQuery,
  createAccount,
  createCalendarObject,
  deleteObject,
  fetchCalendars,
  propfind,
  updateObject,
  type DAVResponse,
} from 'tsdav'
import type { ErrorCode } from '../../../src/lib/http/error-object'
import { OutboundRefused } from '../../notifications/webhooks/targets'
import { OutboundFailed } from './guarded-fetch'

/**
 * The network side of calendar connections: CalDAV through tsdav, and ICS feeds. Every request
 * goes through the `fetch` given (the guarded one in the product), and every failure comes out as
 * one of the errors below, or OutboundRefused when the address may not be reached. Their messages
 * are short, in English, and hold neither credentials nor URLs (a feed's URL is often its secret),
 * so they can be stored as a connection's last error and shown.
 */

export interface CalDavAccount {
  url: string
  username: string
  password: string
}

export interface RemoteCalendar {
  url: string
  name: string
  /** `#rrggbb`, when the server says one. */
  color: string | null
  ctag: string | null
  syncToken: string | null
}

export interface RemoteEvent {
  url: string
  etag: string | null
}

type CalendarErrorCode = Extract<
  ErrorCode,
  'calendar_unauthorized' | 'calendar_unreachable' | 'calendar_not_found'
>

export abstract class CalendarError extends Error {
  abstract readonly code: CalendarErrorCode
}

/** The server refused the user name and password (401), or their access (403). */
export class CalendarUnauthorized extends CalendarError {
  readonly code = 'calendar_unauthorized'
  constructor(message = 'The calendar server refused the user name and password.') {
    super(message)
    this.name = 'CalendarUnauthorized'
  }
}

/** No connection, no answer in time, or the server failed (5xx): trying again later may work. */
export class CalendarUnreachable extends CalendarError {
  readonly code = 'calendar_unreachable'
  constructor(message = 'The calendar server could not be reached.') {
    super(message)
    this.name = 'CalendarUnreachable'
  }
}

/** Nothing at the address is a calendar (or a feed): none found, gone, or not iCalendar. */
export class CalendarNotFound extends CalendarError {
  readonly code = 'calendar_not_found'
  constructor(message = 'No calendar was found at this address.') {
    super(message)
    this.name = 'CalendarNotFound'
  }
}

/** The error an HTTP status means, for an answer that is not the one hoped for. */
function statusError(status: number, gone = 'No calendar was found at this address.'): Error {
  if (status === 401 || status === 403) return new CalendarUnauthorized()
  if (status === 404 || status === 410) return new CalendarNotFound(gone)
  if (status >= 500) return new CalendarUnreachable(`The calendar server answered ${status}.`)
  return new CalendarNotFound(`The calendar server answered ${status}.`)
}

/**
 * Runs a piece of work with a `fetch` that remembers what went wrong on the way. tsdav swallows
 * much of it (discovery tries several addresses; a refused PROPFIND comes back as an empty list),
 * so when the work fails the remembered refusals and statuses say why better than tsdav's error.
 */
async function watched<T>(
  fetch: typeof globalThis.fetch,
  work: (fetch: typeof globalThis.fetch) => Promise<T>,
): Promise<T> {
  let thrown: unknown
  let unauthorized = false
  let serverError: number | undefined
  const watching: typeof globalThis.fetch = async (input, init) => {
    try {
      const response = await fetch(input, init)
      if (response.status === 401 || response.status === 403) unauthorized = true
      if (response.status >= 500) serverError ??= response.status
      return response
    } catch (error) {
      thrown ??= error
      throw error
    }
  }
  try {
    return await work(watching)
  } catch (error) {
    if (error instanceof CalendarError || error instanceof OutboundRefused) throw error
    if (unauthorized) throw new CalendarUnauthorized()
    if (thrown instanceof OutboundRefused) throw thrown
    if (thrown instanceof OutboundFailed) throw new CalendarUnreachable(thrown.message)
    if (thrown !== undefined) throw new CalendarUnreachable()
    if (serverError) throw statusError(serverError)
    throw new CalendarNotFound()
  }
}

const basicAuth = (account: CalDavAccount) => ({
  authorization: `Basic ${Buffer.from(`${account.username}:${account.password}`).toString('base64')}`,
})

/** A property's text: xml-js hands numbers for digits-only text, and CDATA as an object. */
function text(value: unknown): string | null {
  if (typeof value === 'string') return value
  if (typeof value === 'number') return String(value)
  if (value && typeof value === 'object' && '_cdata' in value) return text(value._cdata)
  return null
}

/** `#rrggbb` from a calendar's colour; Apple's `#rrggbbaa` loses its alpha. */
function colorOf(value: unknown): string | null {
  const match = /^#([0-9a-f]{6})(?:[0-9a-f]{2})?$/i.exec(text(value)?.trim() ?? '')
  return match ? `#${match[1]?.toLowerCase()}` : null
}

/** The calendars of an account that hold events (not those for tasks or journals only). */
export async function discoverCalendars(
  account: CalDavAccount,
  fetch: typeof globalThis.fetch,
): Promise<RemoteCalendar[]> {
  return watched(fetch, async (fetch) => {
    const headers = basicAuth(account)
    const dav = await createAccount({
      account: { serverUrl: account.url, accountType: 'caldav' },
      headers,
      fetch,
    })
    const found = (await fetchCalendars({ account: dav, headers, fetch }))
      .filter(({ components }) => !components?.length || components.includes('VEVENT'))
      .map((calendar) => ({
        url: calendar.url,
        name:
          text(calendar.displayName) ||
          decodeURIComponent(
            new URL(calendar.url).pathname.split('/').filter(Boolean).at(-1) ?? '',
          ),
        color: colorOf(calendar.calendarColor),
        ctag: text(calendar.ctag),
        syncToken: text(calendar.syncToken),
      }))
    if (found.length === 0) throw new Error('no calendar with events')
    return found
  })
}

/** `20260301T090000Z`, the form of a CalDAV time range. */
const utc = (ms: number) => `${new Date(ms).toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`

/** The one answer a request to a single resource gives, or the error its status means. */
function single(responses: DAVResponse[]): DAVResponse {
  const [first] = responses
  if (!first) throw new CalendarNotFound()
  if (!first.ok) throw statusError(first.status, 'The calendar no longer exists at this address.')
  return first
}

/**
 * The calendar's event resources that touch [from, to), or 'unchanged' when its ctag (or, on a
 * server without one, its sync token) is still `calendar.ctag`. A time-range calendar-query is
 * answered by the server's own recurrence expansion, so a weekly event whose first instance is
 * years before the window is included; each object comes whole (master, overrides, VTIMEZONEs)
 * for the caller to expand.
 */
export async function readCalendar(
  account: CalDavAccount,
  calendar: { url: string; ctag?: string | null },
  range: { from: number; to: number },
  fetch: typeof globalThis.fetch,
): Promise<
  | { ctag: string | null; objects: { url: string; etag: string | null; data: string }[] }
  | 'unchanged'
> {
  return watched(fetch, async (fetch) => {
    const headers = basicAuth(account)
    const { props } = single(
      await propfind({
        url: calendar.url,
        props: { 'cs:getctag': {}, 'd:sync-token': {}, 'd:resourcetype': {} },
        depth: '0',
        headers,
        fetch,
      }),
    )
    if (!Object.keys(props?.resourcetype ?? {}).includes('calendar')) {
      throw new CalendarNotFound('The address is not a calendar.')
    }
    const ctag = text(props?.getctag) ?? text(props?.syncToken)
    if (ctag !== null && ctag === calendar.ctag) return 'unchanged'
    const responses = await calendarQuery({
      url: calendar.url,
      props: { 'd:getetag': {}, 'c:calendar-data': {} },
      filters: {
        'comp-filter': {
          _attributes: { name: 'VCALENDAR' },
          'comp-filter': {
            _attributes: { name: 'VEVENT' },
            'time-range': { _attributes: { start: utc(range.from), end: utc(range.to) } },
          },
        },
      },
      depth: '1',
      headers,
      fetch,
    })
    // An error, or an answer that is not a multistatus, comes back as one response without props.
    const [first] = responses
    if (first && !first.props) {
      throw first.ok
        ? new CalendarNotFound('The address is not a calendar.')
        : statusError(first.status)
    }
    const objects = responses.flatMap(({ href, ok, props }) => {
      const data = text(props?.calendarData)
      if (!ok || !href || !data) return []
      return [{ url: new URL(href, calendar.url).href, etag: text(props?.getetag), data }]
    })
    return { ctag, objects }
  })
}

/** Where an event of ours lives: named after its UID, so a retried create finds the first. */
const eventUrl = (calendarUrl: string, uid: string) =>
  new URL(
    `${encodeURIComponent(uid)}.ics`,
    calendarUrl.endsWith('/') ? calendarUrl : `${calendarUrl}/`,
  ).href

const etagOf = (response: Response) => response.headers.get('etag')

/**
 * Writes a booking's event. Without `existing` it is created, refusing to replace anything
 * (If-None-Match: *); a 412 then means an earlier attempt did create it (its answer was lost), so
 * that one is updated instead of a second being made. An update replaces the event whatever its
 * ETag now: the event mirrors the booking, which is the record, so a change made to it in the
 * calendar app is not worth keeping over the booking's own.
 */
export async function putEvent(
  account: CalDavAccount,
  calendarUrl: string,
  uid: string,
  ics: string,
  fetch: typeof globalThis.fetch,
  existing?: RemoteEvent,
): Promise<RemoteEvent> {
  return watched(fetch, async (fetch) => {
    const headers = { ...basicAuth(account), 'content-type': 'text/calendar; charset=utf-8' }
    const replace = async (url: string) => {
      const response = await updateObject({ url, data: ics, headers, fetch })
      if (!response.ok) throw statusError(response.status)
      return { url, etag: etagOf(response) }
    }
    if (existing) return replace(existing.url)
    const url = eventUrl(calendarUrl, uid)
    const response = await createCalendarObject({
      calendar: { url: calendarUrl },
      filename: new URL(url).pathname.split('/').at(-1) ?? '',
      iCalString: ics,
      headers,
      fetch,
    })
    if (response.status === 412) return replace(url)
    if (!response.ok) throw statusError(response.status)
    return { url, etag: etagOf(response) }
  })
}

/** Removes a booking's event, whatever its ETag now; one already gone is fine. */
export async function deleteEvent(
  account: CalDavAccount,
  event: RemoteEvent,
  fetch: typeof globalThis.fetch,
): Promise<void> {
  return watched(fetch, async (fetch) => {
    const response = await deleteObject({ url: event.url, headers: basicAuth(account), fetch })
    if (!response.ok && response.status !== 404 && response.status !== 410) {
      throw statusError(response.status)
    }
  })
}

/**
 * A published iCalendar feed, or 'unchanged' when it still has the ETag `known`. `webcal://` is
 * the calendar apps' name for the same feed over https.
 */
export async function readFeed(
  url: string,
  fetch: typeof globalThis.fetch,
  known?: { etag: string | null },
): Promise<{ etag: string | null; text: string } | 'unchanged'> {
  return watched(fetch, async (fetch) => {
    const response = await fetch(url.replace(/^webcals?:\/\//i, 'https://'), {
      headers: {
        accept: 'text/calendar, */*;q=0.5',
        ...(known?.etag ? { 'if-none-match': known.etag } : {}),
      },
    })
    if (response.status === 304) return 'unchanged'
    if (!response.ok)
      throw statusError(response.status, 'No calendar feed was found at this address.')
    const body = await response.text()
    if (!/^\uFEFF?\s*BEGIN:VCALENDAR/i.test(body)) {
      throw new CalendarNotFound('The address does not serve an iCalendar feed.')
    }
    return { etag: etagOf(response), text: body }
  })
}
