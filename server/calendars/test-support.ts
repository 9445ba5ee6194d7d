import http from 'node:http'
import type { AddressInfo } from 'node:net'

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
