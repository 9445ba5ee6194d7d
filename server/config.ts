import path from 'node:path'

/** Everything the server reads from the environment, in one place. */
export interface ServerConfig {
  host: string
  port: number
  /** PostgreSQL connection string; when absent the embedded PGlite database is used. */
  databaseUrl: string | undefined
  /** PGlite data directory; `memory://` keeps the database in memory (tests). */
  dataDir: string
  /** The built Gatsby site served by this process. */
  publicDir: string
  adminToken: string | undefined
  logLevel: string
  /** The public address of the site, for links in e-mails and calendar files. */
  siteUrl: string
  /** Booking and manage-link requests one client may make per minute. */
  rateLimitPerMinute: number
  /** Pause between job-runner polls when nothing is due; 0 leaves running jobs to the caller. */
  jobsPollMs: number
}

export const projectRoot = path.resolve(__dirname, '..')

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 8000)
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be an integer between 0 and 65535, got "${env.PORT}"`)
  }
  const jobsPollMs = Number(env.JOBS_POLL_MS || 1000)
  if (!Number.isInteger(jobsPollMs) || jobsPollMs < 0) {
    throw new Error(
      `JOBS_POLL_MS must be a whole number of milliseconds, got "${env.JOBS_POLL_MS}"`,
    )
  }
  return {
    host: env.HOST || '127.0.0.1',
    port,
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR || path.join(projectRoot, '.data'),
    publicDir: env.PUBLIC_DIR || path.join(projectRoot, 'public'),
    adminToken: env.ADMIN_TOKEN || undefined,
    logLevel: env.LOG_LEVEL || 'info',
    siteUrl: (env.SITE_URL || `http://${env.HOST || '127.0.0.1'}:${port}`).replace(/\/$/, ''),
    rateLimitPerMinute: Number(env.RATE_LIMIT_PER_MINUTE) || 30,
    jobsPollMs,
  }
}
