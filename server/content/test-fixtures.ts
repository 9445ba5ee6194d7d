import type { FastifyInstance } from 'fastify'
import type { AppOptions } from '../app'
import { buildTestApp } from '../test-app'

export const ADMIN_TOKEN = 'test-admin-token-0123456789abcdef'
/** The frozen "now" of the content tests: after every demo post's date. */
export const NOW = Date.parse('2030-03-04T06:00:00Z')

export const auth = { authorization: `Bearer ${ADMIN_TOKEN}` }

export function buildContentApp(options: Pick<AppOptions, 'now' | 'seedDemo'> = {}) {
  // Previews are rate-limited; the tests make more checks in a minute than a visitor would.
  return buildTestApp(
    { adminToken: ADMIN_TOKEN, rateLimitPerMinute: 10_000 },
    { now: () => NOW, ...options },
  )
}

/** An admin request; the reply as JSON, with its status. */
export async function admin(
  app: FastifyInstance,
  method: 'POST' | 'PATCH' | 'PUT',
  url: string,
  payload?: object,
) {
  const response = await app.inject({
    method,
    url: `/api/admin/content${url}`,
    headers: auth,
    ...(payload ? { payload } : {}),
  })
  return { status: response.statusCode, body: response.json() }
}

export async function previewToken(app: FastifyInstance, ttlMinutes?: number): Promise<string> {
  const { status, body } = await admin(
    app,
    'POST',
    '/preview-tokens',
    ttlMinutes ? { ttlMinutes } : undefined,
  )
  if (status !== 201) throw new Error(`preview token: ${JSON.stringify(body)}`)
  return body.token
}

export async function get(app: FastifyInstance, url: string) {
  const response = await app.inject({ method: 'GET', url })
  return { status: response.statusCode, body: response.json() }
}

export const en = (title: string, body = '') => ({ locale: 'en', title, body })
