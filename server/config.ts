import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { parseEnv } from 'node:util'
import Joi from 'joi'
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

/** A switch's words: what `true` and `false` may be written as. */
const on = Joi.boolean().truthy('1', 'yes', 'on').falsy('0', 'no', 'off').empty('')
const text = Joi.string().trim().empty('')
/** A whole number above 0, as digits (a typo must not quietly become the default). */
const count = (fallback: number) =>
  text
    .pattern(/^\d+$/)
    .custom((value: string, helpers) =>
      Number(value) > 0 ? Number(value) : helpers.error('any.invalid'),
    )
    .default(fallback)
/** A secret: long enough that it cannot be guessed. */
const secret = Joi.string().empty('').min(MIN_ADMIN_TOKEN_LENGTH)
/** A setting read by one of the readers below, which refuses it with its own line. */
const readBy = (read: (value: string) => unknown) =>
  Joi.string()
    .empty('')
    .custom((value: string) => read(value))

/**
 * Every setting the server reads, its rule and its default, in the order they are checked: the
 * one schema of the environment. A setting refused here is refused with its line in REFUSALS (or
 * its reader's own); the rules between settings follow in `betweenSettings`.
 */
const SETTINGS_SCHEMA = Joi.object({
  PORT: Joi.number().integer().min(0).max(65535).empty('').default(8000),
  CALENDAR_SYNC_MINUTES: Joi.number().integer().min(1).empty('').default(5),
  JOBS_POLL_MS: Joi.number().integer().min(0).empty('').default(1000),
  ADMIN_TOKEN: secret,
  SITE_URL: Joi.string()
    .empty('')
    .custom((value: string, helpers) =>
      isWebAddress(value) ? value : helpers.error('any.invalid'),
    ),
  DATABASE_URL: Joi.string()
    .empty('')
    .custom((value: string, helpers) =>
      isPostgresUrl(value) ? value : helpers.error('any.invalid'),
    ),
  DATABASE_POOL_SIZE: count(10),
  RATE_LIMIT_PER_MINUTE: count(30),
  API_KEY_RATE_LIMIT_PER_MINUTE: count(120),
  LINK_SECRET: secret,
  OUTBOUND_ALLOWED_NETWORKS: readBy((value) => readNetworks(value, 'OUTBOUND_ALLOWED_NETWORKS')),
  WEBHOOK_ALLOWED_NETWORKS: readBy((value) => readNetworks(value, 'WEBHOOK_ALLOWED_NETWORKS')),
  PAYMENT_PROVIDER: Joi.string().empty(''),
  MAIL_TRANSPORT: text.valid('smtp', 'outbox'),
  PAYMENT_HOLD_MINUTES: Joi.number().greater(0).max(1440).empty('').default(30),
  TEST_CLOCK: on.default(false),
  SEED_DEMO: on,
  METRICS_PUBLIC: on.default(false),
  LOG_FORMAT: text.lowercase().valid('json', 'pretty'),
  TRUST_PROXY: readBy(readTrustProxy),
  CORS_ORIGINS: readBy((value) => readOrigins(value, 'CORS_ORIGINS')),
  EMBED_ORIGINS: readBy(readEmbedOrigins),
  NODE_ENV: Joi.string(),
  HOST: Joi.string().empty(''),
  DATA_DIR: Joi.string().empty(''),
  PUBLIC_DIR: Joi.string().empty(''),
  SITE_BUILD_DIR: Joi.string().empty(''),
  LOG_LEVEL: Joi.string().empty(''),
  SMTP_URL: Joi.string().empty(''),
  MAIL_FROM: Joi.string().empty(''),
  STRIPE_SECRET_KEY: Joi.string().empty(''),
  STRIPE_WEBHOOK_SECRET: Joi.string().empty(''),
})
  // Everything else in the environment is someone else's.
  .unknown(true)
  .prefs({ abortEarly: true, convert: true })

const countRefusal = (unit: string) => (name: string, value: string | undefined) =>
  `${name} must be a whole number of ${unit} above 0, got "${value}"`
const secretRefusal = (name: string, value: string | undefined) =>
  `${name} is ${value?.length} characters long, too short to be safe: use at least ` +
  `${MIN_ADMIN_TOKEN_LENGTH} (e.g. the output of \`openssl rand -hex 16\`), or unset it` +
  (name === 'ADMIN_TOKEN' ? ' to switch the admin API off.' : '.')
const switchRefusal = (name: string, value: string | undefined) =>
  `${name} must be true or false, got "${value}"`

/** The names of the settings the server reads (the schema's keys). */
export function serverSettingNames(): string[] {
  return Object.keys(SETTINGS_SCHEMA.describe().keys as object)
}

