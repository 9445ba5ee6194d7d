import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {
  activeTestPaths,
  loadEnvFile,
  projectRoot,
  readConfig,
  serverSettingNames,
  settingNames,
  testPathWarnings,
} from './config'
import { StartupError } from './startup-error'

const refusal = (env: NodeJS.ProcessEnv) => {
  try {
    readConfig(env)
  } catch (error) {
    if (error instanceof StartupError) return error.message
    throw error
  }
  throw new Error('readConfig accepted it')
}

describe('production mode', () => {
  it('loads the demo outside production only, unless SEED_DEMO says otherwise', () => {
    expect(readConfig({}).seedDemo).toBe(true)
    expect(readConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false)
    const production = {
      NODE_ENV: 'production',
      SITE_URL: 'https://clinic.example',
      PAYMENT_PROVIDER: 'local',
      MAIL_TRANSPORT: 'outbox',
    }
    expect(readConfig(production)).toMatchObject({ production: true, seedDemo: false })
    expect(readConfig({ ...production, SEED_DEMO: '1' }).seedDemo).toBe(true)
    expect(refusal({ SEED_DEMO: 'maybe' })).toBe('SEED_DEMO must be true or false, got "maybe"')
  })

  it('lets tests move the clock only when TEST_CLOCK says so, and never in production', () => {
    expect(readConfig({}).testClock).toBe(false)
    expect(readConfig({ TEST_CLOCK: '1' }).testClock).toBe(true)
    const production = {
      NODE_ENV: 'production',
      SITE_URL: 'https://clinic.example',
      PAYMENT_PROVIDER: 'local',
      MAIL_TRANSPORT: 'outbox',
    }
    expect(readConfig({ ...production, TEST_CLOCK: 'false' }).testClock).toBe(false)
    expect(refusal({ ...production, TEST_CLOCK: 'true' })).toBe(
      "TEST_CLOCK is set: it lets anyone move this server's clock (POST /api/test/clock), " +
        'which production refuses; unset it.',
    )
  })

  it('asks for SITE_URL in production, where links must not name a local address', () => {
    expect(refusal({ NODE_ENV: 'production' })).toMatch(/^SITE_URL is not set: in production/)
    expect(readConfig({ PORT: '8124' }).siteUrl).toBe('http://127.0.0.1:8124')
  })
})

describe('TRUST_PROXY', () => {
  it('reads nothing, true, a number of hops, or addresses and CIDR ranges', () => {
    expect(readConfig({}).trustProxy).toBe(false)
    expect(readConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true)
    expect(readConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2)
    expect(readConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
    ])
  })

  it('refuses anything else in one line naming the forms it takes', () => {
    expect(refusal({ TRUST_PROXY: 'nginx' })).toBe(
      'TRUST_PROXY must be true, a number of proxy hops, or addresses and CIDR ranges ' +
        'separated by commas (e.g. 10.0.0.0/8,127.0.0.1); "nginx" is none of these',
    )
  })
})

describe('CORS_ORIGINS', () => {
  it('lists origins, and refuses a path, a trailing slash or another scheme', () => {
    expect(
      readConfig({ CORS_ORIGINS: 'https://clinic.example, http://localhost:3000' }),
    ).toMatchObject({
      corsOrigins: ['https://clinic.example', 'http://localhost:3000'],
    })
    for (const origin of [
      'https://clinic.example/',
      'https://clinic.example/site',
      'ftp://x.example',
      '*',
    ]) {
      expect(refusal({ CORS_ORIGINS: origin })).toContain(`"${origin}" is not one`)
    }
  })
})

describe('EMBED_ORIGINS', () => {
  it('lets this site only frame the widget by default, listed origins, or any when * alone', () => {
    expect(readConfig({}).embedOrigins).toEqual([])
    expect(
      readConfig({ EMBED_ORIGINS: 'https://clinic.example,http://127.0.0.1:8081' }).embedOrigins,
    ).toEqual(['https://clinic.example', 'http://127.0.0.1:8081'])
    expect(readConfig({ EMBED_ORIGINS: ' * ' }).embedOrigins).toEqual(['*'])
    expect(refusal({ EMBED_ORIGINS: 'https://clinic.example/' })).toBe(
      'EMBED_ORIGINS must list origins such as https://clinic.example, separated by commas, ' +
        'without paths or a trailing slash; "https://clinic.example/" is not one',
    )
    expect(refusal({ EMBED_ORIGINS: 'https://clinic.example,*' })).toContain(
      'EMBED_ORIGINS must be either * alone',
    )
  })
})

