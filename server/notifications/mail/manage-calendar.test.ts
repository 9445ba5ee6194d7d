import type { BookingLinks, BookingView } from '../../../src/lib/booking/api-types'
import { ADMIN_TOKEN, NOW, buildFixture, type Fixture } from '../../booking/test-fixtures'
import { bookWithAnna, calendarPart, runJobsUntil } from '../test-support'

const BOOT_TIMEOUT_MS = 60_000

let fixture: Fixture
let clock: number

beforeAll(async () => {
  clock = NOW
  fixture = await buildFixture({ now: () => clock })
  const translated = await fixture.app.inject({
    method: 'PATCH',
    url: `/api/admin/services/${fixture.services.consult}`,
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    payload: { translations: { de: { name: 'Beratung' } } },
  })
  expect(translated.statusCode).toBe(200)
}, BOOT_TIMEOUT_MS)
afterAll(() => fixture.app.close())

/** The file's lines, unfolded (RFC 5545 folds long lines with CRLF and a space). */
const linesOf = (ics: string) => ics.replace(/\r?\n[ \t]/g, '').split(/\r?\n/)
const field = (ics: string, name: string) =>
  linesOf(ics)
    .filter((line) => line.startsWith(`${name}:`))
    .map((line) => line.slice(name.length + 1))
// DTSTAMP is when the file was written: the one line a download and an e-mail may differ in.
const withoutStamp = (ics: string) =>
  linesOf(ics).filter((line) => line && !line.startsWith('DTSTAMP:'))

const manage = (token: string, path: string, payload?: object) =>
  fixture.app.inject({
    method: payload ? 'POST' : 'GET',
    url: `/api/bookings/manage/${token}${path}`,
    ...(payload ? { payload } : {}),
  })

async function download(token: string, query = '') {
  const response = await manage(token, `/calendar.ics${query}`)
  expect(response.statusCode).toBe(200)
  expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8')
  return response.body
}

/** The calendar file the visitor's e-mail of `kind` carried, once it was sent. */
async function emailed(bookingId: number, kind: string) {
  const query = () =>
    fixture.app.db.query<{ raw: string }>(
      `SELECT raw FROM mail_messages
        WHERE booking_id = $1 AND kind = $2 AND recipient = 'ana@example.com' AND state = 'sent'`,
      [bookingId, kind],
    )
  await runJobsUntil(
    fixture.app,
    (ms) => (clock += ms),
    async () => (await query()).rows.length > 0,
  )
  const part = calendarPart((await query()).rows[0]!.raw)
  return part.slice(part.indexOf('\n\n') + 2)
}

const bookInGerman = (start: string) => bookWithAnna(fixture, { start, locale: 'de' })

describe('the calendar file a manage link downloads', () => {
  it('is the file the visitor’s e-mail carries: their language, the same entry, its version', async () => {
    const { id, token } = await bookInGerman('2030-03-05T09:00:00.000Z')
    const confirmation = await emailed(id, 'confirmed')
    // The booking's own language when the link names none.
    const stored = await download(token)
    expect(withoutStamp(stored)).toEqual(withoutStamp(confirmation))
    expect(field(stored, 'SUMMARY')).toEqual(['Beratung · Test Clinic'])
    const cancel = `http://127.0.0.1:8000/de/widget/cancel-booking?token=${token}`
    expect(field(stored, 'DESCRIPTION')).toEqual([
      `Beratung bei Anna\\n\\nVerschieben: http://127.0.0.1:8000/de/widget/bookings/consult?reschedule=${token}\\nTermin absagen: ${cancel}`,
    ])
    expect(field(stored, 'METHOD')).toEqual(['PUBLISH'])

    // The widget's language, when the widget asks for it.
    const english = await download(token, '?locale=en')
    expect(field(english, 'SUMMARY')).toEqual(['Consultation · Test Clinic'])
    expect(field(english, 'DESCRIPTION')[0]).toMatch(
      /^Consultation with Anna\\n\\nReschedule: .*\/en\/widget\/bookings\/consult\?reschedule=.*\\nCancel appointment: .*\/en\/widget\/cancel-booking\?token=/,
    )
    expect(field(english, 'UID')).toEqual(field(confirmation, 'UID'))
    expect(field(english, 'SEQUENCE')).toEqual(field(confirmation, 'SEQUENCE'))
  })

  it('follows a reschedule with a higher SEQUENCE, and a cancellation with METHOD:CANCEL', async () => {
    const { id, token } = await bookInGerman('2030-03-06T09:00:00.000Z')
    const booked = await download(token)
    const moved = await manage(token, '/reschedule', {
      start: '2030-03-06T11:00:00.000Z',
      timeZone: 'Europe/Berlin',
    })
    expect(moved.statusCode).toBe(200)
    const rescheduled = await download(token)
    expect(field(rescheduled, 'UID')).toEqual(field(booked, 'UID'))
    expect(Number(field(rescheduled, 'SEQUENCE')[0])).toBeGreaterThan(
      Number(field(booked, 'SEQUENCE')[0]),
    )
    expect(field(rescheduled, 'DTSTART')).toEqual(['20300306T110000Z'])
    expect(withoutStamp(rescheduled)).toEqual(withoutStamp(await emailed(id, 'rescheduled')))

    const cancelled = await manage(token, '/cancel', { reason: 'Verreist' })
    expect(cancelled.statusCode).toBe(200)
    const removed = await download(token)
    expect(field(removed, 'METHOD')).toEqual(['CANCEL'])
    expect(field(removed, 'STATUS')).toEqual(['CANCELLED'])
    expect(field(removed, 'UID')).toEqual(field(booked, 'UID'))
    expect(Number(field(removed, 'SEQUENCE')[0])).toBeGreaterThan(
      Number(field(rescheduled, 'SEQUENCE')[0]),
    )
    // Nothing is left to change online: no manage links.
    expect(field(removed, 'DESCRIPTION')).toEqual(['Beratung bei Anna'])
    expect(withoutStamp(removed)).toEqual(withoutStamp(await emailed(id, 'cancelled')))
  })

  it('refuses a language that is not one of the eleven with the error object', async () => {
    const { token } = await bookInGerman('2030-03-07T09:00:00.000Z')
    const response = await manage(token, '/calendar.ics?locale=xx')
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ statusCode: 400, statusMessage: expect.any(String) })
  })
})