/** The one line that refuses each setting the schema does not take, given what was set. */
const REFUSALS: Record<string, (name: string, value: string | undefined) => string> = {
  PORT: (_, value) => `PORT must be an integer between 0 and 65535, got "${value}"`,
  CALENDAR_SYNC_MINUTES: (_, value) =>
    `CALENDAR_SYNC_MINUTES must be a whole number of minutes, 1 or more, got "${value}"`,
  JOBS_POLL_MS: (_, value) => `JOBS_POLL_MS must be a whole number of milliseconds, got "${value}"`,
  ADMIN_TOKEN: secretRefusal,
  LINK_SECRET: secretRefusal,
  SITE_URL: (_, value) =>
    `SITE_URL must be the site's address with http:// or https://, such as ` +
    `https://clinic.example; got "${value}"`,
  // Not echoed: the string may hold the database's password.
  DATABASE_URL: () =>
    'DATABASE_URL must be a PostgreSQL connection string such as ' +
    'postgres://user:password@host:5432/database (the value given is not shown, as it may ' +
    'hold a password), or unset it to use the embedded database.',
  DATABASE_POOL_SIZE: countRefusal('connections'),
  RATE_LIMIT_PER_MINUTE: countRefusal('requests'),
  API_KEY_RATE_LIMIT_PER_MINUTE: countRefusal('requests'),
  MAIL_TRANSPORT: (_, value) =>
    `MAIL_TRANSPORT must be "smtp" (through SMTP_URL) or "outbox" (kept in the dashboard's ` +
    `Outbox), got "${value}"`,
  PAYMENT_HOLD_MINUTES: (_, value) =>
    `PAYMENT_HOLD_MINUTES must be a number of minutes above 0 and at most 1440, got "${value}"`,
  TEST_CLOCK: switchRefusal,
  SEED_DEMO: switchRefusal,
  METRICS_PUBLIC: switchRefusal,
  LOG_FORMAT: (_, value) => `LOG_FORMAT must be json or pretty, got "${value}"`,
}

/** The settings as the schema has read them. */
interface Settings {
  PORT: number
  CALENDAR_SYNC_MINUTES: number
  JOBS_POLL_MS: number
  ADMIN_TOKEN?: string
  SITE_URL?: string
  DATABASE_URL?: string
  DATABASE_POOL_SIZE: number
  RATE_LIMIT_PER_MINUTE: number
  API_KEY_RATE_LIMIT_PER_MINUTE: number
  LINK_SECRET?: string
  OUTBOUND_ALLOWED_NETWORKS?: string[]
  WEBHOOK_ALLOWED_NETWORKS?: string[]
  PAYMENT_PROVIDER?: string
  MAIL_TRANSPORT?: 'smtp' | 'outbox'
  PAYMENT_HOLD_MINUTES: number
  TEST_CLOCK: boolean
  SEED_DEMO?: boolean
  METRICS_PUBLIC: boolean
  LOG_FORMAT?: 'json' | 'pretty'
  TRUST_PROXY?: boolean | number | string[]
  CORS_ORIGINS?: string[]
  EMBED_ORIGINS?: string[]
  NODE_ENV?: string
  HOST?: string
  DATA_DIR?: string
  PUBLIC_DIR?: string
  SITE_BUILD_DIR?: string
  LOG_LEVEL?: string
  SMTP_URL?: string
  MAIL_FROM?: string
  STRIPE_SECRET_KEY?: string
  STRIPE_WEBHOOK_SECRET?: string
}

/** The environment through the schema; the first setting it refuses stops the start in one line. */
function readSettingsOf(env: NodeJS.ProcessEnv): Settings {
  const { value, error } = SETTINGS_SCHEMA.validate(env)
  if (!error) return value as Settings
  const [detail] = error.details
  // A reader's own refusal (a list with one bad entry names that entry).
  const thrown = (detail?.context as { error?: unknown } | undefined)?.error
  if (thrown instanceof StartupError) throw thrown
  const name = String(detail?.path[0])
  const refusal = REFUSALS[name]
  throw new StartupError(refusal ? refusal(name, env[name]) : `${name}: ${error.message}`)
}

/**
 * The rules between settings: what production needs said (SITE_URL, a payment provider, where
 * e-mail goes) and refuses (TEST_CLOCK), and Stripe's pair of secrets.
 */
function betweenSettings(settings: Settings, production: boolean) {
  if (production && !settings.SITE_URL) {
    throw new StartupError(
      'SITE_URL is not set: in production it must be the address visitors reach the site at ' +
        '(e.g. https://clinic.example), for links in pages, the sitemap and e-mails.',
    )
  }
  // Production takes no test path by default: the test provider must be asked for by name.
  if (production && !settings.PAYMENT_PROVIDER && !settings.STRIPE_SECRET_KEY) {
    throw new StartupError(
      'PAYMENT_PROVIDER is not set: in production set PAYMENT_PROVIDER=stripe (with ' +
        'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET) to take real payments, or ' +
        'PAYMENT_PROVIDER=local to take test payments that charge nobody on purpose.',
    )
  }
  const paymentProvider =
    settings.PAYMENT_PROVIDER || (settings.STRIPE_SECRET_KEY ? 'stripe' : 'local')
  if (paymentProvider !== 'local' && paymentProvider !== 'stripe') {
    throw new StartupError(
      `PAYMENT_PROVIDER must be "local" (the embedded test provider) or "stripe", got "${paymentProvider}"`,
    )
  }
  if (
    paymentProvider === 'stripe' &&
    (!settings.STRIPE_SECRET_KEY || !settings.STRIPE_WEBHOOK_SECRET)
  ) {
    throw new StartupError(
      'PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY (sk_…) and STRIPE_WEBHOOK_SECRET (whsec_… ' +
        'of the webhook endpoint /api/payments/webhooks/stripe): set both, or unset ' +
        'PAYMENT_PROVIDER to use the embedded test provider.',
    )
  }
  const mailTransport = readMailTransport(settings, production)
  if (production && settings.TEST_CLOCK) {
    throw new StartupError(
      "TEST_CLOCK is set: it lets anyone move this server's clock (POST /api/test/clock), " +
        'which production refuses; unset it.',
    )
  }
  return { paymentProvider, mailTransport } as const
}

