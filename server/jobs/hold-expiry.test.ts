import pg from 'pg'
import { createBooking } from '../booking/commands/create'
import { NOW, book, bookingRequest, buildFixture, type Fixture } from '../booking/test-fixtures'
import { readConfig } from '../config'
import { readEventsOnce } from '../booking/store/events'
import { postgresUrl } from '../test-passes'

// The background loop stays off: the test moves the clock and runs due jobs itself.
process.env.JOBS_POLL_MS = '0'

const TUESDAY_9 = '2030-03-05T09:00:00.000Z'
const BOOT_TIMEOUT_MS = 60_000

let fixture: Fixture
let clock: number

beforeAll(async () => {
  fixture = await buildFixture({ now: () => clock })
}, BOOT_TIMEOUT_MS)
afterAll(() => fixture.app.close())
beforeEach(() => {
  clock = NOW
})

const annaAtNine = () =>
  bookingRequest({
    lines: [{ serviceId: fixture.services.consult, staffId: fixture.staff.anna, guestIndex: 0 }],
    start: TUESDAY_9,
  })

async function annaOffersNine() {
  const { app, services, staff } = fixture
  const response = await app.inject({
    method: 'GET',
    url: `/api/services/${services.consult}/slots?month=2030-03&timeZone=Europe/Berlin&staffId=${staff.anna}`,
  })
  const tuesday: { start: string }[] = response.json().days['2030-03-05'] ?? []
  return tuesday.some((slot) => slot.start === TUESDAY_9)
}

/**
 * Reads until `caughtUp`: on a shared PostgreSQL another process's open transaction (another test
 * file's) holds events back until it ends, which is the point of the cursor, so tests wait.
 */
async function readUntil(read: () => Promise<number>, caughtUp: () => boolean) {
  for (let waited = 0; !caughtUp() && waited < 5_000; waited += 20) {
    if ((await read()) === 0) await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/** A confirmed booking with Ben, so each test has events of its own to read. */
async function bookBen(start: string) {
  const response = await book(
    fixture.app,
    bookingRequest({
      lines: [{ serviceId: fixture.services.consult, staffId: fixture.staff.ben, guestIndex: 0 }],
      start,
    }),
  )
  expect(response.statusCode).toBe(201)
  return response.json().booking.id as number
}

async function statusOf(id: number) {
  const { rows } = await fixture.app.db.query<{ status: string }>(
    'SELECT status FROM bookings WHERE id = $1',
    [id],
  )
  return rows[0]?.status
}

describe('the hold-expiry sweep on the job runner', () => {
  it('releases the seats of a hold once it expires, and records booking.expired', async () => {
    const { app } = fixture
    const ctx = {
      db: app.db,
      siteUrl: 'http://localhost',
      now: () => clock,
      linkKey: Buffer.alloc(32),
    }
    expect(await annaOffersNine()).toBe(true)
    const { booking: held } = await createBooking(ctx, annaAtNine(), { holdMinutes: 15 })
    expect(await statusOf(held.id)).toBe('held')

    // The hold keeps its seats: the slot is gone and a second booking of it is refused.
    expect(await annaOffersNine()).toBe(false)
    expect((await book(app, annaAtNine())).statusCode).toBe(409)

    // The sweep runs before the hold ends and leaves it alone. Other jobs run too (the hourly
    // prune, the notifications, whose number depends on when they see the hold's event), so the
    // sweep is judged by the booking, not by how many jobs ran.
    clock = NOW + 14 * 60_000
    expect(await app.jobs.runDueJobs()).toBeGreaterThanOrEqual(2)
    expect(await statusOf(held.id)).toBe('held')

    clock = NOW + 15 * 60_000
    expect(await app.jobs.runDueJobs()).toBeGreaterThanOrEqual(1)
    expect(await statusOf(held.id)).toBe('expired')
    const { rows: events } = await app.db.query<{ type: string; version: number }>(
      'SELECT type, version FROM booking_events WHERE booking_id = $1 ORDER BY version',
      [held.id],
    )
    expect(events.map((event) => event.type)).toEqual(['booking.created', 'booking.expired'])

    expect(await annaOffersNine()).toBe(true)
    const again = await book(app, annaAtNine())
    expect(again.statusCode).toBe(201)
    expect(again.json().booking.status).toBe('confirmed')
  })

  it('gives each consumer of the outbox every event once, again after a failed read', async () => {
    const { app } = fixture
    await bookBen('2030-03-06T09:00:00.000Z')
    const { rows: all } = await app.db.query<{ label: string }>(
      `SELECT booking_id || ':' || type AS label FROM booking_events ORDER BY id`,
    )
    expect(all.length).toBeGreaterThan(0)
    const reader = (consumer: string, seen: string[]) => () =>
      readEventsOnce(app.db, consumer, async (_tx, events) => {
        seen.push(...events.map((event) => `${event.bookingId}:${event.type}`))
      })

    const mail: string[] = []
    await readUntil(reader('mail', mail), () => mail.length >= all.length)
    expect(await reader('mail', mail)()).toBe(0)
    expect(mail).toEqual(all.map((row) => row.label))

    await expect(
      readEventsOnce(app.db, 'webhooks', async () => {
        throw new Error('endpoint down')
      }),
    ).rejects.toThrow('endpoint down')
    const webhooks: string[] = []
    await readUntil(reader('webhooks', webhooks), () => webhooks.length >= mail.length)
    expect(webhooks).toEqual(mail)
  })

  // Only PostgreSQL has two connections whose transactions can commit out of id order.
  ;(postgresUrl ? it : it.skip)(
    'does not skip an event whose transaction commits after a later one',
    async () => {
      const { app } = fixture
      const bookingId = await bookBen('2030-03-06T10:00:00.000Z')
      const url = readConfig(process.env).databaseUrl as string
      const { rows } = await app.db.query<{ schema: string }>('SELECT current_schema() AS schema')
      const other = new pg.Client({
        connectionString: url,
        options: `-c search_path=${rows[0]?.schema},public`,
      })
      await other.connect()
      const seen: number[] = []
      const read = () =>
        readEventsOnce(app.db, 'late-commits', async (_tx, events) => {
          seen.push(...events.map((event) => event.version))
        })
      const insert = `INSERT INTO booking_events (booking_id, version, type)
                      VALUES ($1, $2, 'booking.confirmed')`
      try {
        const { rows: count } = await app.db.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM booking_events',
        )
        await readUntil(read, () => seen.length >= (count[0]?.n ?? 0))
        seen.length = 0
        await other.query('BEGIN')
        await other.query(insert, [bookingId, 100])
        await app.db.query(insert, [bookingId, 101])
        await read()
        expect(seen).toEqual([])
        await other.query('COMMIT')
        await readUntil(read, () => seen.length >= 2)
        expect(seen).toEqual([100, 101])
      } finally {
        await other.end()
      }
    },
  )
})
