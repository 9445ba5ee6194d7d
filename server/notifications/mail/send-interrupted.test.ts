import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { SMTPServer } from 'smtp-server'
import { NOW, book, bookingRequest, buildFixture, type Fixture } from '../../booking/test-fixtures'
import { onPostgres, postgresUrl as databaseUrl } from '../../test-passes'
import { spawnServer } from '../../test-server-child'
import { notificationJobHandlers } from '../jobs'
import { targetPolicy } from '../webhooks/targets'
import { createMailer } from './transport'

/*
 * Regression: a message whose process died mid-send was marked failed and never sent (6 of 5,234
 * under kill -9). Processes sending through SMTP are killed with SIGKILL while the SMTP server
 * holds one of their messages, again and again; at the end every message has arrived, at least
 * once and under one Message-ID each, and none is failed. Processes can share only PostgreSQL,
 * so this runs in the PostgreSQL pass (DATABASE_URL).
 */

const BOOKINGS = 8
const KILLS = 4
const HOUR = 3_600_000
const DAY = 24 * HOUR
// Each process's clock starts this far after the last one's: the leases it held (5 minutes)
// have run out for the next, and the reminders (a day before each booking) are not yet due.
const CLOCK_STEP_MS = 10 * 60_000
const TEST_TIMEOUT_MS = 240_000
// Node itself with tsx's loader, not the tsx command: that one runs the script in a process of
// its own, which would outlive the SIGKILL.
const CHILD = [process.execPath, '--import', 'tsx', path.join(__dirname, 'send-child.ts')]

const messageIdOf = (raw: string) => /^Message-ID:\s*(<[^>]+>)/im.exec(raw)?.[1]

onPostgres('e-mail through SMTP while its processes are killed with SIGKILL', () => {
  const received: string[] = []
  /** Called with each message the SMTP server has read, before it answers it. */
  let onReceived: () => void = () => undefined
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        received.push(messageIdOf(Buffer.concat(chunks).toString('utf8')) ?? 'none')
        onReceived()
        // A moment later, so a sender killed meanwhile never hears that it arrived.
        setTimeout(callback, 20)
      })
    },
  })
  let fixture: Fixture

  beforeAll(async () => {
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
    fixture = await buildFixture({ now: () => NOW })
  }, TEST_TIMEOUT_MS)
  afterAll(async () => {
    await fixture?.app.close()
    await new Promise<void>((resolve) => smtp.close(resolve))
  })

  /** Queues each booking's e-mails, as an API process's dispatch does, without sending them. */
  async function queueMessages(ids: number[]) {
    const ctx = { db: fixture.app.db, siteUrl: '', now: () => NOW, linkKey: Buffer.alloc(32) }
    const { 'notifications.dispatch': dispatch } = notificationJobHandlers(ctx, {
      mailer: createMailer(undefined),
      mailFrom: 'bookings@localhost',
      webhookTargets: targetPolicy([]),
    })
    // On a shared PostgreSQL any transaction that was running when the bookings committed holds
    // their events back until it ends (events.ts reads below the server's oldest running one):
    // with a worker per core, another file's for over a minute once in a PostgreSQL pass.
    const deadline = Date.now() + 150_000
    while (Date.now() < deadline) {
      // The handler itself, not a runner: with the clock frozen at NOW a runner would run the
      // recurring dispatch once and then wait for NOW + 2 s, which never comes.
      await dispatch.run({}, { id: 0, attempts: 1 })
      const { rows } = await fixture.app.db.query<{ n: number }>(
        `SELECT count(DISTINCT booking_id)::int AS n FROM mail_messages WHERE booking_id = ANY($1)`,
        [ids],
      )
      if (rows[0]?.n === ids.length) return
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    // What held them back: the oldest transactions with an id on the server, any database.
    const { rows: holders } = await fixture.app.db.query<{ held: string }>(
      `SELECT format('%s s, %s, %s: %s', round(extract(epoch FROM now() - xact_start)),
                     datname, state, left(query, 120)) AS held
         FROM pg_stat_activity WHERE backend_xid IS NOT NULL ORDER BY xact_start LIMIT 3`,
    )
    throw new Error(
      `The e-mails were not queued within 150 s; oldest transactions: ${JSON.stringify(holders)}`,
    )
  }

  const dueMessages = async (ids: number[]) =>
    (
      await fixture.app.db.query<{ state: string; messageId: string | null }>(
        `SELECT state, message_id AS "messageId" FROM mail_messages
          WHERE booking_id = ANY($1) AND kind <> 'reminder' ORDER BY id`,
        [ids],
      )
    ).rows

  it(
    'sends every message at least once, each under its one Message-ID, and loses none',
    async () => {
      const ids: number[] = []
      for (let n = 0; n < BOOKINGS; n++) {
        const response = await book(
          fixture.app,
          bookingRequest({
            lines: [{ serviceId: fixture.services.consult, staffId: null, guestIndex: 0 }],
            // Tuesday and Wednesday from 09:00 in Berlin, within the staff's hours.
            start: new Date(
              Date.parse('2030-03-05T08:00:00.000Z') + (n % 4) * HOUR + Math.floor(n / 4) * DAY,
            ).toISOString(),
          }),
        )
        expect(response.statusCode).toBe(201)
        ids.push(response.json().booking.id)
      }
      await queueMessages(ids)
      const { rows } = await fixture.app.db.query<{ schema: string }>(
        'SELECT current_schema() AS schema',
      )
      const env = {
        DATABASE_URL: databaseUrl,
        MAIL_TEST_SCHEMA: rows[0]?.schema,
        SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
      }
      const settled = async () =>
        (await dueMessages(ids)).every((row) => row.state !== 'pending' && row.state !== 'sending')

      for (let generation = 0; generation <= KILLS; generation++) {
        const child = spawnServer(CHILD, '/nonexistent', {
          ...env,
          CLOCK_MS: String(NOW + generation * CLOCK_STEP_MS),
        })
        const last = generation === KILLS
        // Killed while the SMTP server holds its second message: it arrived, and the process
        // never learns so.
        let seen = 0
        onReceived = () => {
          if (!last && ++seen === 2) child.child.kill('SIGKILL')
        }
        const done = last ? settled : async () => seen === 2
        for (let waited = 0; !(await done()) && waited < 30_000; waited += 50) {
          await new Promise((resolve) => setTimeout(resolve, 50))
        }
        child.child.kill('SIGKILL')
        await child.exited
        if (!(await done()))
          throw new Error(`Process ${generation} did not send:\n${child.printed.both}`)
      }

      const messages = await dueMessages(ids)
      // The visitor's confirmation of each booking (the clinic gets no e-mail of its own).
      expect(messages).toHaveLength(BOOKINGS)
      expect(messages.filter((row) => row.state !== 'sent')).toEqual([])
      const sent = messages.map((row) => row.messageId)
      expect(new Set(sent).size).toBe(messages.length)
      expect([...new Set(received)].sort()).toEqual([...sent].sort())
      // The killed processes' messages came twice, under the same Message-ID.
      expect(received.length).toBeGreaterThanOrEqual(messages.length + KILLS)
    },
    TEST_TIMEOUT_MS,
  )
})
