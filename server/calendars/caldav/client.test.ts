import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { OutboundRefused, targetPolicy } from '../../notifications/webhooks/targets'
import {
  CalendarNotFound,
  CalendarUnauthorized,
  CalendarUnreachable,
  deleteEvent,
  discoverCalendars,
  putEvent,
  readCalendar,
  readFeed,
  type CalDavAccount,
} from './client'
import { guardedFetch } from './guarded-fetch'
import { makeTestCalendar, putTestObject, startRadicale, type Radicale } from './radicale'

// Radicale is a Python process: starting it takes a second or two on a busy machine.
const START_TIMEOUT_MS = 30_000

const fetch = guardedFetch(targetPolicy(['127.0.0.0/8']))
const strict = guardedFetch(targetPolicy([]))

/** The week the tests read: Monday 2 March 2026 to the next Monday. */
const week = { from: Date.UTC(2026, 2, 2), to: Date.UTC(2026, 2, 9) }

function vevent(uid: string, lines: string[]) {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Tests//EN',
    'BEGIN:VEVENT',
    `UID:${uid}`,
    'DTSTAMP:20260101T000000Z',
    ...lines,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n')
}

/** Physio every Monday at 10:00 UTC since January 2025: its master starts long before the week. */
const weekly = vevent('weekly-physio', [
  'DTSTART:20250106T100000Z',
  'DTEND:20250106T110000Z',
  'RRULE:FREQ=WEEKLY',
  'SUMMARY:Own physio',
])
const inMay = vevent('in-may', ['DTSTART:20260504T100000Z', 'DTEND:20260504T110000Z'])

let server: Radicale
let account: CalDavAccount
let calendarUrl: string

beforeAll(async () => {
  server = await startRadicale()
  account = { url: server.url, username: server.username, password: server.password }
  calendarUrl = await makeTestCalendar(server, 'work', { name: 'Work', color: '#FF8800FF' })
  await makeTestCalendar(server, 'tasks', { name: 'Tasks', components: ['VTODO'] })
  await putTestObject(server, calendarUrl, 'weekly.ics', weekly)
  await putTestObject(server, calendarUrl, 'may.ics', inMay)
}, START_TIMEOUT_MS)
afterAll(async () => {
  await server?.stop()
})

async function read(ctag?: string | null) {
  const answer = await readCalendar(account, { url: calendarUrl, ctag }, week, fetch)
  if (answer === 'unchanged') throw new Error('expected the calendar to have changed')
  return answer
}

const uidsOf = (objects: { data: string }[]) =>
  objects.map(({ data }) => /^UID:(.*)$/m.exec(data)?.[1]?.trim()).sort()

describe('startRadicale', () => {
  it('says how to install radicale when it is missing, rather than letting tests skip', async () => {
    const path = process.env.PATH
    process.env.PATH = '/nonexistent'
    // Stopped should it start after all, so that no server outlives the file.
    const outcome = await startRadicale().then(
      async (started) => {
        await started.stop()
        return 'started'
      },
      (error: Error) => error.message,
    )
    process.env.PATH = path
    expect(outcome).toBe(
      'radicale is not installed: the calendar tests need a real CalDAV server ' +
        '(`apt-get install radicale`).',
    )
  })
})

describe('discoverCalendars', () => {
  it('finds the calendars that hold events, with their names and colours', async () => {
    const calendars = await discoverCalendars(account, fetch)
    expect(calendars).toEqual([
      {
        url: calendarUrl,
        name: 'Work',
        color: '#ff8800',
        ctag: expect.any(String),
        syncToken: expect.any(String),
      },
    ])
  })

  it('says why when it cannot', async () => {
    await expect(discoverCalendars({ ...account, password: 'wrong' }, fetch)).rejects.toThrow(
      new CalendarUnauthorized('The calendar server refused the user name and password.'),
    )
    await expect(discoverCalendars(account, strict)).rejects.toThrow(OutboundRefused)
    const closed = http.createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const { port } = closed.address() as AddressInfo
    await new Promise((resolve) => closed.close(resolve))
    await expect(
      discoverCalendars({ ...account, url: `http://127.0.0.1:${port}/` }, fetch),
    ).rejects.toThrow(
      new CalendarUnreachable(`127.0.0.1:${port} cannot be reached (ECONNREFUSED).`),
    )
  })
})

describe('readCalendar', () => {
  it('returns the events of the window, a recurring one whose master starts before it', async () => {
    const { ctag, objects } = await read()
    expect(ctag).toEqual(expect.any(String))
    expect(uidsOf(objects)).toEqual(['weekly-physio'])
    expect(objects[0]).toEqual({
      url: new URL('weekly.ics', calendarUrl).href,
      etag: expect.stringMatching(/^".+"$/),
      data: expect.stringContaining('RRULE:FREQ=WEEKLY'),
    })
  })

  it('answers unchanged while the ctag is the same, and reads again after a change', async () => {
    const { ctag } = await read()
    expect(await readCalendar(account, { url: calendarUrl, ctag }, week, fetch)).toBe('unchanged')
    await putTestObject(
      server,
      calendarUrl,
      'dentist.ics',
      vevent('dentist', ['DTSTART:20260305T140000Z', 'DTEND:20260305T150000Z']),
    )
    const after = await read(ctag)
    expect(after.ctag).not.toBe(ctag)
    expect(uidsOf(after.objects)).toEqual(['dentist', 'weekly-physio'])
  })

  it('says why when it cannot', async () => {
    await expect(
      readCalendar({ ...account, password: 'wrong' }, { url: calendarUrl }, week, fetch),
    ).rejects.toThrow(CalendarUnauthorized)
    await expect(
      readCalendar(account, { url: new URL('gone/', calendarUrl).href }, week, fetch),
    ).rejects.toThrow(new CalendarNotFound('The calendar no longer exists at this address.'))
    await expect(
      readCalendar(account, { url: new URL('weekly.ics', calendarUrl).href }, week, fetch),
    ).rejects.toThrow(new CalendarNotFound('The address is not a calendar.'))
  })
})

