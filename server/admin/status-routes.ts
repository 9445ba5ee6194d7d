import type { FastifyPluginAsync } from 'fastify'
import type { AdminStatus, TestPath } from '../../src/lib/admin/status-types'
import { preventStoring } from '../security-headers'
import { BOOKING_ROLES, requireAdmin, type AdminAuth } from './auth'

/**
 * `GET /status`: the test paths this server takes (server/config.ts activeTestPaths), for the
 * banner every dashboard screen shows, so the front desk knows when e-mails are not leaving and
 * card payments are not real. Any signed-in role may read it.
 */
export const adminStatusRoutes: FastifyPluginAsync<{
  auth: AdminAuth
  testPaths: TestPath[]
}> = async (app, { auth, testPaths }) => {
  requireAdmin(app, auth, BOOKING_ROLES)
  preventStoring(app)
  app.get('/status', async (): Promise<AdminStatus> => ({ testPaths }))
}