describe('the notification settings', () => {
  it('keep mail in the local outbox and send as bookings@ the site’s domain by default', () => {
    expect(readConfig({ SITE_URL: 'https://harbor-physio.example/' })).toMatchObject({
      smtpUrl: undefined,
      mailFrom: 'bookings@harbor-physio.example',
      linkSecret: undefined,
      outboundAllowedNetworks: [],
    })
    // An address has no domain to send from.
    expect(readConfig({}).mailFrom).toBe('bookings@localhost')
  })

  it('read the mail server, the sender, the link secret and the allowed networks', () => {
    const config = readConfig({
      SMTP_URL: 'smtp://mail.example:587',
      MAIL_FROM: 'Clinic <desk@clinic.example>',
      LINK_SECRET: 'x'.repeat(32),
      OUTBOUND_ALLOWED_NETWORKS: '10.0.0.0/8, ::1/128',
    })
    expect(config).toMatchObject({
      smtpUrl: 'smtp://mail.example:587',
      mailFrom: 'Clinic <desk@clinic.example>',
      linkSecret: 'x'.repeat(32),
      outboundAllowedNetworks: ['10.0.0.0/8', '::1/128'],
    })
  })

  it('still read the allowed networks under their old name, unless the new one is set', () => {
    const old = { WEBHOOK_ALLOWED_NETWORKS: '10.0.0.0/8' }
    expect(readConfig(old).outboundAllowedNetworks).toEqual(['10.0.0.0/8'])
    expect(
      readConfig({ ...old, OUTBOUND_ALLOWED_NETWORKS: '127.0.0.0/8' }).outboundAllowedNetworks,
    ).toEqual(['127.0.0.0/8'])
  })

  it('refuse a short link secret and a network that is not one, naming the setting', () => {
    expect(() => readConfig({ LINK_SECRET: 'short' })).toThrow(StartupError)
    expect(() => readConfig({ LINK_SECRET: 'short' })).toThrow(/^LINK_SECRET is 5 characters long/)
    for (const network of ['10.0.0.0', '10.0.0.0/33', 'intranet/8', '::1/129']) {
      expect(() => readConfig({ OUTBOUND_ALLOWED_NETWORKS: network })).toThrow(
        /^OUTBOUND_ALLOWED_NETWORKS must list networks/,
      )
    }
    expect(() => readConfig({ WEBHOOK_ALLOWED_NETWORKS: 'intranet/8' })).toThrow(
      /^WEBHOOK_ALLOWED_NETWORKS must list networks/,
    )
  })
})

