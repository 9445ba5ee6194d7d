import type { FastifyRequest } from 'fastify'
import { HttpError } from '../../errors'

/**
 * The request's `Idempotency-Key` header, when it has one: what makes a retried booking or refund
 * the same request whenever it comes. A key that could not be one (too short to be unique, or
 * with characters a client's generator never makes) is refused rather than ignored.
 */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const key = request.headers['idempotency-key']
  if (key === undefined) return undefined
  if (typeof key !== 'string' || !/^[\w-]{8,128}$/.test(key)) {
    throw new HttpError(
      400,
      'Bad Request',
      'Idempotency-Key must be 8 to 128 letters, digits, - or _.',
      undefined,
      'invalid_request',
    )
  }
  return key
}
