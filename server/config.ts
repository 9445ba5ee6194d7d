import net from 'node:net'
import path from 'node:path'
import { StartupError } from './startup-error'

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
  /** Where e-mail goes (`smtp://user:pass@host:587`); unset keeps it in the local outbox. */
  smtpUrl: string | undefined
  /** The sender of every e-mail. */
  mailFrom: string
  /**
   * Seals the manage tokens that e-mails link with; unset, the server makes a key and keeps it in
   * the database (then a copy of the database alone opens the links).
   */
  linkSecret: string | undefined
  /**
   * Private networks (CIDR) webhooks may still be delivered to; everything private, loopback and
   * link-local is refused otherwise, so an endpoint cannot reach inside the server's network.
   */
  webhookAllowedNetworks: string[]
  /** Who takes payments: the embedded test provider, or Stripe. */
  paymentProvider: 'local' | 'stripe'
  /** How long an unpaid booking keeps its seats (at least as long as the provider's session). */
  paymentHoldMinutes: number
  stripeSecretKey: string | undefined
  stripeWebhookSecret: string | undefined
}

export const projectRoot = path.resolve(__dirname, '..')

/** Shorter tokens can be guessed; 32 characters is what `openssl rand -hex 16` prints. */
export const MIN_ADMIN_TOKEN_LENGTH = 32

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 8000)
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new StartupError(`PORT must be an integer between 0 and 65535, got "${env.PORT}"`)
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
  const linkSecret = env.LINK_SECRET || undefined
  if (linkSecret !== undefined && linkSecret.length < MIN_ADMIN_TOKEN_LENGTH) {
    throw new StartupError(
      `LINK_SECRET is ${linkSecret.length} characters long, too short to be safe: use at least ` +
        `${MIN_ADMIN_TOKEN_LENGTH} (e.g. the output of \`openssl rand -hex 16\`), or unset it.`,
    )
  }
  const webhookAllowedNetworks = (env.WEBHOOK_ALLOWED_NETWORKS ?? '')
    .split(',')
    .map((network) => network.trim())
    .filter(Boolean)
  for (const network of webhookAllowedNetworks) {
    if (!isCidr(network)) {
      throw new StartupError(
        `WEBHOOK_ALLOWED_NETWORKS must list networks such as 10.0.0.0/8 or ::1/128, got "${network}"`,
      )
    }
  }
  const siteUrl = (env.SITE_URL || `http://${env.HOST || '127.0.0.1'}:${port}`).replace(/\/$/, '')
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
  return {
    host: env.HOST || '127.0.0.1',
    port,
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR || path.join(projectRoot, '.data'),
    publicDir: env.PUBLIC_DIR || path.join(projectRoot, 'public'),
    adminToken,
    logLevel: env.LOG_LEVEL || 'info',
    siteUrl,
    rateLimitPerMinute: Number(env.RATE_LIMIT_PER_MINUTE) || 30,
    jobsPollMs,
    production,
    seedDemo: readSwitch(env, 'SEED_DEMO', !production),
    trustProxy: readTrustProxy(env.TRUST_PROXY),
    corsOrigins: readOrigins(env.CORS_ORIGINS, 'CORS_ORIGINS'),
    embedOrigins: readEmbedOrigins(env.EMBED_ORIGINS),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || defaultSender(siteUrl),
    linkSecret,
    webhookAllowedNetworks,
    paymentProvider,
    paymentHoldMinutes,
    stripeSecretKey: env.STRIPE_SECRET_KEY || undefined,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
  }
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
