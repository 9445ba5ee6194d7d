import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { parseEnv } from 'node:util'
import type { TestPath } from '../src/lib/admin/status-types'
import { StartupError } from './startup-error'

/** Everything the server reads from the environment, in one place. */
export interface ServerConfig {
  host: string
  port: number
  /** PostgreSQL connection string; when absent the embedded PGlite database is used. */
  databaseUrl: string | undefined
  /** PostgreSQL connections this process may hold at once (DATABASE_POOL_SIZE). */
  databasePoolSize: number
  /** PGlite data directory; `memory://` keeps the database in memory (tests). */
  dataDir: string
  /** The built Gatsby site served by this process. */
  publicDir: string
  /**
   * SITE_BUILD_DIR: where `npm start` builds and releases the site, in a copy of its sources,
   * instead of in the project (the journeys' server does, leaving the developer's build alone).
   */
  siteBuildDir: string | undefined
  adminToken: string | undefined
  logLevel: string
  /**
   * How log lines are written (LOG_FORMAT): `json`, one object a line, for a supervisor or a log
   * collector; `pretty`, coloured lines for a person at a terminal. Development at a terminal is
   * pretty unless LOG_FORMAT says otherwise; everything else is JSON.
   */
  logFormat: 'json' | 'pretty'
  /** The public address of the site, for links in e-mails and calendar files. */
  siteUrl: string
  /** Booking and manage-link requests one client may make per minute. */
  rateLimitPerMinute: number
  /** Admin API requests one API key may make per minute (API_KEY_RATE_LIMIT_PER_MINUTE). */
  apiKeyRateLimitPerMinute: number
  /** Pause between job-runner polls when nothing is due; 0 leaves running jobs to the caller. */
  jobsPollMs: number
  /** NODE_ENV=production: serve a prebuilt site, never build one, never load demo data. */
  production: boolean
  /** Load the demo clinic into an empty database (SEED_DEMO; on by default outside production). */
  seedDemo: boolean
  /**
   * Which proxies in front of this server to believe about the visitor's address (TRUST_PROXY):
   * `true` for any, a number of hops, or addresses and CIDR ranges. Without it, every visitor
   * behind a proxy is the proxy, and shares one rate-limit bucket.
   */
  trustProxy: boolean | number | string[]
  /** Origins of a site served elsewhere (a CDN) that may call the API from the browser. */
  corsOrigins: string[]
  /**
   * Origins whose pages may frame the widget (EMBED_ORIGINS), or `['*']` for any, which must be
   * asked for. Empty: the widget is framed by this site only, like every other page.
   */
  embedOrigins: string[]
  /**
   * Where e-mail goes (`smtp://user:pass@host:587`); unset keeps it in the local outbox, as
   * MAIL_TRANSPORT=outbox asks even when SMTP_URL is set. Production needs one or the other.
   */
  smtpUrl: string | undefined
  /** The sender of every e-mail. */
  mailFrom: string
  /**
   * Seals the manage tokens that e-mails link with; unset, the server makes a key and keeps it in
   * the database (then a copy of the database alone opens the links).
   */
  linkSecret: string | undefined
  /**
   * Private networks (CIDR) the server's own requests (webhooks, connected calendars) may still
   * reach; everything private, loopback and link-local is refused otherwise, so a URL cannot reach
   * inside the server's network. OUTBOUND_ALLOWED_NETWORKS, or WEBHOOK_ALLOWED_NETWORKS (its name
   * before calendars used it too) when that is unset.
   */
  outboundAllowedNetworks: string[]
  /** Who takes payments: the embedded test provider, or Stripe; production needs it said. */
  paymentProvider: 'local' | 'stripe'
  /** How long an unpaid booking keeps its seats (at least as long as the provider's session). */
  paymentHoldMinutes: number
  stripeSecretKey: string | undefined
  stripeWebhookSecret: string | undefined
  /**
   * TEST_CLOCK: the journeys move this server's clock forward (`POST /api/test/clock`) instead
   * of waiting for a hold or an expiry to come; refused in production.
   */
  testClock: boolean
  /**
   * How often each calendar connection is read (CALENDAR_SYNC_MINUTES, default 5). A booking reads
   * its staff members' calendars again anyway, so this bounds how stale the offered slots are.
   */
  calendarSyncMinutes: number
  /** METRICS_PUBLIC: /api/metrics answers anyone, not only the owner (a scraper on a private network). */
  metricsPublic: boolean
}