describe('putEvent and deleteEvent', () => {
  const booking = (summary: string) =>
    vevent('booking-41@clinic.example', [
      'DTSTART:20260303T090000Z',
      'DTEND:20260303T094500Z',
      `SUMMARY:${summary}`,
    ])
  const bookingsIn = async () =>
    (await read()).objects.filter(({ data }) => data.includes('booking-41@clinic.example'))

  it('creates, updates, does not duplicate on a repeated create, and deletes once', async () => {
    const created = await putEvent(
      account,
      calendarUrl,
      'booking-41@clinic.example',
      booking('Massage'),
      fetch,
    )
    expect(created).toEqual({
      url: new URL('booking-41%40clinic.example.ics', calendarUrl).href,
      etag: expect.any(String),
    })
    expect(await bookingsIn()).toEqual([expect.objectContaining({ etag: created.etag })])

    const updated = await putEvent(
      account,
      calendarUrl,
      'booking-41@clinic.example',
      booking('Massage\\, moved'),
      fetch,
      created,
    )
    expect(updated.url).toBe(created.url)
    expect(updated.etag).not.toBe(created.etag)

    // A retry whose first attempt's answer was lost: the event exists, and is not made twice.
    const retried = await putEvent(
      account,
      calendarUrl,
      'booking-41@clinic.example',
      booking('Massage\\, retried'),
      fetch,
    )
    expect(retried.url).toBe(created.url)
    const events = await bookingsIn()
    expect(events).toHaveLength(1)
    expect(events[0]?.data).toContain('SUMMARY:Massage\\, retried')

    await deleteEvent(account, retried, fetch)
    expect(await bookingsIn()).toEqual([])
    await expect(deleteEvent(account, retried, fetch)).resolves.toBeUndefined()
  })

  it('says why when it cannot', async () => {
    await expect(
      putEvent({ ...account, password: 'wrong' }, calendarUrl, 'x', booking('x'), fetch),
    ).rejects.toThrow(CalendarUnauthorized)
    await expect(
      deleteEvent(
        { ...account, password: 'wrong' },
        { url: `${calendarUrl}x.ics`, etag: null },
        fetch,
      ),
    ).rejects.toThrow(CalendarUnauthorized)
    await expect(putEvent(account, calendarUrl, 'x', booking('x'), strict)).rejects.toThrow(
      OutboundRefused,
    )
  })
})

describe('readFeed', () => {
  const feed = vevent('feed-event', ['DTSTART:20260303T090000Z', 'DTEND:20260303T100000Z'])
  const seen: (string | undefined)[] = []
  const feeds = http.createServer((request, response) => {
    seen.push(request.headers['if-none-match'])
    if (request.url === '/page.html') {
      response.writeHead(200, { 'content-type': 'text/html' })
      response.end('<!doctype html><title>Sign in</title>')
    } else if (request.url !== '/anna.ics') {
      response.writeHead(404)
      response.end()
    } else if (request.headers['if-none-match'] === '"v1"') {
      response.writeHead(304)
      response.end()
    } else {
      response.writeHead(200, { 'content-type': 'text/calendar', etag: '"v1"' })
      response.end(feed)
    }
  })
  let base: string
  beforeAll(async () => {
    await new Promise<void>((resolve) => feeds.listen(0, '127.0.0.1', resolve))
    base = `http://127.0.0.1:${(feeds.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    await new Promise((resolve) => feeds.close(resolve))
  })

  it('reads a feed, then asks with its ETag and hears it is unchanged', async () => {
    expect(await readFeed(`${base}/anna.ics`, fetch)).toEqual({ etag: '"v1"', text: feed })
    expect(await readFeed(`${base}/anna.ics`, fetch, { etag: '"v1"' })).toBe('unchanged')
    expect(seen).toEqual([undefined, '"v1"'])
  })

  it('reads webcal:// as https://', async () => {
    const asked: string[] = []
    const answer = await readFeed('webcal://calendar.example/anna.ics', async (input) => {
      asked.push(String(input))
      return new Response(feed)
    })
    expect(asked).toEqual(['https://calendar.example/anna.ics'])
    expect(answer).toEqual({ etag: null, text: feed })
  })

  it('says why when it cannot', async () => {
    await expect(readFeed(`${base}/missing.ics`, fetch)).rejects.toThrow(
      new CalendarNotFound('No calendar feed was found at this address.'),
    )
    await expect(readFeed(`${base}/page.html`, fetch)).rejects.toThrow(
      new CalendarNotFound('The address does not serve an iCalendar feed.'),
    )
    await expect(readFeed(`${base}/anna.ics`, strict)).rejects.toThrow(OutboundRefused)
    await expect(
      readFeed(`${base}/anna.ics`, async () => new Response('busy', { status: 503 })),
    ).rejects.toThrow(new CalendarUnreachable('The calendar server answered 503.'))
  })
})
