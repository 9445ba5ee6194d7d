import ICAL from 'ical.js'
import type { FastifyInstance } from 'fastify'
import type { CalendarConnection } from '../../src/lib/calendars/api-types'
import { bearer } from '../admin/test-support'
import { buildFixture, NOW, type Fixture } from '../booking/test-fixtures'
import { DISPATCH_EVERY_MS } from '../notifications/jobs'
import { runJobsUntil } from '../jobs/run-until'
import { readCalendar } from './caldav/client'
import { guardedFetch } from './caldav/guarded-fetch'
import { makeTestCalendar, putTestObject, startRadicale, type Radicale } from './caldav/radicale'
import { bookConsult, slotStarts } from './test-support'
import { targetPolicy } from '../notifications/webhooks/targets'

/*
 * A practitioner's own calendar on a real CalDAV server (Debian's Radicale), connected through the
 * API as the dashboard does it. Anna works Monday to Friday 09:00–17:00 in Berlin; the week is
 * that of Monday 4 March 2030 (UTC+1).
 */
const calendar = (...lines: string[]) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//test//radicale//EN',
    ...lines,
    'END:VCALENDAR',
    '',
  ].join('\r\n')

const BERLIN_ZONE = [
  'BEGIN:VTIMEZONE',
  'TZID:Europe/Berlin',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'TZNAME:CEST',
  'DTSTART:19700329T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'TZNAME:CET',
  'DTSTART:19701025T030000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
]

/** Every weekday 12:00–13:00 from a year back, but not Wednesday 6 March (an exception). */
const LUNCH = calendar(
  ...BERLIN_ZONE,
  'BEGIN:VEVENT',
  'UID:lunch',
  'DTSTAMP:20290101T000000Z',
  'DTSTART;TZID=Europe/Berlin:20290305T120000',
  'DTEND;TZID=Europe/Berlin:20290305T130000',
  'RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
  'EXDATE;TZID=Europe/Berlin:20300306T120000',
  'SUMMARY:Lunch',
  'END:VEVENT',
)
/** Thursday 7 March, all day: a course. */
const COURSE = calendar(
  'BEGIN:VEVENT',
  'UID:course',
  'DTSTAMP:20290101T000000Z',
  'DTSTART;VALUE=DATE:20300307',
  'DTEND;VALUE=DATE:20300308',
  'SUMMARY:Course',
  'END:VEVENT',
)
/** Tuesday 5 March 14:00–16:00, marked free: blocks nothing. */
const FOCUS = calendar(
  'BEGIN:VEVENT',
  'UID:focus',
  'DTSTAMP:20290101T000000Z',
  'DTSTART:20300305T130000Z',
  'DTEND:20300305T150000Z',
  'TRANSP:TRANSPARENT',
  'SUMMARY:Focus',
  'END:VEVENT',
)
/** Daily 16:00–17:00 from Monday for five days, Tuesday's instance cancelled. */
const PHYSIO_CLUB = calendar(
  ...BERLIN_ZONE,
  'BEGIN:VEVENT',
  'UID:club',
  'DTSTAMP:20290101T000000Z',
  'DTSTART;TZID=Europe/Berlin:20300304T160000',
  'DTEND;TZID=Europe/Berlin:20300304T170000',
  'RRULE:FREQ=DAILY;COUNT=5',
  'SUMMARY:Club',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:club',
  'DTSTAMP:20290101T000000Z',
  'RECURRENCE-ID;TZID=Europe/Berlin:20300305T160000',
  'DTSTART;TZID=Europe/Berlin:20300305T160000',
  'DTEND;TZID=Europe/Berlin:20300305T170000',
  'STATUS:CANCELLED',
  'SUMMARY:Club',
  'END:VEVENT',
)

/** The busy times those events give in that week, in UTC: what a blocked period would say. */
const EXPECTED_BUSY = [
  ['2030-03-04T11:00', '2030-03-04T12:00'], // Monday lunch
  ['2030-03-04T15:00', '2030-03-04T16:00'], // Monday club
  ['2030-03-05T11:00', '2030-03-05T12:00'], // Tuesday lunch (club cancelled, focus free)
  ['2030-03-06T15:00', '2030-03-06T16:00'], // Wednesday club (lunch excepted)
  ['2030-03-06T23:00', '2030-03-07T23:00'], // Thursday, all day in Berlin
  ['2030-03-08T11:00', '2030-03-08T12:00'], // Friday lunch
  ['2030-03-08T15:00', '2030-03-08T16:00'], // Friday club
]

let radicale: Radicale
let work: string
let fixture: Fixture
let app: FastifyInstance
let clock = NOW

