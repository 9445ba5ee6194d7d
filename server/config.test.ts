import { readConfig } from './config'
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
    const production = { NODE_ENV: 'production', SITE_URL: 'https://clinic.example' }
    expect(readConfig(production)).toMatchObject({ production: true, seedDemo: false })
    expect(readConfig({ ...production, SEED_DEMO: '1' }).seedDemo).toBe(true)
    expect(refusal({ SEED_DEMO: 'maybe' })).toBe('SEED_DEMO must be true or false, got "maybe"')
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
      webhookAllowedNetworks: [],
    })
    // An address has no domain to send from.
    expect(readConfig({}).mailFrom).toBe('bookings@localhost')
  })

  it('read the mail server, the sender, the link secret and the allowed networks', () => {
    const config = readConfig({
      SMTP_URL: 'smtp://mail.example:587',
      MAIL_FROM: 'Clinic <desk@clinic.example>',
      LINK_SECRET: 'x'.repeat(32),
      WEBHOOK_ALLOWED_NETWORKS: '10.0.0.0/8, ::1/128',
    })
    expect(config).toMatchObject({
      smtpUrl: 'smtp://mail.example:587',
      mailFrom: 'Clinic <desk@clinic.example>',
      linkSecret: 'x'.repeat(32),
      webhookAllowedNetworks: ['10.0.0.0/8', '::1/128'],
    })
  })

  it('refuse a short link secret and a network that is not one, naming the setting', () => {
    expect(() => readConfig({ LINK_SECRET: 'short' })).toThrow(StartupError)
    expect(() => readConfig({ LINK_SECRET: 'short' })).toThrow(/^LINK_SECRET is 5 characters long/)
    for (const network of ['10.0.0.0', '10.0.0.0/33', 'intranet/8', '::1/129']) {
      expect(() => readConfig({ WEBHOOK_ALLOWED_NETWORKS: network })).toThrow(
        /^WEBHOOK_ALLOWED_NETWORKS must list networks/,
      )
    }
  })
})