describe('settings that cannot be read refuse the start in one line', () => {
  it('refuses a DATABASE_URL that is not a PostgreSQL address, without printing it', () => {
    for (const url of ['not a url', 'db.example:5432/clinic', 'mysql://db.example/clinic']) {
      const message = refusal({ DATABASE_URL: url })
      expect(message).toMatch(/^DATABASE_URL must be a PostgreSQL connection string such as /)
      expect(message).not.toContain(url)
    }
    expect(readConfig({ DATABASE_URL: 'postgresql://app:s3cret@db/clinic' }).databaseUrl).toBe(
      'postgresql://app:s3cret@db/clinic',
    )
    expect(readConfig({ DATABASE_URL: 'postgres:///clinic?host=/run/postgresql' })).toMatchObject({
      databaseUrl: 'postgres:///clinic?host=/run/postgresql',
    })
  })

  it('refuses a SITE_URL without http(s):// or a host', () => {
    for (const url of ['clinic.example', 'localhost:8000', 'ftp://clinic.example', 'https://']) {
      expect(refusal({ SITE_URL: url })).toBe(
        `SITE_URL must be the site's address with http:// or https://, such as ` +
          `https://clinic.example; got "${url}"`,
      )
    }
    expect(readConfig({ SITE_URL: 'http://localhost:8000/' }).siteUrl).toBe('http://localhost:8000')
  })

  it('refuses a RATE_LIMIT_PER_MINUTE that is not a whole number above 0', () => {
    for (const value of ['abc', '0', '-5', '2.5']) {
      expect(refusal({ RATE_LIMIT_PER_MINUTE: value })).toBe(
        `RATE_LIMIT_PER_MINUTE must be a whole number of requests above 0, got "${value}"`,
      )
    }
    expect(readConfig({}).rateLimitPerMinute).toBe(30)
    expect(readConfig({ RATE_LIMIT_PER_MINUTE: '120' }).rateLimitPerMinute).toBe(120)
  })

  it('reads API_KEY_RATE_LIMIT_PER_MINUTE, 120 by default, and refuses anything but a count', () => {
    expect(readConfig({}).apiKeyRateLimitPerMinute).toBe(120)
    expect(readConfig({ API_KEY_RATE_LIMIT_PER_MINUTE: '600' }).apiKeyRateLimitPerMinute).toBe(600)
    expect(refusal({ API_KEY_RATE_LIMIT_PER_MINUTE: '0' })).toBe(
      'API_KEY_RATE_LIMIT_PER_MINUTE must be a whole number of requests above 0, got "0"',
    )
  })

  it('reads DATABASE_POOL_SIZE, 10 connections by default, and refuses anything but a count', () => {
    expect(readConfig({}).databasePoolSize).toBe(10)
    expect(readConfig({ DATABASE_POOL_SIZE: '25' }).databasePoolSize).toBe(25)
    for (const value of ['0', 'ten', '-1', '1.5']) {
      expect(refusal({ DATABASE_POOL_SIZE: value })).toBe(
        `DATABASE_POOL_SIZE must be a whole number of connections above 0, got "${value}"`,
      )
    }
  })
})

