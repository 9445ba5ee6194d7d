import crypto from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { HttpError } from './errors'

// Hashing first gives both sides one length, which timingSafeEqual needs, and hides the length.
function sameSecret(given: string, expected: string): boolean {
  const a = crypto.createHash('sha256').update(given).digest()
  const b = crypto.createHash('sha256').update(expected).digest()
  return crypto.timingSafeEqual(a, b)
}

/**
 * Every route in this scope needs `Authorization: Bearer $ADMIN_TOKEN`; without a configured
 * token the admin API is off and answers 401 to everyone.
 */
export function requireAdminToken(app: FastifyInstance, adminToken: string | undefined): void {
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization ?? ''
    const given = header.startsWith('Bearer ') ? header.slice(7) : ''
    if (!adminToken || !given || !sameSecret(given, adminToken)) {
      throw new HttpError(401, 'Unauthorized', 'A valid admin token is required.')
    }
  })
}