export function readConfig(
  env: NodeJS.ProcessEnv = process.env,
  { terminal = process.stdout.isTTY === true }: { terminal?: boolean } = {},
): ServerConfig {
  const settings = readSettingsOf(env)
  const production = settings.NODE_ENV === 'production'
  const { paymentProvider, mailTransport } = betweenSettings(settings, production)
  const host = settings.HOST || '127.0.0.1'
  const siteUrl = (settings.SITE_URL || `http://${host}:${settings.PORT}`).replace(/\/$/, '')
  return {
    host,
    port: settings.PORT,
    databaseUrl: settings.DATABASE_URL,
    databasePoolSize: settings.DATABASE_POOL_SIZE,
    dataDir: settings.DATA_DIR || path.join(projectRoot, '.data'),
    publicDir: settings.PUBLIC_DIR || path.join(projectRoot, 'public'),
    siteBuildDir: settings.SITE_BUILD_DIR ? path.resolve(settings.SITE_BUILD_DIR) : undefined,
    adminToken: settings.ADMIN_TOKEN,
    logLevel: settings.LOG_LEVEL || 'info',
    logFormat: settings.LOG_FORMAT ?? (!production && terminal ? 'pretty' : 'json'),
    siteUrl,
    rateLimitPerMinute: settings.RATE_LIMIT_PER_MINUTE,
    apiKeyRateLimitPerMinute: settings.API_KEY_RATE_LIMIT_PER_MINUTE,
    jobsPollMs: settings.JOBS_POLL_MS,
    production,
    seedDemo: settings.SEED_DEMO ?? !production,
    trustProxy: settings.TRUST_PROXY ?? false,
    corsOrigins: settings.CORS_ORIGINS ?? [],
    embedOrigins: settings.EMBED_ORIGINS ?? [],
    smtpUrl: mailTransport === 'smtp' ? settings.SMTP_URL : undefined,
    mailFrom: settings.MAIL_FROM || defaultSender(siteUrl),
    linkSecret: settings.LINK_SECRET,
    // Installs from before calendars keep their setting under its old name.
    outboundAllowedNetworks:
      settings.OUTBOUND_ALLOWED_NETWORKS ?? settings.WEBHOOK_ALLOWED_NETWORKS ?? [],
    paymentProvider,
    paymentHoldMinutes: settings.PAYMENT_HOLD_MINUTES,
    stripeSecretKey: settings.STRIPE_SECRET_KEY,
    stripeWebhookSecret: settings.STRIPE_WEBHOOK_SECRET,
    testClock: settings.TEST_CLOCK,
    calendarSyncMinutes: settings.CALENDAR_SYNC_MINUTES,
    metricsPublic: settings.METRICS_PUBLIC,
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
function readMailTransport(settings: Settings, production: boolean): 'smtp' | 'outbox' {
  const chosen = settings.MAIL_TRANSPORT
  if (chosen === 'outbox') return 'outbox'
  if (settings.SMTP_URL) return 'smtp'
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

function isWebAddress(text: string): boolean {
  if (!URL.canParse(text)) return false
  const { protocol, hostname } = new URL(text)
  return (protocol === 'http:' || protocol === 'https:') && hostname !== ''
}

/** What node-postgres reads: postgres:// or postgresql://, host optional (a socket in ?host=). */
function isPostgresUrl(text: string): boolean {
  return URL.canParse(text) && ['postgres:', 'postgresql:'].includes(new URL(text).protocol)
}

function readTrustProxy(value: string): boolean | number | string[] {
  const text = value.trim()
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
function readEmbedOrigins(value: string): string[] {
  if (value.trim() === '*') return ['*']
  if (value.split(',').some((origin) => origin.trim() === '*')) {
    throw new StartupError(
      `EMBED_ORIGINS must be either * alone (any site may embed the widget) or a list of origins; ` +
        `got "${value}"`,
    )
  }
  return readOrigins(value, 'EMBED_ORIGINS')
}

function readOrigins(value: string, name: string): string[] {
  const origins = value
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

/** Networks as CIDRs, separated by commas. */
function readNetworks(value: string, name: string): string[] {
  const networks = value
    .split(',')
    .map((network) => network.trim())
    .filter(Boolean)
  const invalid = networks.find((network) => !isCidr(network))
  if (invalid !== undefined) {
    throw new StartupError(
      `${name} must list networks such as 10.0.0.0/8 or ::1/128, got "${invalid}"`,
    )
  }
  return networks
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
