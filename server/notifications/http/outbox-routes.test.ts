import type { AdminRole } from '../../../src/lib/admin/api-types'
import type { OutboxMessage } from '../../../src/lib/notifications/api-types'
import { account, bearer, type Browser } from '../../admin/test-support'
import { buildFixture, NOW, type Fixture } from '../../booking/test-fixtures'
import { runJobsUntil } from '../../jobs/run-until'
import { DISPATCH_EVERY_MS } from '../jobs'
import { bookWithAnna } from '../test-support'

/** The local outbox's e-mails as the dashboard frames them: GET /api/admin/outbox/:id/html. */

const DASHBOARD = 'https://dashboard.clinic.example'

let fixture: Fixture
let clock = NOW
const browsers = {} as Record<AdminRole, Browser>
let confirmation: OutboxMessage
let reminderId: number

beforeAll(async () => {
  fixture = await buildFixture({ now: () => clock, config: { corsOrigins: [DASHBOARD] } })
  for (const role of ['owner', 'admin', 'front_desk'] as const) {
    browsers[role] = await account(fixture.app, role)
  }
  browsers.staff = await account(fixture.app, 'staff', fixture.staff.anna)

  const { id: bookingId } = await bookWithAnna(fixture)
  const confirmationOf = async () =>
    (
      (
        await fixture.app.inject({ method: 'GET', url: '/api/admin/outbox', headers: bearer })
      ).json().messages as OutboxMessage[]
    ).find((mail) => mail.bookingId === bookingId && mail.to === 'ana@example.com')
  await runJobsUntil(fixture.app.jobs, async () => (await confirmationOf()) !== undefined, {
    tick: () => (clock += DISPATCH_EVERY_MS),
  })
  confirmation = (await confirmationOf())!
  // The reminder waits for the day before: an e-mail, but not one in the outbox yet.
  const { rows } = await fixture.app.db.query<{ id: string }>(
    `SELECT id FROM mail_messages WHERE booking_id = $1 AND kind = 'reminder'`,
    [bookingId],
  )
  reminderId = Number(rows[0]!.id)
}, 60_000)
afterAll(() => fixture.app.close())

const htmlOf = (browser: Browser, id: number | string) =>
  browser.request({ method: 'GET', url: `/api/admin/outbox/${id}/html` })

describe('an e-mail of the outbox as its recipient sees it', () => {
  it.each(['owner', 'admin', 'front_desk'] as const)(
    'is shown to %s as the stored HTML, sandboxed, its links opening a tab of their own',
    async (role) => {
      const answer = await htmlOf(browsers[role], confirmation.id)
      expect(answer.statusCode).toBe(200)
      expect(answer.headers['content-type']).toBe('text/html; charset=utf-8')
      expect(answer.headers['cache-control']).toBe('no-store')
      expect(answer.headers['content-security-policy']).toBe(
        "sandbox allow-popups allow-popups-to-escape-sandbox;default-src 'none';" +
          `style-src 'unsafe-inline';frame-ancestors 'self' ${DASHBOARD}`,
      )
      expect(answer.headers['x-frame-options']).toBeUndefined()
      expect(answer.body).toBe(confirmation.html.replace('<head>', '<head><base target="_blank">'))
      expect(answer.body).toContain('<a href="http://127.0.0.1:8000/en/widget/cancel-booking?')
    },
  )

  it('answers the admin token too', async () => {
    const answer = await fixture.app.inject({
      method: 'GET',
      url: `/api/admin/outbox/${confirmation.id}/html`,
      headers: bearer,
    })
    expect(answer.statusCode).toBe(200)
  })

  it('answers 404 with the error object for an e-mail not in the outbox, 400 for a bad id', async () => {
    for (const id of [999999, reminderId]) {
      const missing = await htmlOf(browsers.owner, id)
      expect([id, missing.statusCode]).toEqual([id, 404])
      expect(missing.json()).toEqual({
        statusCode: 404,
        statusMessage: 'Not Found',
        message: 'No such e-mail in the outbox.',
      })
      // An error is an API answer like any other: it is not a page to frame.
      expect(missing.headers['content-security-policy']).toBe(
        "default-src 'none';frame-ancestors 'none'",
      )
    }
    const bad = await htmlOf(browsers.owner, 'abc')
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ statusCode: 400, message: expect.any(String) })
  })

  it('refuses a staff account (403) and a visitor who is not signed in (401)', async () => {
    const staff = await htmlOf(browsers.staff, confirmation.id)
    expect(staff.statusCode).toBe(403)
    expect(staff.json().code).toBe('forbidden')
    const anonymous = await fixture.app.inject({
      method: 'GET',
      url: `/api/admin/outbox/${confirmation.id}/html`,
    })
    expect(anonymous.statusCode).toBe(401)
    expect(anonymous.body).not.toContain('cancel-booking')
  })
})