describe('the test paths (payments, mail, demo data)', () => {
  const production = { NODE_ENV: 'production', SITE_URL: 'https://clinic.example' }
  const explicit = { ...production, PAYMENT_PROVIDER: 'local', MAIL_TRANSPORT: 'outbox' }

  it('are the silent defaults outside production, so the demo works with no setup', () => {
    const config = readConfig({})
    expect(config).toMatchObject({ paymentProvider: 'local', smtpUrl: undefined })
    expect(activeTestPaths(config)).toEqual(['payments', 'mail', 'demo'])
  })

  it('refuse a production start without a payment provider, naming PAYMENT_PROVIDER', () => {
    expect(refusal({ ...production, MAIL_TRANSPORT: 'outbox' })).toBe(
      'PAYMENT_PROVIDER is not set: in production set PAYMENT_PROVIDER=stripe (with ' +
        'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET) to take real payments, or ' +
        'PAYMENT_PROVIDER=local to take test payments that charge nobody on purpose.',
    )
    const stripe = { STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' }
    expect(readConfig({ ...production, ...stripe, MAIL_TRANSPORT: 'outbox' }).paymentProvider).toBe(
      'stripe',
    )
  })

  it('refuse a production start without a mail server, naming SMTP_URL and MAIL_TRANSPORT', () => {
    expect(refusal({ ...production, PAYMENT_PROVIDER: 'local' })).toBe(
      'SMTP_URL is not set: in production set it to the mail server (e.g. ' +
        'smtps://user:pass@smtp.example.com:465) so e-mails leave, or MAIL_TRANSPORT=outbox to ' +
        "keep them in the dashboard's Outbox on purpose.",
    )
    expect(
      readConfig({ ...production, PAYMENT_PROVIDER: 'local', SMTP_URL: 'smtp://mail.example' })
        .smtpUrl,
    ).toBe('smtp://mail.example')
  })

  it('are taken in production when chosen, and said there', () => {
    const config = readConfig({ ...explicit, SEED_DEMO: 'true' })
    expect(config).toMatchObject({ paymentProvider: 'local', smtpUrl: undefined })
    expect(activeTestPaths(config)).toEqual(['payments', 'mail', 'demo'])
    expect(testPathWarnings(activeTestPaths(config))).toEqual([
      'PAYMENT_PROVIDER=local: payments go to the embedded test provider, which confirms ' +
        'bookings as paid with the test card 4242 4242 4242 4242 and charges nobody.',
      "MAIL_TRANSPORT=outbox: no e-mail leaves this server; they wait in the dashboard's Outbox.",
      'SEED_DEMO=true: the demo clinic is loaded into an empty database.',
    ])
    expect(activeTestPaths(readConfig(explicit))).toEqual(['payments', 'mail'])
  })

  it('read MAIL_TRANSPORT: outbox keeps mail in the outbox even with SMTP_URL set', () => {
    const smtp = { SMTP_URL: 'smtp://mail.example:587' }
    expect(readConfig({ ...smtp, MAIL_TRANSPORT: 'outbox' }).smtpUrl).toBeUndefined()
    expect(readConfig({ ...smtp, MAIL_TRANSPORT: 'smtp' }).smtpUrl).toBe(smtp.SMTP_URL)
    expect(refusal({ MAIL_TRANSPORT: 'smtp' })).toBe(
      'MAIL_TRANSPORT=smtp needs SMTP_URL (e.g. smtps://user:pass@smtp.example.com:465): set ' +
        "it, or MAIL_TRANSPORT=outbox to keep e-mails in the dashboard's Outbox.",
    )
    expect(refusal({ MAIL_TRANSPORT: 'sendmail' })).toBe(
      'MAIL_TRANSPORT must be "smtp" (through SMTP_URL) or "outbox" (kept in the dashboard\'s ' +
        'Outbox), got "sendmail"',
    )
  })
})

describe('LOG_FORMAT', () => {
  it('is pretty for development at a terminal, JSON for a pipe, a supervisor or production', () => {
    expect(readConfig({}, { terminal: true }).logFormat).toBe('pretty')
    expect(readConfig({}, { terminal: false }).logFormat).toBe('json')
    expect(readConfig({ LOG_FORMAT: 'json' }, { terminal: true }).logFormat).toBe('json')
    const production = {
      NODE_ENV: 'production',
      SITE_URL: 'https://clinic.example',
      PAYMENT_PROVIDER: 'local',
      MAIL_TRANSPORT: 'outbox',
    }
    expect(readConfig(production, { terminal: true }).logFormat).toBe('json')
    expect(readConfig({ ...production, LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty')
    expect(refusal({ LOG_FORMAT: 'xml' })).toBe('LOG_FORMAT must be json or pretty, got "xml"')
  })
})

describe('the settings file', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'env-file-'))
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

  it('is read under the environment, and names what is no setting', () => {
    const file = path.join(dir, 'settings.env')
    fs.writeFileSync(file, 'PORT=9123\nSITE_URL=https://file.example\n# a comment\nPROT=1\n')
    const env: NodeJS.ProcessEnv = { ENV_FILE: file, SITE_URL: 'https://env.example' }
    expect(loadEnvFile(env)).toEqual(['PROT'])
    const config = readConfig(env)
    expect(config.port).toBe(9123)
    expect(config.siteUrl).toBe('https://env.example')
  })

  it('is optional, unless ENV_FILE names one that cannot be read', () => {
    expect(() => loadEnvFile({ ENV_FILE: path.join(dir, 'missing.env') })).toThrow(
      /^ENV_FILE: cannot read .*missing\.env/,
    )
  })

  it('.env.example and the README list the same settings, every one the server reads among them', () => {
    const readme = fs.readFileSync(path.join(projectRoot, 'README.md'), 'utf8')
    const table = readme.slice(
      readme.indexOf('## Configuration'),
      readme.indexOf('\n\n', readme.indexOf('| `HOST`')),
    )
    const documented = [...table.matchAll(/^\| `([A-Z][A-Z0-9_]*)`/gm)].map((match) => match[1])
    const names = settingNames()
    expect([...names].sort()).toEqual([...documented].sort())
    const read = serverSettingNames()
    expect(read.length).toBeGreaterThan(30)
    expect(read.filter((name) => !names.has(name))).toEqual([])
  })
})
