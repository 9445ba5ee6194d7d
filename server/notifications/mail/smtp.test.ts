import type { AddressInfo } from 'node:net'
import { bookWithAnna, runJobsUntil as runJobsUntilShared } from '../test-support'
import { SMTPServer } from 'smtp-server'
import { NOW, buildFixture, type Fixture } from '../../booking/test-fixtures'
import { enqueue } from '../../jobs/store'
import { MAIL_ATTEMPTS } from './queue'

const BOOT_TIMEOUT_MS = 60_000

/** An SMTP server on loopback that keeps what it receives, or refuses it with `refuseWith`. */
const received: { to: string[]; raw: string }[] = []
let refuseWith: number | undefined
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = []
    stream.on('data', (chunk: Buffer) => chunks.push(chunk))
    stream.on('end', () => {
      if (refuseWith) {
        callback(Object.assign(new Error('Not now'), { responseCode: refuseWith }))
        return
      }
      received.push({
        to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
        raw: Buffer.concat(chunks).toString('utf8'),
      })
      callback()
    })
  },
})

let fixture: Fixture
let clock: number

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
  const { port } = smtp.server.address() as AddressInfo
  clock = NOW
  fixture = await buildFixture({
    now: () => clock,
    config: {
      smtpUrl: `smtp://127.0.0.1:${port}`,
      mailFrom: 'Test Clinic <bookings@clinic.example>',
    },
  })
}, BOOT_TIMEOUT_MS)
afterAll(async () => {
  await fixture.app.close()
  await new Promise<void>((resolve) => smtp.close(resolve))
})

async function stateOf(bookingId: number) {
  const { rows } = await fixture.app.db.query<{
    state: string
    transport: string | null
    lastError: string | null
  }>(
    `SELECT state, transport, last_error AS "lastError" FROM mail_messages
      WHERE booking_id = $1 AND kind = 'confirmed'`,
    [bookingId],
  )
  return rows[0]
}

const runJobsUntil = (done: () => Promise<boolean>, stepMs?: number) =>
  runJobsUntilShared(fixture.app, (ms) => (clock += ms), done, stepMs)

describe('e-mail through SMTP', () => {
  beforeEach(() => {
    received.length = 0
    refuseWith = undefined
  })

  it('delivers the confirmation, with its text, HTML and calendar parts, to the SMTP server', async () => {
    const { id } = await bookWithAnna(fixture, { start: '2030-03-05T09:00:00.000Z' })
    await runJobsUntil(async () => (await stateOf(id))?.state === 'sent')
    expect(await stateOf(id)).toEqual({ state: 'sent', transport: 'smtp', lastError: null })
    expect(received).toHaveLength(1)
    const [mail] = received
    expect(mail?.to).toEqual(['ana@example.com'])
    expect(mail?.raw).toContain('From: Test Clinic <bookings@clinic.example>')
    expect(mail?.raw).toContain('Subject: Appointment confirmed: Consultation')
    expect(mail?.raw).toContain('Content-Type: text/plain; charset=utf-8')
    expect(mail?.raw).toContain('Content-Type: text/html; charset=utf-8')
    expect(mail?.raw).toContain('Content-Type: text/calendar; charset=utf-8; method=PUBLISH')
    expect(mail?.raw).toContain('filename=appointment.ics')
    // Sent through SMTP, so nothing is kept in the local outbox.
    const { rows } = await fixture.app.db.query(
      `SELECT 1 FROM mail_messages WHERE booking_id = $1 AND transport = 'outbox'`,
      [id],
    )
    expect(rows).toEqual([])
  })

  it('tries again, with backoff, while the server answers "try later", and sends once', async () => {
    refuseWith = 451
    const { id } = await bookWithAnna(fixture, { start: '2030-03-05T11:00:00.000Z' })
    await runJobsUntil(async () => Boolean((await stateOf(id))?.lastError))
    expect(await stateOf(id)).toMatchObject({
      state: 'pending',
      lastError: expect.stringContaining('451'),
    })
    expect(received).toEqual([])
    refuseWith = undefined
    // The runner's first wait is 5 to 10 s.
    await runJobsUntil(async () => (await stateOf(id))?.state === 'sent', 10_000)
    expect(received.map((mail) => mail.to)).toEqual([['ana@example.com']])
  })

  // Regression: a message whose process died mid-send was marked failed and never sent.
  it('sends an interrupted message again, under the Message-ID of its first send', async () => {
    const { id } = await bookWithAnna(fixture, { start: '2030-03-05T15:00:00.000Z' })
    await runJobsUntil(async () => (await stateOf(id))?.state === 'sent')
    const messageId = (raw: string) => /^Message-ID:\s*(<[^>]+>)/im.exec(raw)?.[1]
    const first = messageId(received[0]?.raw ?? '')
    expect(first).toMatch(/^<[0-9a-f-]{36}@clinic\.example>$/)
    // Its process died after the SMTP server took it, before it could record that: the row is
    // left sending, and its job is taken over once the lease runs out.
    const { rows } = await fixture.app.db.query<{ id: number; stored: string }>(
      `UPDATE mail_messages SET state = 'sending'
        WHERE booking_id = $1 AND kind = 'confirmed' RETURNING id, message_id AS stored`,
      [id],
    )
    expect(rows[0]?.stored).toBe(first)
    await enqueue(fixture.app.db, {
      type: 'mail.send',
      payload: { messageId: Number(rows[0]?.id) },
      maxAttempts: MAIL_ATTEMPTS,
    })
    await runJobsUntil(async () => (await stateOf(id))?.state === 'sent' && received.length === 2)
    expect(await stateOf(id)).toEqual({ state: 'sent', transport: 'smtp', lastError: null })
    expect(received.map((mail) => messageId(mail.raw))).toEqual([first, first])
  })

  it('gives up at once on a permanent refusal', async () => {
    refuseWith = 550
    const { id } = await bookWithAnna(fixture, { start: '2030-03-05T13:00:00.000Z' })
    await runJobsUntil(async () => (await stateOf(id))?.state === 'failed')
    expect((await stateOf(id))?.lastError).toContain('550')
  })
})
