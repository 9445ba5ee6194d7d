import type { FastifyInstance } from 'fastify'
import type { CalendarConnection } from '../../src/lib/calendars/api-types'
import type { OutboxMessage } from '../../src/lib/notifications/api-types'
import { account, bearer } from '../admin/test-support'
import { sealManageToken } from '../booking/store/manage-token'
import { loadLinkKey } from '../booking/store/link-key'
import { NOW, buildFixture, type Fixture } from '../booking/test-fixtures'
import { runJobsUntil } from '../jobs/run-until'
import { DISPATCH_EVERY_MS } from '../notifications/jobs'
import { NOTIFICATION_RETENTION_MS, pruneNotifications } from '../notifications/prune'
import { insertConnection } from './store'
import { FAILURES_BEFORE_MAIL } from './sync'
import { calendar, feedServer } from './test-support'

const MINUTE = 60_000
/** The default sync schedule (CALENDAR_SYNC_MINUTES). */
const SCHEDULE = 5 * MINUTE
const SITE = 'https://clinic.example'
// The feed's address carries its secret, as a private feed's does: the e-mail must not.
const FEED_SECRET = 'private-7f3a9c'

let clock: number
let fixture: Fixture
let app: FastifyInstance
let feed: ReturnType<typeof feedServer>
let feedUrl: string

beforeEach(async () => {
  clock = NOW
  feed = feedServer()
  feedUrl = `${await feed.start()}?token=${FEED_SECRET}`
  feed.set(calendar())
  fixture = await buildFixture({
    now: () => clock,
    config: { outboundAllowedNetworks: ['127.0.0.0/8'], siteUrl: SITE },
  })
  app = fixture.app
})

afterEach(async () => {
  await app.close()
  await feed.stop()
})

const admin = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  app.inject({ method, url: `/api/admin${url}`, headers: bearer, ...(payload ? { payload } : {}) })

async function connectFeed(staffId: number): Promise<CalendarConnection> {
  const connected = await admin('POST', `/staff/${staffId}/calendars`, {
    kind: 'ics',
    url: feedUrl,
  })
  expect(connected.statusCode).toBe(201)
  return connected.json()
}

/** One sync now, a round of the schedule after the last. */
async function sync(staffId: number, connectionId: number): Promise<CalendarConnection> {
  clock += SCHEDULE
  const synced = await admin('POST', `/staff/${staffId}/calendars/${connectionId}/sync`)
  expect(synced.statusCode).toBe(200)
  return synced.json()
}

interface MailRow {
  id: number
  recipient: string
  audience: string
  state: string
  details: { address: string; error: string; failingSince: string }
}

async function calendarMails(connectionId: number): Promise<MailRow[]> {
  const { rows } = await app.db.query<MailRow>(
    `SELECT id, recipient, audience, state, details FROM mail_messages
      WHERE calendar_connection_id = $1 AND kind = 'calendar-failing' ORDER BY id`,
    [connectionId],
  )
  return rows.map((row) => ({ ...row, id: Number(row.id) }))
}

/** Runs the jobs, the clock moving a dispatch round each time, until no e-mail is left to send. */
const deliver = (connectionId: number) =>
  runJobsUntil(
    app.jobs,
    async () =>
      (await calendarMails(connectionId)).every(
        (mail) => !['pending', 'sending'].includes(mail.state),
      ),
    { tick: () => (clock += DISPATCH_EVERY_MS) },
  )

async function outbox(): Promise<OutboxMessage[]> {
  const response = await admin('GET', '/outbox?limit=100')
  expect(response.statusCode).toBe(200)
  return (response.json() as { messages: OutboxMessage[] }).messages
}