export const projectRoot = path.resolve(__dirname, '..')

/**
 * Reads the settings of a `.env` file in the project (ENV_FILE names another) into `env`, under
 * the environment's own: a variable set where the server starts wins over the file. Returns the
 * names the file sets that no setting has (a typo would otherwise be ignored in silence), for
 * the caller to warn about. No file, nothing read: the environment alone is fine.
 */
export function loadEnvFile(env: NodeJS.ProcessEnv = process.env): string[] {
  const file = env.ENV_FILE || path.join(projectRoot, '.env')
  let text: string
  try {
    text = fs.readFileSync(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' && !env.ENV_FILE) return []
    throw new StartupError(`ENV_FILE: cannot read ${file}: ${(error as Error).message}`)
  }
  const values = parseEnv(text)
  for (const [name, value] of Object.entries(values)) env[name] ??= value
  const known = settingNames()
  return known.size === 0 ? [] : Object.keys(values).filter((name) => !known.has(name))
}

/**
 * The settings of a process a person or a supervisor starts (the server and the scripts): the
 * environment, over a `.env` file's; a name in the file that is no setting is one warning line.
 */
export function readSettings(): ServerConfig {
  for (const name of loadEnvFile()) {
    console.warn(
      `${name} in the settings file is no setting of this server and is ignored (see .env.example)`,
    )
  }
  return readConfig()
}

/**
 * Every setting's name, as `.env.example` and the README's table list them (a test checks);
 * none where the project's files are not all there (a copy of the server alone).
 */
export function settingNames(): Set<string> {
  let text: string
  try {
    text = fs.readFileSync(path.join(projectRoot, '.env.example'), 'utf8')
  } catch {
    return new Set()
  }
  return new Set(
    text
      .split('\n')
      .map((line) => /^#?\s*([A-Z][A-Z0-9_]*)=/.exec(line)?.[1])
      .filter((name): name is string => name !== undefined),
  )
}

/** Shorter tokens can be guessed; 32 characters is what `openssl rand -hex 16` prints. */
export const MIN_ADMIN_TOKEN_LENGTH = 32

export function readConfig(
  env: NodeJS.ProcessEnv = process.env,
  { terminal = process.stdout.isTTY === true }: { terminal?: boolean } = {},
): ServerConfig {
  const port = Number(env.PORT ?? 8000)
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new StartupError(`PORT must be an integer between 0 and 65535, got "${env.PORT}"`)
  }
  const calendarSyncMinutes = Number(env.CALENDAR_SYNC_MINUTES || 5)
  if (!Number.isInteger(calendarSyncMinutes) || calendarSyncMinutes < 1) {
    throw new StartupError(
      `CALENDAR_SYNC_MINUTES must be a whole number of minutes, 1 or more, got "${env.CALENDAR_SYNC_MINUTES}"`,
    )
  }
  const jobsPollMs = Number(env.JOBS_POLL_MS || 1000)
  if (!Number.isInteger(jobsPollMs) || jobsPollMs < 0) {
    throw new StartupError(
      `JOBS_POLL_MS must be a whole number of milliseconds, got "${env.JOBS_POLL_MS}"`,
    )
  }
  const adminToken = env.ADMIN_TOKEN || undefined
  if (adminToken !== undefined && adminToken.length < MIN_ADMIN_TOKEN_LENGTH) {
    throw new StartupError(
      `ADMIN_TOKEN is ${adminToken.length} characters long, too short to be safe: use at least ` +
        `${MIN_ADMIN_TOKEN_LENGTH} (e.g. the output of \`openssl rand -hex 16\`), or unset it ` +
        'to switch the admin API off.',
    )
  }
  const production = env.NODE_ENV === 'production'
  if (production && !env.SITE_URL) {
    throw new StartupError(
      'SITE_URL is not set: in production it must be the address visitors reach the site at ' +
        '(e.g. https://clinic.example), for links in pages, the sitemap and e-mails.',
    )
  }
  if (env.SITE_URL && !isWebAddress(env.SITE_URL)) {
    throw new StartupError(
      `SITE_URL must be the site's address with http:// or https://, such as ` +
        `https://clinic.example; got "${env.SITE_URL}"`,
    )
  }
  const databaseUrl = env.DATABASE_URL || undefined
  if (databaseUrl !== undefined && !isPostgresUrl(databaseUrl)) {
    // Not echoed: the string may hold the database's password.
    throw new StartupError(
      'DATABASE_URL must be a PostgreSQL connection string such as ' +
        'postgres://user:password@host:5432/database (the value given is not shown, as it may ' +
        'hold a password), or unset it to use the embedded database.',
    )
  }
  const databasePoolSize = readCount(env, 'DATABASE_POOL_SIZE', 10, 'connections')
  const rateLimitPerMinute = readCount(env, 'RATE_LIMIT_PER_MINUTE', 30, 'requests')
  const apiKeyRateLimitPerMinute = readCount(env, 'API_KEY_RATE_LIMIT_PER_MINUTE', 120, 'requests')
  const linkSecret = env.LINK_SECRET || undefined
  if (linkSecret !== undefined && linkSecret.length < MIN_ADMIN_TOKEN_LENGTH) {
    throw new StartupError(
      `LINK_SECRET is ${linkSecret.length} characters long, too short to be safe: use at least ` +
        `${MIN_ADMIN_TOKEN_LENGTH} (e.g. the output of \`openssl rand -hex 16\`), or unset it.`,
    )
  }
  // Installs from before calendars keep their setting under its old name.
  const networksSetting =
    !env.OUTBOUND_ALLOWED_NETWORKS && env.WEBHOOK_ALLOWED_NETWORKS
      ? 'WEBHOOK_ALLOWED_NETWORKS'
      : 'OUTBOUND_ALLOWED_NETWORKS'
  const outboundAllowedNetworks = (env[networksSetting] ?? '')
    .split(',')
    .map((network) => network.trim())
    .filter(Boolean)
  for (const network of outboundAllowedNetworks) {
    if (!isCidr(network)) {
      throw new StartupError(
        `${networksSetting} must list networks such as 10.0.0.0/8 or ::1/128, got "${network}"`,
      )
    }
  }
  const siteUrl = (env.SITE_URL || `http://${env.HOST || '127.0.0.1'}:${port}`).replace(/\/$/, '')
  // Production takes no test path by default: the test provider must be asked for by name.
  if (production && !env.PAYMENT_PROVIDER && !env.STRIPE_SECRET_KEY) {
    throw new StartupError(
      'PAYMENT_PROVIDER is not set: in production set PAYMENT_PROVIDER=stripe (with ' +
        'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET) to take real payments, or ' +
        'PAYMENT_PROVIDER=local to take test payments that charge nobody on purpose.',
    )
  }
  const paymentProvider = env.PAYMENT_PROVIDER || (env.STRIPE_SECRET_KEY ? 'stripe' : 'local')
  if (paymentProvider !== 'local' && paymentProvider !== 'stripe') {
    throw new StartupError(
      `PAYMENT_PROVIDER must be "local" (the embedded test provider) or "stripe", got "${paymentProvider}"`,
    )
  }
  if (paymentProvider === 'stripe' && (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET)) {
    throw new StartupError(
      'PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY (sk_…) and STRIPE_WEBHOOK_SECRET (whsec_… ' +
        'of the webhook endpoint /api/payments/webhooks/stripe): set both, or unset ' +
        'PAYMENT_PROVIDER to use the embedded test provider.',
    )
  }
  const smtpUrl = readMailTransport(env, production) === 'smtp' ? env.SMTP_URL : undefined
  const paymentHoldMinutes = Number(env.PAYMENT_HOLD_MINUTES || 30)
  if (
    !Number.isFinite(paymentHoldMinutes) ||
    paymentHoldMinutes <= 0 ||
    paymentHoldMinutes > 1440
  ) {
    throw new StartupError(
      `PAYMENT_HOLD_MINUTES must be a number of minutes above 0 and at most 1440, got "${env.PAYMENT_HOLD_MINUTES}"`,
    )
  }
  const testClock = readSwitch(env, 'TEST_CLOCK', false)
  if (production && testClock) {
    throw new StartupError(
      "TEST_CLOCK is set: it lets anyone move this server's clock (POST /api/test/clock), " +
        'which production refuses; unset it.',
    )
  }
  return {
    host: env.HOST || '127.0.0.1',
    port,
    databaseUrl,
    databasePoolSize,
    dataDir: env.DATA_DIR || path.join(projectRoot, '.data'),
    publicDir: env.PUBLIC_DIR || path.join(projectRoot, 'public'),
    siteBuildDir: env.SITE_BUILD_DIR ? path.resolve(env.SITE_BUILD_DIR) : undefined,
    adminToken,
    logLevel: env.LOG_LEVEL || 'info',
    logFormat: readLogFormat(env.LOG_FORMAT, !production && terminal),
    siteUrl,
    rateLimitPerMinute,
    apiKeyRateLimitPerMinute,
    jobsPollMs,
    production,
    seedDemo: readSwitch(env, 'SEED_DEMO', !production),
    trustProxy: readTrustProxy(env.TRUST_PROXY),
    corsOrigins: readOrigins(env.CORS_ORIGINS, 'CORS_ORIGINS'),
    embedOrigins: readEmbedOrigins(env.EMBED_ORIGINS),
    smtpUrl,
    mailFrom: env.MAIL_FROM || defaultSender(siteUrl),
    linkSecret,
    outboundAllowedNetworks,
    paymentProvider,
    paymentHoldMinutes,
    stripeSecretKey: env.STRIPE_SECRET_KEY || undefined,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
    testClock,
    calendarSyncMinutes,
    metricsPublic: readSwitch(env, 'METRICS_PUBLIC', false),
  }
}

/**
 * The test paths this server takes: the embedded payment provider, the local mail outbox, the
 * demo clinic loaded into an empty database. The dashboard shows them and production names them
 * at every start, so nobody mistakes test payments or unsent e-mails for real ones.
 */
export function activeTestPaths(
  config: Pick<ServerConfig, 'paymentProvider' | 'smtpUrl' | 'seedDemo'>,
): TestPath[] {
  return [
    ...(config.paymentProvider === 'local' ? (['payments'] as const) : []),
    ...(config.smtpUrl === undefined ? (['mail'] as const) : []),
    ...(config.seedDemo ? (['demo'] as const) : []),
  ]
}

const testPathWarning: Record<TestPath, string> = {
  payments:
    'PAYMENT_PROVIDER=local: payments go to the embedded test provider, which confirms ' +
    'bookings as paid with the test card 4242 4242 4242 4242 and charges nobody.',
  mail: "MAIL_TRANSPORT=outbox: no e-mail leaves this server; they wait in the dashboard's Outbox.",
  demo: 'SEED_DEMO=true: the demo clinic is loaded into an empty database.',
}

/** One line for each test path, as production logs them at start. */
export function testPathWarnings(paths: TestPath[]): string[] {
  return paths.map((each) => testPathWarning[each])
}

/**
 * SMTP_URL, or the local outbox: the default outside production (the demo needs no mail server),
 * and in production only when MAIL_TRANSPORT=outbox says so.
 */
function readMailTransport(env: NodeJS.ProcessEnv, production: boolean): 'smtp' | 'outbox' {
  const chosen = env.MAIL_TRANSPORT?.trim()
  if (chosen && chosen !== 'smtp' && chosen !== 'outbox') {
    throw new StartupError(
      `MAIL_TRANSPORT must be "smtp" (through SMTP_URL) or "outbox" (kept in the dashboard's ` +
        `Outbox), got "${env.MAIL_TRANSPORT}"`,
    )
  }
  if (chosen === 'outbox') return 'outbox'
  if (env.SMTP_URL) return 'smtp'
  if (chosen === 'smtp') {
    throw new StartupError(
      'MAIL_TRANSPORT=smtp needs SMTP_URL (e.g. smtps://user:pass@smtp.example.com:465): set ' +
        "it, or MAIL_TRANSPORT=outbox to keep e-mails in the dashboard's Outbox.",
    )
  }
  if (production) {
    throw new StartupError(
      'SMTP_URL is not set: in production set it to the mail server (e.g. ' +
        'smtps://user:pass@smtp.example.com:465) so e-mails leave, or MAIL_TRANSPORT=outbox to ' +
        "keep them in the dashboard's Outbox on purpose.",
    )
  }
  return 'outbox'
}

/** A whole number above 0, or `fallback` when unset (a typo must not quietly become the default). */
function readCount(env: NodeJS.ProcessEnv, name: string, fallback: number, unit: string): number {
  const text = env[name]?.trim()
  if (!text) return fallback
  const value = Number(text)
  if (!/^\d+$/.test(text) || value <= 0) {
    throw new StartupError(`${name} must be a whole number of ${unit} above 0, got "${env[name]}"`)
  }
  return value
}

function isWebAddress(text: string): boolean {
  if (!URL.canParse(text)) return false
  const { protocol, hostname } = new URL(text)
  return (protocol === 'http:' || protocol === 'https:') && hostname !== ''
}

/** What node-postgres reads: postgres:// or postgresql://, host optional (a socket in ?host=). */
function isPostgresUrl(text: string): boolean {
  return URL.canParse(text) && ['postgres:', 'postgresql:'].includes(new URL(text).protocol)
}

function readLogFormat(value: string | undefined, pretty: boolean): 'json' | 'pretty' {
  const format = value?.trim().toLowerCase()
  if (!format) return pretty ? 'pretty' : 'json'
  if (format === 'json' || format === 'pretty') return format
  throw new StartupError(`LOG_FORMAT must be json or pretty, got "${value}"`)
}

function readSwitch(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const value = env[name]?.trim().toLowerCase()
  if (!value) return fallback
  if (['1', 'true', 'yes', 'on'].includes(value)) return true
  if (['0', 'false', 'no', 'off'].includes(value)) return false
  throw new StartupError(`${name} must be true or false, got "${env[name]}"`)
}

function readTrustProxy(value: string | undefined): boolean | number | string[] {
  const text = value?.trim()
  if (!text || text === 'false') return false
  if (text === 'true') return true
  if (/^\d+$/.test(text)) return Number(text)
  const addresses = text.split(',').map((address) => address.trim())
  const invalid = addresses.find((address) => !/^[\d.:a-fA-F]+(\/\d{1,3})?$/.test(address))
  if (invalid !== undefined) {
    throw new StartupError(
      `TRUST_PROXY must be true, a number of proxy hops, or addresses and CIDR ranges separated ` +
        `by commas (e.g. 10.0.0.0/8,127.0.0.1); "${invalid}" is none of these`,
    )
  }
  return addresses
}

/** `*` alone lets any site frame the widget; otherwise a list of origins like CORS_ORIGINS. */
function readEmbedOrigins(value: string | undefined): string[] {
  if (value?.trim() === '*') return ['*']
  if (value?.split(',').some((origin) => origin.trim() === '*')) {
    throw new StartupError(
      `EMBED_ORIGINS must be either * alone (any site may embed the widget) or a list of origins; ` +
        `got "${value}"`,
    )
  }
  return readOrigins(value, 'EMBED_ORIGINS')
}

function readOrigins(value: string | undefined, name: string): string[] {
  const origins = (value ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean)
  for (const origin of origins) {
    let parsed: URL | undefined
    try {
      parsed = new URL(origin)
    } catch {
      parsed = undefined
    }
    if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.origin !== origin) {
      throw new StartupError(
        `${name} must list origins such as https://clinic.example, separated by commas, ` +
          `without paths or a trailing slash; "${origin}" is not one`,
      )
    }
  }
  return origins
}

/** bookings@ the site's domain; an address or a bad URL has none, so localhost stands in. */
function defaultSender(siteUrl: string): string {
  const hostname = URL.canParse(siteUrl) ? new URL(siteUrl).hostname : ''
  const domain = hostname.includes('.') && net.isIP(hostname) === 0 ? hostname : 'localhost'
  return `bookings@${domain}`
}

function isCidr(text: string): boolean {
  const [address = '', bits, ...rest] = text.split('/')
  const family = net.isIP(address)
  const prefix = Number(bits)
  return (
    family !== 0 &&
    rest.length === 0 &&
    Number.isInteger(prefix) &&
    prefix >= 0 &&
    prefix <= (family === 4 ? 32 : 128)
  )
}
