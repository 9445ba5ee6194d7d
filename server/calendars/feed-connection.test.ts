import ICAL from 'ical.js'
import type { FastifyInstance } from 'fastify'
import type { CalendarConnection, StaffCalendars } from '../../src/lib/calendars/api-types'
import { account, bearer } from '../admin/test-support'
import { buildFixture, type Fixture } from '../booking/test-fixtures'
import { bookConsult, calendar, feedServer, slotStarts } from './test-support'

// Tuesday 5 March 2030 in Berlin (UTC+1): the dentist 10:00–11:00, a free focus block 13:00–14:00.
const DENTIST = [
  'UID:dentist',
  'DTSTAMP:20300101T000000Z',
  'DTSTART;TZID=Europe/Berlin:20300305T100000',
  'DTEND;TZID=Europe/Berlin:20300305T110000',
  'SUMMARY:Dentist',
]
const FOCUS = [
  'UID:focus',
  'DTSTAMP:20300101T000000Z',
  'DTSTART:20300305T120000Z',
  'DTEND:20300305T130000Z',
  'TRANSP:TRANSPARENT',
  'SUMMARY:Focus',
]
const LATE_MEETING = [
  'UID:late',
  'DTSTAMP:20300101T000000Z',
  'DTSTART:20300305T140000Z',
  'DTEND:20300305T150000Z',
  'SUMMARY:Added after the sync',
]

let fixture: Fixture
let app: FastifyInstance
let feed: ReturnType<typeof feedServer>
let feedUrl: string

beforeEach(async () => {
  feed = feedServer()
  feedUrl = await feed.start()
  fixture = await buildFixture({ config: { outboundAllowedNetworks: ['127.0.0.0/8'] } })
  app = fixture.app
})

afterEach(async () => {
  await app.close()
  await feed.stop()
})

const admin = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url: `/api/admin${url}`, headers: bearer, ...(payload ? { payload } : {}) })

const annaSlots = () => slotStarts(app, fixture.staff.anna)

async function connectFeed(): Promise<CalendarConnection> {
  const connected = await admin('POST', `/staff/${fixture.staff.anna}/calendars`, {
    kind: 'ics',
    url: feedUrl,
  })
  expect(connected.statusCode).toBe(201)
  return connected.json()
}

describe('a published calendar (ICS feed) of a staff member', () => {
  it('removes exactly the slots a blocked period of the same time removes; a free event none', async () => {
    feed.set(calendar(DENTIST, FOCUS))
    const before = await annaSlots()
    const connection = await connectFeed()
    expect(connection).toMatchObject({
      kind: 'ics',
      url: feedUrl,
      username: null,
      state: 'ok',
      failures: 0,
      busyCount: 1,
      calendars: [{ url: feedUrl, checked: true, receivesBookings: false }],
    })
    const withCalendar = await annaSlots()
    expect(withCalendar.length).toBeLessThan(before.length)

    expect(
      (await admin('DELETE', `/staff/${fixture.staff.anna}/calendars/${connection.id}`)).statusCode,
    ).toBe(204)
    expect(await annaSlots()).toEqual(before)
    const blocked = await admin('POST', '/blocked-periods', {
      staffId: fixture.staff.anna,
      start: '2030-03-05T09:00:00.000Z',
      end: '2030-03-05T10:00:00.000Z',
    })
    expect(blocked.statusCode).toBe(201)
    expect(await annaSlots()).toEqual(withCalendar)
  })

  it('is skipped by "any available staff", and a time it gained since the last read is refused', async () => {
    feed.set(calendar(DENTIST))
    await connectFeed()
    const tenBerlin = '2030-03-05T09:00:00.000Z'
    const anyone = await bookConsult(fixture, null, tenBerlin)
    expect(anyone.statusCode).toBe(201)
    expect(anyone.json().booking.lines[0].staffId).toBe(fixture.staff.ben)

    // The calendar gains a meeting at 15:00 after the last sync; the slot list still offers it.
    feed.set(calendar(DENTIST, LATE_MEETING))
    const fifteen = '2030-03-05T14:00:00.000Z'
    expect(await annaSlots()).toContain(fifteen)
    const refused = await bookConsult(fixture, fixture.staff.anna, fifteen)
    expect(refused.statusCode).toBe(409)
    expect(await annaSlots()).not.toContain(fifteen)
  })

  it('keeps its busy times when the calendar cannot be read, and says so on the connection', async () => {
    feed.set(calendar(DENTIST))
    const connection = await connectFeed()
    const withCalendar = await annaSlots()
    feed.fail(true)
    const synced = await admin(
      'POST',
      `/staff/${fixture.staff.anna}/calendars/${connection.id}/sync`,
    )
    expect(synced.statusCode).toBe(200)
    expect(synced.json()).toMatchObject({
      state: 'failing',
      failures: 1,
      busyCount: 1,
      lastErrorCode: 'calendar_unreachable',
    })
    expect(synced.json().lastError).toEqual(expect.any(String))
    expect(await annaSlots()).toEqual(withCalendar)
    // A booking still goes through on what is stored while the calendar is down.
    const booked = await bookConsult(fixture, fixture.staff.anna, '2030-03-05T13:00:00.000Z')
    expect(booked.statusCode).toBe(201)
  })

  it('is refused at a private address unless that network is allowed', async () => {
    const strict = await buildFixture()
    const refused = await strict.app.inject({
      method: 'POST',
      url: `/api/admin/staff/${strict.staff.anna}/calendars`,
      headers: bearer,
      payload: { kind: 'ics', url: feedUrl },
    })
    expect(refused.statusCode).toBe(422)
    expect(refused.json()).toMatchObject({ code: 'calendar_address_refused' })
    await strict.app.close()
  })

  it('answers bad input with the error object', async () => {
    const bad = await admin('POST', `/staff/${fixture.staff.anna}/calendars`, {
      kind: 'ics',
      url: 'not a url',
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ statusCode: 400, fields: { url: expect.any(String) } })
    const password = await admin('POST', `/staff/${fixture.staff.anna}/calendars`, {
      kind: 'ics',
      url: feedUrl,
      password: 'x',
    })
    expect(password.statusCode).toBe(400)
    expect((await admin('GET', '/staff/999/calendars')).statusCode).toBe(404)
  })
})

