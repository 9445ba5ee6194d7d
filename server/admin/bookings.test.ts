import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import type { AdminBooking, AuditEntry, BookingPage } from '../../src/lib/admin/api-types'
import { NOW, book, bookingRequest, buildFixture, type Fixture } from '../booking/test-fixtures'
import { account, bearer, signIn, type Browser } from './test-support'
import { runJobsUntil } from '../jobs/run-until'
import { DISPATCH_EVERY_MS } from '../notifications/jobs'

let fixture: Fixture
let app: FastifyInstance
let clock = NOW
let browsers: Record<'admin' | 'front_desk' | 'anna' | 'ben', Browser>

beforeAll(async () => {
  fixture = await buildFixture({
    now: () => clock,
    config: { paymentProvider: 'local' },
    paymentOverrides: {
      // The provider's webhooks reach this app in process, exactly as over HTTP.
      webhookTransport: async (url, body, headers) =>
        (
          await fixture.app.inject({
            method: 'POST',
            url: new URL(url).pathname,
            payload: body,
            headers: { 'content-type': 'application/json', ...headers },
          })
        ).statusCode,
    },
  })
  app = fixture.app
  browsers = {
    admin: await account(app, 'admin'),
    front_desk: await account(app, 'front_desk'),
    anna: await account(app, 'staff', fixture.staff.anna),
    ben: await account(app, 'staff', fixture.staff.ben),
  }
}, 120_000)
afterAll(() => app.close())
beforeEach(() => {
  clock = NOW
})

let nextHour = 0
/** A weekday hour (09:00–15:00 UTC) no other booking of this file takes, from Tuesday 5 March. */
function freeHour(): Date {
  const slot = nextHour++
  let day = new Date(Date.UTC(2030, 2, 5))
  for (let skip = Math.floor(slot / 6); skip > 0 || [0, 6].includes(day.getUTCDay());) {
    day = new Date(day.getTime() + 86_400_000)
    if (![0, 6].includes(day.getUTCDay())) skip--
  }
  return new Date(day.getTime() + (9 + (slot % 6)) * 3_600_000)
}

/** A consultation with the staff member at an hour no other test uses. */
async function consultWith(staffId: number, contact = {}) {
  const start = freeHour()
  const response = await book(
    app,
    bookingRequest({
      lines: [{ serviceId: fixture.services.consult, staffId, guestIndex: 0 }],
      start: start.toISOString(),
      ...(Object.keys(contact).length > 0
        ? { contact: { firstName: 'Ana', lastName: 'Silva', email: 'ana@example.com', ...contact } }
        : {}),
    }),
  )
  if (response.statusCode !== 201) throw new Error(response.body)
  return response.json().booking as AdminBooking
}

async function requestMassage(staffId = fixture.staff.ben) {
  const response = await book(
    app,
    bookingRequest({
      lines: [{ serviceId: fixture.services.massage, staffId, guestIndex: 0 }],
      start: freeHour().toISOString(),
    }),
  )
  expect(response.json().booking.status).toBe('requested')
  return response.json().booking as AdminBooking
}

/** A shockwave session whose deposit (2000) the visitor paid with the local provider. */
async function paidShockwave(start: string) {
  const held = await book(
    app,
    bookingRequest({
      lines: [{ serviceId: fixture.services.shockwave, staffId: null, guestIndex: 0 }],
      start,
      termsAccepted: true,
    }),
  )
  const { booking, manageToken } = held.json() as { booking: AdminBooking; manageToken: string }
  const checkout = await app.inject({
    method: 'POST',
    url: `/api/bookings/manage/${manageToken}/payment/checkout`,
    payload: { locale: 'en' },
  })
  expect(checkout.statusCode).toBe(200)
  const paid = await app.inject({
    method: 'POST',
    url: new URL(checkout.json().url).pathname,
    payload: 'card=4242%204242%204242%204242&expiry=12%2F34&cvc=123',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  })
  expect(paid.statusCode).toBeLessThan(400)
  // The provider's webhook is a job: it says paid when the jobs run.
  await app.jobs.runDueJobs()
  return booking
}