/** A calendar link's parameter, as the calendar app reads it. */
const param = (url: string, name: string) => new URL(url).searchParams.get(name)
/** A file's text value as written (RFC 5545 escapes line breaks, commas and semicolons). */
const unescaped = (value: string | undefined) =>
  value?.replace(/\\n/g, '\n').replace(/\\([,;\\])/g, '$1')

/** The Google and Outlook links say what the calendar file in the same language says. */
async function expectSameAsFile(token: string, links: BookingLinks, query: string) {
  const file = await download(token, query)
  const [summary] = field(file, 'SUMMARY')
  const [description] = field(file, 'DESCRIPTION')
  expect(param(links.google, 'text')).toBe(unescaped(summary))
  expect(param(links.google, 'details')).toBe(unescaped(description))
  expect(param(links.outlook, 'subject')).toBe(unescaped(summary))
  expect(param(links.outlook, 'body')).toBe(unescaped(description))
}

const site = 'http://127.0.0.1:8000'

describe('the add-to-calendar links the widget shows', () => {
  it('speak the booking’s language, with its translated service, and open the widget in it', async () => {
    const { token, links } = await bookInGerman('2030-03-11T09:00:00.000Z')
    expect(links.reschedule).toBe(`${site}/de/widget/bookings/consult?reschedule=${token}`)
    expect(links.cancel).toBe(`${site}/de/widget/cancel-booking?token=${token}`)
    expect(param(links.google, 'text')).toBe('Beratung · Test Clinic')
    expect(param(links.google, 'details')).toBe(
      `Beratung bei Anna\n\nVerschieben: ${links.reschedule}\nTermin absagen: ${links.cancel}`,
    )
    await expectSameAsFile(token, links, '')
  })

  it('speak the page’s language when the widget names it, on every manage answer', async () => {
    const { token } = await bookInGerman('2030-03-12T09:00:00.000Z')
    const opened = await manage(token, '?locale=en')
    expect(opened.statusCode).toBe(200)
    const english = (opened.json() as { booking: { links: BookingLinks } }).booking.links
    expect(english.reschedule).toBe(`${site}/en/widget/bookings/consult?reschedule=${token}`)
    expect(param(english.google, 'text')).toBe('Consultation · Test Clinic')
    expect(param(english.outlook, 'body')).toMatch(/^Consultation with Anna\n\nReschedule: /)
    await expectSameAsFile(token, english, '?locale=en')

    // Without a language the booking's own, not the one asked for before.
    const own = (await manage(token, '')).json() as { booking: { links: BookingLinks } }
    expect(param(own.booking.links.google, 'text')).toBe('Beratung · Test Clinic')

    const moved = await manage(token, '/reschedule?locale=en', {
      start: '2030-03-12T11:00:00.000Z',
      timeZone: 'Europe/Berlin',
    })
    expect(moved.statusCode).toBe(200)
    const movedLinks = (moved.json() as { booking: { links: BookingLinks } }).booking.links
    expect(movedLinks.cancel).toBe(`${site}/en/widget/cancel-booking?token=${token}`)
    expect(param(movedLinks.google, 'dates')).toBe('20300312T110000Z/20300312T113000Z')
    await expectSameAsFile(token, movedLinks, '?locale=en')

    const cancelled = await manage(token, '/cancel?locale=en', { reason: 'Away' })
    expect(cancelled.statusCode).toBe(200)
    const gone = (cancelled.json() as { booking: { links: BookingLinks } }).booking.links
    expect(param(gone.google, 'details')).toBe('Consultation with Anna')
  })

  it('refuses a language that is not one of the eleven on the manage answers', async () => {
    const { token } = await bookInGerman('2030-03-13T09:00:00.000Z')
    const bad = [
      await manage(token, '?locale=xx'),
      await manage(token, '/reschedule?locale=xx', {
        start: '2030-03-13T11:00:00.000Z',
        timeZone: 'Europe/Berlin',
      }),
      await manage(token, '/cancel?locale=xx', { reason: 'Away' }),
    ]
    for (const response of bad) {
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({ statusCode: 400, statusMessage: expect.any(String) })
    }
    // Nothing was moved or cancelled by the refused requests.
    const booking = (await manage(token, '')).json() as { booking: BookingView }
    expect(booking.booking).toMatchObject({
      status: 'confirmed',
      start: '2030-03-13T09:00:00.000Z',
    })
  })
})
