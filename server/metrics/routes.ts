import type { FastifyPluginAsync } from 'fastify'
import { actorOf, forbidden, requireAdmin, type AdminAuth } from '../admin/auth'
import { fileAnswer } from '../openapi/schemas'
import type { Metrics } from './metrics'

/**
 * `GET /api/metrics` for Prometheus: to the owner (ADMIN_TOKEN, an owner's session, or an owner's
 * API key with `metrics:read`), or to anyone with METRICS_PUBLIC=true (a scraper inside a private
 * network that sends no token).
 */
export const metricsRoutes: FastifyPluginAsync<{
  metrics: Metrics
  auth: AdminAuth
  publicMetrics: boolean
}> = async (app, { metrics, auth, publicMetrics }) => {
  if (!publicMetrics) {
    // An API key passes as an admin; only an owner may give a key metrics:read.
    requireAdmin(app, auth, ['owner', 'admin'])
    app.addHook('preHandler', async (request) => {
      const actor = actorOf(request)
      if (!actor.key && actor.user.role !== 'owner') throw forbidden()
    })
  }
  app.get(
    '/metrics',
    {
      schema: {
        response: { 200: fileAnswer('text/plain', "The server's metrics in Prometheus's format") },
      },
    },
    async (_request, reply) => {
      void reply
        .header('content-type', metrics.registry.contentType)
        .header('cache-control', 'no-store')
      return metrics.registry.metrics()
    },
  )
}