beforeAll(async () => {
  radicale = await startRadicale()
  work = await makeTestCalendar(radicale, 'work', { name: 'Work', color: '#0a7d5a' })
  await makeTestCalendar(radicale, 'private', { name: 'Private' })
  const privateUrl = new URL(`/${radicale.username}/private/`, radicale.url).href
  await putTestObject(radicale, privateUrl, 'lunch.ics', LUNCH)
  await putTestObject(radicale, privateUrl, 'course.ics', COURSE)
  await putTestObject(radicale, privateUrl, 'focus.ics', FOCUS)
  await putTestObject(radicale, work, 'club.ics', PHYSIO_CLUB)
})

afterAll(() => radicale.stop())

beforeEach(async () => {
  clock = NOW
  fixture = await buildFixture({
    now: () => clock,
    config: { outboundAllowedNetworks: ['127.0.0.0/8'] },
  })
  app = fixture.app
})

afterEach(() => app.close())

const admin = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url: `/api/admin${url}`, headers: bearer, ...(payload ? { payload } : {}) })

const annaSlots = () => slotStarts(app, fixture.staff.anna)

async function connect(): Promise<CalendarConnection> {
  const answer = await admin('POST', `/staff/${fixture.staff.anna}/calendars`, {
    kind: 'caldav',
    url: radicale.url,
    username: radicale.username,
    password: radicale.password,
  })
  expect(answer.statusCode).toBe(201)
  expect(answer.body).not.toContain(radicale.password)
  return answer.json()
}

/** The events in the Work calendar now, as the practitioner's calendar app would read them. */
async function workEvents() {
  const read = await readCalendar(
    { url: radicale.url, username: radicale.username, password: radicale.password },
    { url: work },
    { from: Date.parse('2030-03-01T00:00:00Z'), to: Date.parse('2030-04-01T00:00:00Z') },
    guardedFetch(targetPolicy(['127.0.0.0/8'])),
  )
  if (read === 'unchanged') throw new Error('read without a ctag cannot be unchanged')
  return read.objects
    .map(
      (object) =>
        new ICAL.Event(new ICAL.Component(ICAL.parse(object.data)).getFirstSubcomponent('vevent')!),
    )
    .filter((event) => event.uid.startsWith('booking-'))
    .map((event) => ({
      uid: event.uid,
      start: event.startDate.toJSDate().toISOString(),
      summary: event.summary,
    }))
}

const runJobs = (done: () => Promise<boolean>) =>
  runJobsUntil(app.jobs, done, { tick: () => (clock += DISPATCH_EVERY_MS) })