const as = (who: keyof typeof browsers | 'token', options: Parameters<Browser['request']>[0]) =>
  who === 'token'
    ? app.inject({ ...options, headers: { ...options.headers, ...bearer } })
    : browsers[who].request(options)

describe('who may do what', () => {
  it('answers each role on each route as its role allows', async () => {
    const { staff, services } = fixture
    const annas = await consultWith(staff.anna)
    const bens = await consultWith(staff.ben)
    const period = (staffId: number | null) => ({
      staffId,
      start: '2031-01-01T00:00:00Z',
      end: '2031-01-02T00:00:00Z',
      reason: 'Holiday',
    })
    // The hours the fixture gave (Monday to Friday), written again.
    const day = [{ start: '09:00', end: '17:00' }]
    const hours = { weeklyHours: { 1: day, 2: day, 3: day, 4: day, 5: day } }
    type Row = [string, string, object | undefined, [number, number, number, number, number]]
    //                                                   token admin desk anna(staff) ben(staff)
    const table: Row[] = [
      ['GET', '/bookings', undefined, [200, 200, 200, 200, 200]],
      ['GET', `/bookings/${annas.id}`, undefined, [200, 200, 200, 200, 404]],
      ['GET', `/bookings.csv`, undefined, [200, 200, 200, 200, 200]],
      ['GET', '/users', undefined, [200, 200, 403, 403, 403]],
      ['GET', '/audit', undefined, [200, 200, 403, 403, 403]],
      ['GET', '/staff', undefined, [200, 200, 200, 200, 200]],
      ['GET', `/staff/${staff.anna}/overrides`, undefined, [200, 200, 403, 200, 403]],
      [
        'PUT',
        `/staff/${staff.anna}/overrides/2031-02-03`,
        { ranges: [] },
        [200, 200, 403, 200, 403],
      ],
      ['PATCH', `/staff/${staff.anna}`, hours, [200, 200, 403, 200, 403]],
      ['PATCH', `/staff/${staff.anna}`, { name: 'Anna B.' }, [200, 200, 403, 403, 403]],
      ['GET', '/blocked-periods', undefined, [200, 200, 403, 200, 200]],
      ['POST', '/blocked-periods', period(null), [201, 201, 403, 403, 403]],
      ['POST', '/blocked-periods', period(staff.anna), [201, 201, 403, 201, 403]],
      [
        'PATCH',
        `/services/${services.consult}`,
        { name: 'Consultation' },
        [200, 200, 403, 403, 403],
      ],
      ['GET', '/outbox', undefined, [200, 200, 200, 403, 403]],
      ['GET', '/payments', undefined, [200, 200, 403, 403, 403]],
      ['GET', '/forms', undefined, [200, 200, 403, 403, 403]],
      ['POST', '/one-time-links', { serviceId: services.consult }, [201, 201, 403, 403, 403]],
      ['POST', `/bookings/${bens.id}/no-show`, {}, [409, 409, 409, 404, 409]],
    ]
    const who = ['token', 'admin', 'front_desk', 'anna', 'ben'] as const
    const answers = []
    for (const [method, url, payload] of table) {
      const statuses = []
      for (const role of who) {
        const response = await as(role, {
          method: method as 'GET',
          url: `/api/admin${url}`,
          ...(payload ? { payload } : {}),
        })
        statuses.push(response.statusCode)
        expect(response.headers['cache-control']).toBe('no-store')
      }
      answers.push([method, url, payload, statuses])
    }
    expect(answers).toEqual(table)
  })

  it("lets every role act on Anna's bookings, except another staff member (404)", async () => {
    const { anna } = fixture.staff
    const actions: [string, () => Promise<AdminBooking>, () => object][] = [
      ['confirm', () => requestMassage(anna), () => ({})],
      ['decline', () => requestMassage(anna), () => ({ reason: 'No room' })],
      ['cancel', () => consultWith(anna), () => ({})],
      ['reschedule', () => consultWith(anna), () => ({ start: freeHour().toISOString() })],
      // Nothing is paid: the role may ask, and is told there is nothing to refund.
      ['refund', () => consultWith(anna), () => ({})],
    ]
    const who = ['token', 'admin', 'front_desk', 'anna', 'ben'] as const
    const answers: Record<string, number[]> = {}
    for (const [action, make, body] of actions) {
      for (const role of who) {
        const booking = await make()
        const response = await as(role, {
          method: 'POST',
          url: `/api/admin/bookings/${booking.id}/${action}`,
          payload: body(),
        })
        ;(answers[action] ??= []).push(response.statusCode)
      }
    }
    expect(answers).toEqual({
      confirm: [200, 200, 200, 200, 404],
      decline: [200, 200, 200, 200, 404],
      cancel: [200, 200, 200, 200, 404],
      reschedule: [200, 200, 200, 200, 404],
      refund: [409, 409, 409, 409, 404],
    })
  })

  it('lists to a staff account only the bookings with a line of theirs', async () => {
    const annas = await consultWith(fixture.staff.anna)
    const bens = await consultWith(fixture.staff.ben)
    const ids = async (who: keyof typeof browsers) =>
      (
        (
          await as(who, { method: 'GET', url: '/api/admin/bookings?limit=100' })
        ).json() as BookingPage
      ).bookings.map((booking) => booking.id)
    expect(await ids('anna')).toContain(annas.id)
    expect(await ids('anna')).not.toContain(bens.id)
    // Asking for another staff member's bookings changes nothing.
    const forced = await as('anna', {
      method: 'GET',
      url: `/api/admin/bookings?staffId=${fixture.staff.ben}&limit=100`,
    })
    expect(forced.json().bookings.map((b: AdminBooking) => b.id)).not.toContain(bens.id)
    const cancel = await as('anna', {
      method: 'POST',
      url: `/api/admin/bookings/${bens.id}/cancel`,
      payload: {},
    })
    expect(cancel.statusCode).toBe(404)
    expect(cancel.json().code).toBe('not_found')
  })
})

