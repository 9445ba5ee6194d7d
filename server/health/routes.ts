import fs from 'node:fs/promises'
import type { FastifyPluginAsync } from 'fastify'
import { Joi } from '../../src/lib/validation/joi'
import type { Database } from '../db'
import { listMigrations } from '../db/migrate'
import { HttpError } from '../errors'
import { siteUrlMismatch } from '../site/build-stamp'

/** Whether the site this process serves is built, or being (re)built by `npm start`. */
export type SiteStatus = 'building' | 'ready'

/** Each readiness check: `ok`, or why not. */
interface Readiness {
  database: string
  migrations: string
  site: string
}

async function checkMigrations(db: Database, expected: string[]): Promise<string> {
  const { rows } = await db.query<{ name: string }>('SELECT name FROM schema_migrations')
  const applied = new Set(rows.map((row) => row.name))
  const pending = expected.filter((name) => !applied.has(name))
  return pending.length === 0 ? 'ok' : `not applied: ${pending.join(', ')}`
}

/** Read on every check: another process's start may release a new build into the same link. */
async function checkSite(publicDir: string, siteUrl: string | undefined): Promise<string> {
  const stat = await fs.stat(publicDir).catch(() => undefined)
  if (!stat?.isDirectory()) return `the site folder ${publicDir} (PUBLIC_DIR) is missing`
  return (siteUrl && (await siteUrlMismatch(publicDir, siteUrl))) || 'ok'
}

const readinessSchema = Joi.object({
  ready: Joi.boolean().required(),
  checks: Joi.object<Readiness, true>({
    database: Joi.string().required(),
    migrations: Joi.string().required(),
    site: Joi.string().required(),
  })
    .required()
    .description('Each check: ok, or why not'),
}).label('Readiness')

const healthSchema = Joi.object({
  status: Joi.string().valid('ok').required(),
  database: Joi.string().valid('pglite', 'postgres').required(),
  site: Joi.string().valid('building', 'ready').required(),
}).label('Health')

/**
 * `/health` is the overview; `/health/live` says only that the process answers (a supervisor
 * restarts it when not); `/health/ready` says whether it can serve visitors (a proxy or load
 * balancer sends it traffic only then) and, when not, which check failed.
 */
export const healthRoutes: FastifyPluginAsync<{
  db: Database
  siteStatus: () => SiteStatus
  publicDir: string
  /** In production, the SITE_URL the served build must have been made for. */
  siteUrl?: string
}> = async (app, { db, siteStatus, publicDir, siteUrl }) => {
  // The migrations this code was shipped with; read once, as the database was migrated at start.
  const migrations = await listMigrations()
  app.get(
    '/health',
    {
      schema: {
        response: { 200: healthSchema },
      },
    },
    async () => {
      try {
        await db.query('SELECT 1')
      } catch {
        throw new HttpError(503, 'Service Unavailable', 'The database is not answering.')
      }
      return { status: 'ok' as const, database: db.kind, site: siteStatus() }
    },
  )

  app.get(
    '/health/live',
    {
      schema: {
        response: { 200: Joi.object({ status: Joi.string().valid('ok').required() }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  )

  app.get(
    '/health/ready',
    { schema: { response: { 200: readinessSchema, 503: readinessSchema } } },
    async (_request, reply) => {
      const reachable = await db.query('SELECT 1').then(
        () => true,
        () => false,
      )
      const checks: Readiness = {
        database: reachable ? 'ok' : 'the database is not answering',
        // Without the database the migrations cannot be checked, and are not what failed.
        migrations: reachable
          ? await checkMigrations(db, migrations).catch(() => 'could not be read')
          : 'unknown',
        site: await checkSite(publicDir, siteUrl),
      }
      const ready = Object.values(checks).every((check) => check === 'ok')
      return reply.code(ready ? 200 : 503).send({ ready, checks })
    },
  )
}
