import type { FastifyInstance } from 'fastify'
import type { BookingView } from '../../src/lib/booking/api-types'
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
 * A party of two as the API shows it: Ana (the contact) with Anna for a consultation, her guest
 * Bo with Ben for a massage; `overrides` changes the rest.
 */
export function partyView(overrides: Partial<BookingView> = {}): BookingView {
  const line = {
    staffChosen: true,
    occurrence: 0,
    start: '2030-03-05T09:00:00.000Z',
    end: '2030-03-05T09:30:00.000Z',
    seats: 1,
    currency: 'EUR',
  }
  return {
    id: 7,
    status: 'confirmed',
    start: '2030-03-05T09:00:00.000Z',
    end: '2030-03-05T09:30:00.000Z',
    timeZone: 'Europe/Berlin',
    durationMinutes: 30,
    location: 'Room 1',
    provider: { slug: 'clinic', name: 'Test Clinic', email: null, phone: null },
    contact: { firstName: 'Ana', lastName: 'Silva', email: 'ana@example.com' },
    guests: [{ name: 'Bo Berg', email: 'bo@example.com' }],
    guestCount: null,
    lines: [
      {
        ...line,
        guestIndex: 0,
        guestName: 'Ana Silva',
        serviceId: 1,
        serviceName: 'Consultation',
        serviceTranslations: { de: { name: 'Beratung', description: '' } },
        staffId: 1,
        staffName: 'Anna',
        priceCents: 5000,
        depositCents: 1000,
      },
      {
        ...line,
        guestIndex: 1,
        guestName: 'Bo Berg',
        serviceId: 2,
        serviceName: 'Massage',
        serviceTranslations: { de: { name: 'Massage (de)', description: '' } },
        staffId: 2,
        staffName: 'Ben',
        priceCents: 7000,
        depositCents: 2000,
      },
    ],
    occurrences: [{ start: '2030-03-05T09:00:00.000Z', end: '2030-03-05T09:30:00.000Z' }],
    totalCents: 12000,
    depositCents: 3000,
    currency: 'EUR',
    holdExpiresAt: null,
    policy: { rescheduleUntil: null, cancelUntil: null, canReschedule: true, canCancel: true },
    cancellationReason: null,
    rescheduleHistory: [],
    payment: null,
    ...overrides,
  }
}