describe('a calendar connection that keeps failing', () => {
  it('is told to the staff member once per failing streak, and lands in the outbox', async () => {
    const anna = fixture.staff.anna
    await account(app, 'staff', anna)
    const connection = await connectFeed(anna)
    feed.fail(true)

    const firstFailure = clock + SCHEDULE
    for (let failure = 1; failure < FAILURES_BEFORE_MAIL; failure++) {
      expect(await sync(anna, connection.id)).toMatchObject({ state: 'failing', failures: failure })
    }
    expect(await calendarMails(connection.id)).toEqual([])

    const third = await sync(anna, connection.id)
    expect(third.failures).toBe(3)
    const [queued, ...more] = await calendarMails(connection.id)
    expect(more).toEqual([])
    expect(queued).toMatchObject({
      recipient: `staff-${anna}@clinic.example`,
      audience: 'staff',
      state: 'pending',
      details: {
        address: `${new URL(feedUrl).origin}/…`,
        error: third.lastError,
        failingSince: new Date(firstFailure).toISOString(),
      },
    })

    // A fourth failure of the same streak tells no one again.
    expect((await sync(anna, connection.id)).failures).toBe(4)
    expect(await calendarMails(connection.id)).toHaveLength(1)

    await deliver(connection.id)
    const sent = (await outbox()).filter((mail) => mail.kind === 'calendar-failing')
    expect(sent).toHaveLength(1)
    const mail = sent[0] as OutboxMessage
    expect(mail).toMatchObject({
      bookingId: null,
      to: `staff-${anna}@clinic.example`,
      subject: 'Calendar cannot be read: Anna',
    })
    expect(mail.text).toContain(`Calendar:      ${new URL(feedUrl).origin}/…\n`)
    expect(mail.text).toContain(`Last error:    ${third.lastError}\n`)
    // The streak's first failure, 06:05 UTC, in the business's zone.
    expect(mail.text).toContain('Failing since: Monday, March 4, 2030, 7:05 AM (Europe/Berlin)\n')
    expect(mail.text).toContain(
      'bookings still use the busy times read last; new events in this calendar are not seen.',
    )
    expect(mail.text).toContain(`${SITE}/en/admin/calendars/?staffId=${anna}`)
    expect(mail.html).toContain(`href="${SITE}/en/admin/calendars/?staffId=${anna}"`)
    const { rows } = await app.db.query<{ raw: string }>(
      'SELECT raw FROM mail_messages WHERE id = $1',
      [queued?.id],
    )
    const raw = rows[0]?.raw ?? ''
    expect(raw).toMatch(/^Subject: Calendar cannot be read: Anna$/m)
    // No calendar file: the e-mail is about no appointment.
    expect(raw).not.toContain('text/calendar')
    for (const text of [raw, mail.text, mail.html]) {
      expect(text).not.toContain(FEED_SECRET)
      expect(text).not.toContain('calendar.ics')
    }

    // A success ends the streak; the next one is told again, once.
    feed.fail(false)
    expect(await sync(anna, connection.id)).toMatchObject({ state: 'ok', failures: 0 })
    feed.fail(true)
    const secondStreak = clock + SCHEDULE
    for (let failure = 1; failure <= FAILURES_BEFORE_MAIL + 1; failure++) {
      await sync(anna, connection.id)
      expect(await calendarMails(connection.id)).toHaveLength(
        failure < FAILURES_BEFORE_MAIL ? 1 : 2,
      )
    }
    expect((await calendarMails(connection.id))[1]?.details.failingSince).toBe(
      new Date(secondStreak).toISOString(),
    )
    await deliver(connection.id)
    expect((await outbox()).filter((each) => each.kind === 'calendar-failing')).toHaveLength(2)

    // Kept as long as the booking e-mails, then forgotten like them.
    await pruneNotifications(app.db, clock + NOTIFICATION_RETENTION_MS - 60 * MINUTE, 1000)
    expect(await calendarMails(connection.id)).toHaveLength(2)
    await pruneNotifications(app.db, clock + NOTIFICATION_RETENTION_MS + MINUTE, 1000)
    expect(await calendarMails(connection.id)).toEqual([])
  })

  it('waits for the streak to last, not only for three failures (bookings read the calendar too)', async () => {
    const anna = fixture.staff.anna
    await account(app, 'staff', anna)
    const connection = await connectFeed(anna)
    feed.fail(true)
    // Three bookings within a minute of each other, each reading the calendar first.
    for (let failure = 0; failure < FAILURES_BEFORE_MAIL; failure++) {
      clock += 20_000
      await admin('POST', `/staff/${anna}/calendars/${connection.id}/sync`)
    }
    expect(await calendarMails(connection.id)).toEqual([])
    // The schedule's next failures, a quarter of an hour into the streak, tell the staff member.
    await sync(anna, connection.id)
    expect(await calendarMails(connection.id)).toEqual([])
    await sync(anna, connection.id)
    expect(await calendarMails(connection.id)).toHaveLength(1)
  })

  it('goes to the business when the staff member has no account, never with the password', async () => {
    const ben = fixture.staff.ben
    const { rows: providers } = await app.db.query<{ id: number }>(
      `SELECT id FROM providers WHERE slug = 'clinic'`,
    )
    const patched = await admin('PATCH', `/providers/${providers[0]?.id}`, {
      notificationEmail: 'desk@clinic.example',
    })
    expect(patched.statusCode).toBe(200)
    // A CalDAV account whose server answers nothing but errors (the feed server, failing).
    feed.fail(true)
    const password = 'app-password-d41d8cd9'
    const davUrl = `${new URL(feedUrl).origin}/dav/calendars/ben/`
    const id = await insertConnection(app.db, {
      staffId: ben,
      kind: 'caldav',
      url: davUrl,
      username: 'ben',
      passwordSealed: sealManageToken(await loadLinkKey(app.db, undefined), password),
      calendars: [
        {
          url: `${davUrl}work/`,
          name: 'Work',
          color: null,
          checked: true,
          receivesBookings: false,
          ctag: null,
          readUntil: null,
        },
      ],
    })
    for (let failure = 0; failure < FAILURES_BEFORE_MAIL; failure++) await sync(ben, id)
    expect(await calendarMails(id)).toMatchObject([
      {
        recipient: 'desk@clinic.example',
        audience: 'business',
        // The password was opened and sent: the server's answer is what failed.
        details: { address: davUrl, error: expect.stringContaining('503') },
      },
    ])
    await deliver(id)
    const [mail] = (await outbox()).filter((each) => each.kind === 'calendar-failing')
    expect(mail).toMatchObject({ bookingId: null, to: 'desk@clinic.example' })
    expect(mail?.text).toContain(`Calendar:      ${davUrl}\n`)
    const { rows } = await app.db.query<{ raw: string }>(
      `SELECT raw FROM mail_messages WHERE calendar_connection_id = $1`,
      [id],
    )
    for (const text of [rows[0]?.raw, mail?.text, mail?.html]) {
      expect(text).not.toContain(password)
    }
  })

  it('is not sent once the calendar was read again before it went out', async () => {
    const anna = fixture.staff.anna
    await account(app, 'staff', anna)
    const connection = await connectFeed(anna)
    feed.fail(true)
    for (let failure = 0; failure < FAILURES_BEFORE_MAIL; failure++) await sync(anna, connection.id)
    feed.fail(false)
    await sync(anna, connection.id)
    await deliver(connection.id)
    expect(await calendarMails(connection.id)).toMatchObject([{ state: 'skipped' }])
    expect((await outbox()).filter((mail) => mail.kind === 'calendar-failing')).toEqual([])
  })
})