describe('a CalDAV calendar of a staff member (Radicale)', () => {
  it('is discovered, keeps its password to itself, and removes exactly its busy times from the slots', async () => {
    const before = await annaSlots()
    const connection = await connect()
    expect(connection).toMatchObject({
      kind: 'caldav',
      url: radicale.url,
      username: radicale.username,
      state: 'ok',
      lastError: null,
    })
    expect(
      connection.calendars
        .map(({ name, color, checked }) => ({ name, color, checked }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    ).toEqual([
      { name: 'Private', color: null, checked: true },
      { name: 'Work', color: '#0a7d5a', checked: true },
    ])
    const listed = await admin('GET', `/staff/${fixture.staff.anna}/calendars`)
    expect(listed.body).not.toContain(radicale.password)
    const stored = await app.db.query<{ sealed: Buffer }>(
      'SELECT password_sealed AS sealed FROM calendar_connections',
    )
    expect(Buffer.from(stored.rows[0]!.sealed).toString('utf8')).not.toContain(radicale.password)

    const withCalendar = await annaSlots()
    expect(withCalendar.length).toBeLessThan(before.length)
    // The same times as blocked periods remove the same slots, no more and no less.
    await admin('DELETE', `/staff/${fixture.staff.anna}/calendars/${connection.id}`)
    expect(await annaSlots()).toEqual(before)
    for (const [start, end] of EXPECTED_BUSY) {
      const blocked = await admin('POST', '/blocked-periods', {
        staffId: fixture.staff.anna,
        start: `${start}:00.000Z`,
        end: `${end}:00.000Z`,
      })
      expect(blocked.statusCode).toBe(201)
    }
    const march = (slots: string[]) => slots.filter((slot) => slot < '2030-03-09')
    expect(march(withCalendar)).toEqual(march(await annaSlots()))
  })

  it('receives a booking, moves it with a reschedule and loses it with a cancellation', async () => {
    const connection = await connect()
    const workCalendar = connection.calendars.find((calendar) => calendar.name === 'Work')!
    const chosen = await admin('PATCH', `/staff/${fixture.staff.anna}/calendars/${connection.id}`, {
      receivesBookings: workCalendar.url,
    })
    expect(
      chosen.json().calendars.find((c: { name: string }) => c.name === 'Work').receivesBookings,
    ).toBe(true)
    const busyBefore = chosen.json().busyCount

    const booked = await bookConsult(fixture, fixture.staff.anna, '2030-03-05T09:00:00.000Z')
    expect(booked.statusCode).toBe(201)
    const { manageToken } = booked.json()
    await runJobs(async () => (await workEvents()).length === 1)
    const [event] = await workEvents()
    expect(event).toEqual({
      uid: expect.stringMatching(/^booking-\d+-staff-\d+@/),
      start: '2030-03-05T09:00:00.000Z',
      summary: 'Consultation: Ana Silva',
    })
    // Read back on the next sync, the booking's own event blocks nothing more.
    const synced = await admin(
      'POST',
      `/staff/${fixture.staff.anna}/calendars/${connection.id}/sync`,
    )
    expect(synced.json().busyCount).toBe(busyBefore)

    const moved = await app.inject({
      method: 'POST',
      url: `/api/bookings/manage/${manageToken}/reschedule`,
      payload: { start: '2030-03-05T10:00:00.000Z', timeZone: 'Europe/Berlin' },
    })
    expect(moved.statusCode).toBe(200)
    await runJobs(async () => (await workEvents())[0]?.start === '2030-03-05T10:00:00.000Z')
    expect(await workEvents()).toEqual([{ ...event, start: '2030-03-05T10:00:00.000Z' }])

    const cancelled = await app.inject({
      method: 'POST',
      url: `/api/bookings/manage/${manageToken}/cancel`,
      payload: { reason: 'Feeling better' },
    })
    expect(cancelled.statusCode).toBe(200)
    await runJobs(async () => (await workEvents()).length === 0)
  })

  it("takes the event out of a staff member's calendar when a reschedule gives the booking to another", async () => {
    const connection = await connect()
    const workCalendar = connection.calendars.find((calendar) => calendar.name === 'Work')!
    await admin('PATCH', `/staff/${fixture.staff.anna}/calendars/${connection.id}`, {
      receivesBookings: workCalendar.url,
    })
    // Ben is away on Tuesday morning, so "any available staff" at 10:00 is Anna.
    await admin('POST', '/blocked-periods', {
      staffId: fixture.staff.ben,
      start: '2030-03-05T08:00:00.000Z',
      end: '2030-03-05T10:00:00.000Z',
    })
    const booked = await bookConsult(fixture, null, '2030-03-05T09:00:00.000Z')
    expect(booked.json().booking.lines[0].staffId).toBe(fixture.staff.anna)
    await runJobs(async () => (await workEvents()).length === 1)
    // Anna's lunch is at 12:00: moved there, the booking is Ben's.
    const moved = await app.inject({
      method: 'POST',
      url: `/api/bookings/manage/${booked.json().manageToken}/reschedule`,
      payload: { start: '2030-03-05T11:00:00.000Z', timeZone: 'Europe/Berlin' },
    })
    expect(moved.json().booking.lines[0].staffId).toBe(fixture.staff.ben)
    await runJobs(async () => (await workEvents()).length === 0)
  })

  it('refuses a time the calendar gained after the last sync', async () => {
    await connect()
    const eleven = '2030-03-05T10:00:00.000Z'
    expect(await annaSlots()).toContain(eleven)
    await putTestObject(
      radicale,
      work,
      'late.ics',
      calendar(
        'BEGIN:VEVENT',
        'UID:late',
        'DTSTAMP:20290101T000000Z',
        'DTSTART:20300305T100000Z',
        'DTEND:20300305T110000Z',
        'SUMMARY:Added after the sync',
        'END:VEVENT',
      ),
    )
    try {
      const refused = await bookConsult(fixture, fixture.staff.anna, eleven)
      expect(refused.statusCode).toBe(409)
      expect(await annaSlots()).not.toContain(eleven)
    } finally {
      await fetch(new URL('late.ics', work), {
        method: 'DELETE',
        headers: {
          authorization: `Basic ${Buffer.from(`${radicale.username}:${radicale.password}`).toString('base64')}`,
        },
      })
    }
  })

  it('says a wrong password on the password field, and keeps nothing', async () => {
    const refused = await admin('POST', `/staff/${fixture.staff.anna}/calendars`, {
      kind: 'caldav',
      url: radicale.url,
      username: radicale.username,
      password: 'wrong',
    })
    expect(refused.statusCode).toBe(422)
    expect(refused.json()).toMatchObject({
      code: 'calendar_unauthorized',
      fields: { password: expect.any(String) },
    })
    expect(
      (await admin('GET', `/staff/${fixture.staff.anna}/calendars`)).json().connections,
    ).toEqual([])
  })
})
