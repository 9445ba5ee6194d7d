import type { FastifyPluginAsync } from 'fastify'
import type { AdminStatus, SiteBuildStatus, TestPath } from '../../src/lib/admin/status-types'
import { preventStoring } from '../security-headers'
import { ANY_ROLE, requireAdmin, type AdminAuth } from './auth'
import { adminStatusSchema } from './response-schemas'

/**
 * `GET /status`: what every dashboard screen shows: the test paths this server takes
 * (server/config.ts activeTestPaths), so the front desk knows when e-mails are not leaving and
 * card payments are not real, and whether the site shows the latest changes yet
 * (server/site/rebuild-queue.ts). Any signed-in role may read it.
 */
export const adminStatusRoutes: FastifyPluginAsync<{
  auth: AdminAuth
  testPaths: TestPath[]
  siteBuild: () => SiteBuildStatus
}> = async (app, { auth, testPaths, siteBuild }) => {
  requireAdmin(app, auth, ANY_ROLE)
  preventStoring(app)
  app.get(
    '/status',
    { schema: { response: { 200: adminStatusSchema } } },
    async (): Promise<AdminStatus> => ({ testPaths, site: siteBuild() }),
  )
}