describe("a staff member's calendars in the dashboard", () => {
  it('are theirs to manage, and no other staff account sees them', async () => {
    feed.set(calendar(DENTIST))
    const anna = await account(app, 'staff', fixture.staff.anna)
    const ben = await account(app, 'staff', fixture.staff.ben)
    const own = await anna.request({
      method: 'POST',
      url: `/api/admin/staff/${fixture.staff.anna}/calendars`,
      payload: { kind: 'ics', url: feedUrl },
    })
    expect(own.statusCode).toBe(201)
    const other = await ben.request({
      method: 'GET',
      url: `/api/admin/staff/${fixture.staff.anna}/calendars`,
    })
    expect(other.statusCode).toBe(403)
    const frontDesk = await account(app, 'front_desk')
    expect(
      (
        await frontDesk.request({
          method: 'GET',
          url: `/api/admin/staff/${fixture.staff.anna}/calendars`,
        })
      ).statusCode,
    ).toBe(403)
  })
})

describe('the private feed of a staff member', () => {
  it('lists their confirmed bookings as iCalendar, and ends with a new address', async () => {
    const booked = await bookConsult(fixture, fixture.staff.anna, '2030-03-05T09:00:00.000Z')
    expect(booked.statusCode).toBe(201)
    const { feed: address } = (
      await admin('GET', `/staff/${fixture.staff.anna}/calendars`)
    ).json() as StaffCalendars
    expect(address.webcal).toBe(address.url.replace(/^https?:/, 'webcal:'))
    const path = new URL(address.url).pathname + new URL(address.url).search
    const read = await app.inject({ method: 'GET', url: path })
    expect(read.statusCode).toBe(200)
    expect(read.headers['content-type']).toBe('text/calendar; charset=utf-8')
    const events = new ICAL.Component(ICAL.parse(read.body)).getAllSubcomponents('vevent')
    expect(events).toHaveLength(1)
    const event = new ICAL.Event(events[0])
    expect(event.startDate.toJSDate().toISOString()).toBe('2030-03-05T09:00:00.000Z')
    expect(event.summary).toBe('Consultation: Ana Silva')
    expect(event.uid).toMatch(/^booking-\d+-staff-\d+@/)

    const wrong = await app.inject({ method: 'GET', url: path.replace(/token=./, 'token=x') })
    expect(wrong.statusCode).toBe(404)
    const rotated = await admin('POST', `/staff/${fixture.staff.anna}/calendar-feed`)
    expect(rotated.statusCode).toBe(200)
    expect((await app.inject({ method: 'GET', url: path })).statusCode).toBe(404)
    const next = new URL(rotated.json().url)
    expect((await app.inject({ method: 'GET', url: next.pathname + next.search })).statusCode).toBe(
      200,
    )
    // Another staff member's id with this token opens nothing.
    expect(
      (
        await app.inject({
          method: 'GET',
          url: (next.pathname + next.search).replace(
            `/staff/${fixture.staff.anna}/`,
            `/staff/${fixture.staff.ben}/`,
          ),
        })
      ).statusCode,
    ).toBe(404)
  })
})
