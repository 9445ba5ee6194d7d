import type { FastifyRequest } from 'fastify'

// Manage tokens and one-time slugs are bearer secrets: whoever has one can change a booking.
const SECRET_PATH = /(\/(?:manage|one-time-links|otl)\/)[^/?#]+/g
const SECRET_QUERY = /([?&](?:token|reschedule|cancel|otl|slug)=)[^&#]*/g
// embed.js's question names the widget route in the query, its slashes encoded as %2F.
const SECRET_ROUTE_QUERY = /([?&]path=(?:%2F|\/)*otl(?:%2F|\/))[^&#]*/gi

export function redactUrl(url: string): string {
  return url
    .replace(SECRET_PATH, '$1[redacted]')
    .replace(SECRET_QUERY, '$1[redacted]')
    .replace(SECRET_ROUTE_QUERY, '$1[redacted]')
}

/** What the request log keeps of a request: never a token. */
export function redactedRequest(request: FastifyRequest) {
  return { method: request.method, url: redactUrl(request.url), remoteAddress: request.ip }
}
