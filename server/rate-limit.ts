import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance } from 'fastify'
import { HttpError } from './errors'

/**
 * Limits, in this scope, how often one client may call the routes that opt in with
 * `config: { rateLimit: … }` (or run `app.rateLimit()` where a handler checks a secret). Beyond
 * the limit: 429 with the error object, naming what was asked for too often.
 */
export async function limitPerClient(app: FastifyInstance, perMinute: number, what: string) {
  await app.register(rateLimit, {
    global: false,
    max: perMinute,
    timeWindow: '1 minute',
    // An Error, not a plain object, so that it reaches the app's error handler.
    errorResponseBuilder: (_request, context) =>
      new HttpError(
        429,
        'Too Many Requests',
        `Too many ${what} requests. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
        undefined,
        'rate_limited',
      ),
  })
}