describe('the booking list', () => {
  it('pages with a cursor, no booking twice and none left out, in a fixed number of queries', async () => {
    for (let i = 0; i < 7; i++) await consultWith(i % 2 ? fixture.staff.anna : fixture.staff.ben)
    const all = (
      await as('admin', { method: 'GET', url: '/api/admin/bookings?tab=upcoming&limit=100' })
    ).json() as BookingPage
    expect(all.bookings.length).toBeGreaterThanOrEqual(7)
    expect(all.nextCursor).toBeNull()

    const queries = { count: 0 }
    const query = app.db.query.bind(app.db)
    app.db.query = ((sql: string, params?: unknown[]) => {
      queries.count++
      return query(sql, params)
    }) as typeof app.db.query
    const seen: number[] = []
    const counts: number[] = []
    try {
      let cursor: string | null = ''
      while (cursor !== null) {
        queries.count = 0
        const url = `/api/admin/bookings?tab=upcoming&limit=3${cursor ? `&cursor=${cursor}` : ''}`
        const page = (await as('token', { method: 'GET', url })).json() as BookingPage
        counts.push(queries.count)
        seen.push(...page.bookings.map((booking) => booking.id))
        cursor = page.nextCursor
      }
      queries.count = 0
      await as('token', { method: 'GET', url: '/api/admin/bookings?tab=upcoming&limit=100' })
      counts.push(queries.count)
    } finally {
      app.db.query = query
    }
    expect(seen).toEqual(all.bookings.map((booking) => booking.id))
    expect(new Set(seen).size).toBe(seen.length)
    // A page of 3 and a page of every booking cost the same number of queries: none per booking.
    expect(new Set(counts).size).toBe(1)
    const starts = all.bookings.map((booking) => booking.start)
    expect([...starts].sort()).toEqual(starts)
  })

  it('filters by contact, date and service, and refuses a cursor it did not make', async () => {
    const mine = await consultWith(fixture.staff.anna, {
      firstName: 'Zoë',
      email: 'zoe@example.com',
    })
    const list = async (query: string) =>
      (
        (
          await as('admin', { method: 'GET', url: `/api/admin/bookings?${query}` })
        ).json() as BookingPage
      ).bookings.map((booking) => booking.id)
    expect(await list('q=ZOË')).toEqual([mine.id])
    expect(await list('q=zoe@example')).toEqual([mine.id])
    const day = mine.start.slice(0, 10)
    expect(await list(`from=${day}&to=${day}&q=zoe`)).toEqual([mine.id])
    expect(await list(`from=2031-01-01&q=zoe`)).toEqual([])
    expect(await list(`serviceId=${fixture.services.yoga}&q=zoe`)).toEqual([])
    for (const query of ['cursor=nonsense', 'from=2030-02-30', 'tab=all', 'limit=101']) {
      const bad = await as('admin', { method: 'GET', url: `/api/admin/bookings?${query}` })
      expect([query, bad.statusCode]).toEqual([query, 400])
    }
  })

  it('exports CSV with the same filters, formulas neutralised', async () => {
    const evil = await consultWith(fixture.staff.anna, { firstName: '=HYPERLINK("x")' })
    const csv = await as('front_desk', {
      method: 'GET',
      url: '/api/admin/bookings.csv?q=hyperlink',
    })
    expect(csv.statusCode).toBe(200)
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8')
    const lines = csv.body.trim().split('\r\n')
    expect(lines).toHaveLength(2)
    expect(lines[1]).toMatch(new RegExp(`^${evil.id},confirmed,`))
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"")"`)
  })
})

