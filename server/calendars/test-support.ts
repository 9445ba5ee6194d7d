import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import type { SlotsResponse } from '../../src/lib/booking/api-types'
import { book, bookingRequest, type Fixture } from '../booking/test-fixtures'

/** A published calendar on loopback whose text the test changes; it honours If-None-Match. */
export function feedServer() {
  let text = ''
  let failing = false
  const server = http.createServer((request, response) => {
    if (failing) return response.writeHead(503).end()
    const etag = `"${Buffer.from(text).toString('base64url').slice(-16)}-${text.length}"`
    if (request.headers['if-none-match'] === etag) return response.writeHead(304).end()
    response.writeHead(200, { 'content-type': 'text/calendar', etag }).end(text)
  })
  return {
    async start() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/calendar.ics`
    },
    set(next: string) {
      text = next
    },
    fail(on: boolean) {
      failing = on
    },
    stop: () => new Promise((resolve) => server.close(resolve)),
  }
}

/** An iCalendar text of `events`, each given as its lines. */
export const calendar = (...events: string[][]) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//test//feed//EN',
    ...events.flatMap((lines) => ['BEGIN:VEVENT', ...lines, 'END:VEVENT']),
    'END:VCALENDAR',
    '',
  ].join('\r\n')

/** The starts of a staff member's consultation slots in March 2030 (the fixtures' month). */
export async function slotStarts(app: FastifyInstance, staffId: number): Promise<string[]> {
  const response = await app.inject({
    method: 'GET',
    url: `/api/services/consult/slots?month=2030-03&timeZone=Europe/Berlin&staffId=${staffId}`,
  })
  return Object.values((response.json() as SlotsResponse).days).flatMap((slots) =>
    slots.map((slot) => slot.start),
  )
}

/** A consultation with `staffId` (null: any available staff) at `start`, as the widget books it. */
export function bookConsult(fixture: Fixture, staffId: number | null, start: string) {
  return book(
    fixture.app,
    bookingRequest({
      lines: [{ serviceId: fixture.services.consult, staffId, guestIndex: 0 }],
      start,
    }),
  )
}
