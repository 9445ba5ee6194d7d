import type { FastifyInstance } from 'fastify'
import type { BookingLineView, BookingLinks, BookingView } from '../../src/lib/booking/api-types'
import { book, bookingRequest, type Fixture } from '../booking/test-fixtures'
import { DISPATCH_EVERY_MS } from './jobs'

/**
 * Runs the app's due jobs a dispatch round at a time, moving the test's clock on by `stepMs`
 * before each round, until `done` says so; fails after 10 s of real time. (On PostgreSQL a fresh
 * event waits for older transactions to end, so a round may find nothing yet.)
 */
export async function runJobsUntil(
  app: FastifyInstance,
  advance: (ms: number) => void,
  done: () => Promise<boolean>,
  stepMs = DISPATCH_EVERY_MS,
) {
  for (let waited = 0; waited < 10_000; waited += 20) {
    advance(stepMs)
    await app.jobs.runDueJobs()
    if (await done()) return
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error('The jobs did not finish within 10 s')
}

/**
 * Books the fixture's consultation with Anna for bookingRequest's visitor, at its time unless
 * `overrides` says otherwise; fails unless it is made. Its id, manage token and links.
 */
export async function bookWithAnna(
  fixture: Fixture,
  overrides: Parameters<typeof bookingRequest>[0] = {},
) {
  const response = await book(
    fixture.app,
    bookingRequest({
      lines: [{ serviceId: fixture.services.consult, staffId: fixture.staff.anna, guestIndex: 0 }],
      ...overrides,
    }),
  )
  if (response.statusCode !== 201) throw new Error(`booking: ${response.body}`)
  const { booking, manageToken } = response.json() as {
    booking: { id: number; links: BookingLinks }
    manageToken: string
  }
  return { id: booking.id, token: manageToken, links: booking.links }
}

/**
 * The calendar file inside a raw e-mail, decoded: the attachment is quoted-printable or base64.
 * Its MIME headers come first, then a blank line, then the file.
 */
export function calendarPart(raw: string): string {
  const at = raw.indexOf('Content-Type: text/calendar')
  const part = raw.slice(at, raw.indexOf('\n--', at))
  const [head = '', body = ''] = part.split(/\r?\n\r?\n/)
  const decoded = /base64/i.test(head)
    ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
    : body
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
  return `${head}\n\n${decoded}`
}

/** When partyView's booking starts and ends: 5 March 2030, 09:00 to 09:30 UTC. */
export const PARTY_START = '2030-03-05T09:00:00.000Z'
const PARTY_END = '2030-03-05T09:30:00.000Z'

/**
 * The line of the party's person at `guestIndex`, at partyView's time, their service and staff
 * member numbered after them (the first person's are 1); `line` says the rest.
 */
export function partyLine(
  guestIndex: number,
  line: Pick<
    BookingLineView,
    | 'guestName'
    | 'serviceName'
    | 'serviceTranslations'
    | 'staffName'
    | 'priceCents'
    | 'depositCents'
  >,
): BookingLineView {
  return {
    guestIndex,
    serviceId: guestIndex + 1,
    staffId: guestIndex + 1,
    staffChosen: true,
    occurrence: 0,
    start: PARTY_START,
    end: PARTY_END,
    seats: 1,
    currency: 'EUR',
    ...line,
  }
}

/**
 * A party of two as the API shows it: Ana (the contact) with Anna for a consultation, her guest
 * Bo with Ben for a massage; `overrides` changes the rest.
 */
export function partyView(overrides: Partial<BookingView> = {}): BookingView {
  return {
    id: 7,
    status: 'confirmed',
    start: PARTY_START,
    end: PARTY_END,
    timeZone: 'Europe/Berlin',
    durationMinutes: 30,
    location: 'Room 1',
    provider: { slug: 'clinic', name: 'Test Clinic', email: null, phone: null },
    contact: { firstName: 'Ana', lastName: 'Silva', email: 'ana@example.com' },
    guests: [{ name: 'Bo Berg', email: 'bo@example.com' }],
    guestCount: null,
    lines: [
      partyLine(0, {
        guestName: 'Ana Silva',
        serviceName: 'Consultation',
        serviceTranslations: { de: { name: 'Beratung', description: '' } },
        staffName: 'Anna',
        priceCents: 5000,
        depositCents: 1000,
      }),
      partyLine(1, {
        guestName: 'Bo Berg',
        serviceName: 'Massage',
        serviceTranslations: { de: { name: 'Massage (de)', description: '' } },
        staffName: 'Ben',
        priceCents: 7000,
        depositCents: 2000,
      }),
    ],
    occurrences: [{ start: PARTY_START, end: PARTY_END }],
    totalCents: 12000,
    depositCents: 3000,
    currency: 'EUR',
    holdExpiresAt: null,
    policy: {
      rescheduleUntil: null,
      cancelUntil: null,
      canReschedule: true,
      canCancel: true,
      refund: { policy: 'full_before_cutoff', until: '2030-03-04T09:00:00.000Z' },
    },
    cancellationReason: null,
    rescheduleHistory: [],
    payment: null,
    ...overrides,
  }
}