describe('booking actions', () => {
  it('confirms once when two confirmations race, and the loser is told why', async () => {
    const requested = await requestMassage()
    const confirm = (who: 'admin' | 'front_desk') =>
      as(who, { method: 'POST', url: `/api/admin/bookings/${requested.id}/confirm` })
    const answers: LightMyRequestResponse[] = await Promise.all([
      confirm('admin'),
      confirm('front_desk'),
    ])
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409])
    expect(answers.find((a) => a.statusCode === 409)?.json()).toMatchObject({ code: 'not_active' })
    const { rows } = await app.db.query(
      `SELECT 1 FROM booking_events WHERE booking_id = $1 AND type = 'booking.confirmed'`,
      [requested.id],
    )
    expect(rows).toHaveLength(1)
  })

  it('moves only one of two bookings racing into the last free time of a staff member', async () => {
    const [first, second] = [
      await consultWith(fixture.staff.anna),
      await consultWith(fixture.staff.anna),
    ]
    const free = '2030-03-29T14:00:00.000Z'
    const answers = await Promise.all(
      [first, second].map((booking, index) =>
        as(index ? 'front_desk' : 'admin', {
          method: 'POST',
          url: `/api/admin/bookings/${booking.id}/reschedule`,
          payload: { start: free },
        }),
      ),
    )
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409])
    const { rows } = await app.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM bookings WHERE start_at = $1 AND status = 'confirmed'`,
      [free],
    )
    expect(rows[0]?.n).toBe(1)
  })

  it('declines, and writes the event with its actor and the audit row in one go', async () => {
    const requested = await requestMassage()
    const declined = await as('front_desk', {
      method: 'POST',
      url: `/api/admin/bookings/${requested.id}/decline`,
      payload: { reason: 'Fully booked' },
    })
    expect(declined.statusCode).toBe(200)
    const booking = declined.json().booking as AdminBooking
    expect(booking.status).toBe('declined')
    expect(booking.history.map(({ type, actor }) => [type, actor])).toEqual([
      ['booking.created', 'visitor'],
      ['booking.declined', browsers.front_desk.email],
    ])
    const audit = (await as('admin', { method: 'GET', url: '/api/admin/audit?limit=200' })).json()
      .entries as AuditEntry[]
    expect(audit.find((entry) => entry.target === `booking:${requested.id}`)).toMatchObject({
      actor: browsers.front_desk.email,
      action: 'booking.declined',
      detail: { reason: 'Fully booked' },
    })
  })

  it('marks a no-show only once the appointment has started', async () => {
    const booking = await consultWith(fixture.staff.anna)
    let anna = browsers.anna
    const noShow = () =>
      anna.request({ method: 'POST', url: `/api/admin/bookings/${booking.id}/no-show` })
    const early = await noShow()
    expect(early.statusCode).toBe(409)
    clock = Date.parse(booking.start) + 5 * 60_000
    // Days later: the session of this morning has run out.
    anna = await signIn(app, anna.email)
    const marked = await noShow()
    expect(marked.statusCode).toBe(200)
    expect(marked.json().booking).toMatchObject({ status: 'confirmed', noShow: true })
    expect(marked.json().booking.history.at(-1)).toMatchObject({
      type: 'booking.no_show',
      actor: browsers.anna.email,
    })
    expect((await noShow()).statusCode).toBe(409)
    // The outbox's readers (mail, webhooks, calendars) take the new event in their stride. (Back to this
    // morning first: days later, the maintenance job would prune the other tests' sessions.)
    clock = NOW
    const readers = async () =>
      (
        await app.db.query(
          `SELECT consumer FROM booking_event_cursors
            WHERE last_event_id >= (SELECT max(id) FROM booking_events
                                     WHERE type = 'booking.no_show')`,
        )
      ).rows.length
    await runJobsUntil(app.jobs, async () => (await readers()) === 3, {
      tick: () => (clock += DISPATCH_EVERY_MS),
    })
    const { rows } = await app.db.query(
      `SELECT type, last_error FROM jobs WHERE last_error IS NOT NULL`,
    )
    expect(rows).toEqual([])
  })

  it('reschedules to a free time through the engine, and refuses a taken one', async () => {
    const moving = await consultWith(fixture.staff.anna)
    const other = await consultWith(fixture.staff.anna)
    const taken = await as('admin', {
      method: 'POST',
      url: `/api/admin/bookings/${moving.id}/reschedule`,
      payload: { start: other.start },
    })
    expect(taken.statusCode).toBe(409)
    const free = '2030-03-29T13:00:00.000Z'
    const moved = await as('admin', {
      method: 'POST',
      url: `/api/admin/bookings/${moving.id}/reschedule`,
      payload: { start: free },
    })
    expect(moved.statusCode).toBe(200)
    expect(moved.json().booking).toMatchObject({ start: free, timeZone: 'Europe/Berlin' })
    expect(moved.json().booking.history.at(-1)).toMatchObject({
      type: 'booking.rescheduled',
      actor: 'admin-x@clinic.example',
    })
    // Half an hour before, past the visitor's 60-minute cut-off, the business may still move it.
    clock = Date.parse(free) - 30 * 60_000
    const late = await as('token', {
      method: 'POST',
      url: `/api/admin/bookings/${moving.id}/reschedule`,
      payload: { start: '2030-03-29T15:00:00.000Z' },
    })
    expect([late.statusCode, late.json().code]).toEqual([200, undefined])
    clock = NOW
    const offHours = await as('admin', {
      method: 'POST',
      url: `/api/admin/bookings/${moving.id}/reschedule`,
      payload: { start: '2030-03-29T22:00:00.000Z' },
    })
    expect(offHours.statusCode).toBe(409)
  })

  it('refunds through the provider, and answers 409 when nothing is paid', async () => {
    const unpaid = await consultWith(fixture.staff.ben)
    const nothing = await as('front_desk', {
      method: 'POST',
      url: `/api/admin/bookings/${unpaid.id}/refund`,
      payload: {},
    })
    expect(nothing.statusCode).toBe(409)
    expect(nothing.json()).toMatchObject({ statusCode: 409, message: expect.any(String) })

    const booking = await paidShockwave('2030-03-28T09:00:00.000Z')
    const refund = await as('front_desk', {
      method: 'POST',
      url: `/api/admin/bookings/${booking.id}/refund`,
      payload: { amount: 500 },
    })
    expect(refund.statusCode).toBe(200)
    expect(refund.json().booking.payment).toMatchObject({
      status: 'partially_refunded',
      refundedAmount: 500,
    })
    const { rows } = await app.db.query(
      `SELECT actor, action, detail->>'amount' AS amount FROM audit_log WHERE target = $1`,
      [`booking:${booking.id}`],
    )
    expect(rows).toEqual([
      { actor: browsers.front_desk.email, action: 'payment.refunded', amount: '500' },
    ])
    const tooMuch = await as('front_desk', {
      method: 'POST',
      url: `/api/admin/bookings/${booking.id}/refund`,
      payload: { amount: 100_000 },
    })
    expect(tooMuch.statusCode).toBe(409)
  })
})

// Regression: the dashboard's route refunded again for a request that read the payment after
// the first refund, and answered such a request for a full refund 409.
describe('ten refunds of one booking at once', () => {
  async function tenAtOnce(
    booking: AdminBooking,
    payload: { amount?: number },
    headers: Record<string, string> = {},
  ) {
    const refund = () =>
      as('front_desk', {
        method: 'POST',
        url: `/api/admin/bookings/${booking.id}/refund`,
        payload,
        headers,
      })
    const answers = await Promise.all(Array.from({ length: 10 }, refund))
    // And a retry once they have all been answered, which reads the payment as refunded.
    answers.push(await refund())
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(11).fill(200))
    const first = answers[0]!.json()
    for (const answer of answers) expect(answer.json()).toEqual(first)
    const { rows } = await app.db.query<{ refunds: number; local: number; audit: number }>(
      `SELECT (SELECT count(*) FROM payment_refunds r JOIN payments p ON p.id = r.payment_id
                WHERE p.booking_id = $1)::int AS refunds,
              (SELECT count(*) FROM local_refunds r JOIN local_checkout_sessions s
                  ON s.id = r.session_id WHERE s.booking_id = $1)::int AS local,
              (SELECT count(*) FROM audit_log WHERE target = $2
                  AND action = 'payment.refunded')::int AS audit`,
      [booking.id, `booking:${booking.id}`],
    )
    expect(rows[0]).toEqual({ refunds: 1, local: 1, audit: 1 })
    return first.booking as AdminBooking
  }

  it('refunds a part once without a key', async () => {
    const booking = await paidShockwave(freeHour().toISOString())
    const refunded = await tenAtOnce(booking, { amount: 500 })
    expect(refunded.payment).toMatchObject({ status: 'partially_refunded', refundedAmount: 500 })
  })

  it('refunds all that is left once without a key', async () => {
    const booking = await paidShockwave(freeHour().toISOString())
    const refunded = await tenAtOnce(booking, {})
    expect(refunded.payment).toMatchObject({ status: 'refunded', refundedAmount: 2000 })
  })

  it('refunds once with one Idempotency-Key, and refuses the key for another amount', async () => {
    const booking = await paidShockwave(freeHour().toISOString())
    const headers = { 'idempotency-key': 'dashboard-refund-1' }
    const refunded = await tenAtOnce(booking, { amount: 700 }, headers)
    expect(refunded.payment).toMatchObject({ refundedAmount: 700 })
    const other = await as('front_desk', {
      method: 'POST',
      url: `/api/admin/bookings/${booking.id}/refund`,
      payload: { amount: 300 },
      headers,
    })
    expect(other.statusCode).toBe(422)
    expect(other.json()).toMatchObject({ code: 'idempotency_key_reused' })
  })
})
