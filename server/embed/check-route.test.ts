import { ADMIN_TOKEN, buildFixture, type Fixture } from '../booking/test-fixtures'
import type { EmbedCheck } from './check-route'

const SITE = 'https://booking.example'
const ENV = 'https://network.example'
const CLINIC = 'https://clinic.example'
const CONSULT = 'appointment/clinic/consult'

let fixture: Fixture
afterEach(() => fixture.app.close())

async function start(config: Parameters<typeof buildFixture>[0] = {}) {
  fixture = await buildFixture({
    ...config,
    config: { siteUrl: SITE, embedOrigins: [ENV], ...config.config },
  })
}

const setOrigins = async (embedOrigins: string[]) => {
  const response = await fixture.app.inject({
    method: 'PATCH',
    url: '/api/admin/providers/1',
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    payload: { embedOrigins },
  })
  expect(response.statusCode).toBe(200)
}

const check = (query: Record<string, string>, origin?: string) =>
  fixture.app.inject({
    method: 'GET',
    url: `/api/embed/check?${new URLSearchParams(query)}`,
    headers: origin ? { origin } : {},
  })

/** Whether a page of `origin` may frame the widget at `path`, as the answer says. */
const allowed = async (path: string, origin?: string) => {
  const response = await check({ path, locale: 'en' }, origin)
  expect([path, origin, response.statusCode]).toEqual([path, origin, 200])
  return (response.json() as EmbedCheck).allowed
}

describe('GET /api/embed/check', () => {
  it("allows the sites in EMBED_ORIGINS, with the widget's address and a localized link", async () => {
    await start()
    const response = await check({ path: CONSULT, locale: 'de' }, ENV)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      allowed: true,
      url: `${SITE}/de/widget/${CONSULT}`,
      label: 'Buchungsseite in einem neuen Tab öffnen',
    })
    expect(response.headers).toMatchObject({ 'cache-control': 'no-cache' })
    expect(response.headers.vary).toContain('Origin')
  })

  it('refuses any other site, saying where the widget opens instead', async () => {
    await start()
    const response = await check({ path: CONSULT, locale: 'pt-br' }, 'https://evil.example')
    expect(response.json()).toEqual({
      allowed: false,
      url: `${SITE}/pt-br/widget/${CONSULT}`,
      label: 'Abrir a página de agendamento em uma nova aba',
    })
    // The locale defaults to en, as embed.js's does.
    expect((await check({ path: CONSULT }, 'https://evil.example')).json()).toMatchObject({
      url: `${SITE}/en/widget/${CONSULT}`,
      label: 'Open the booking page in a new tab',
    })
  })

  it("follows the provider's own list, for its routes only, as soon as it changes", async () => {
    await start()
    expect(await allowed(CONSULT, CLINIC)).toBe(false)
    await setOrigins([CLINIC])
    for (const path of [
      CONSULT,
      'appointment/clinic',
      `appointment/service/${fixture.services.consult}`,
      '/appointment/service/yoga/cancel',
    ]) {
      expect([path, await allowed(path, CLINIC)]).toEqual([path, true])
    }
    // Routes naming no provider, or an unknown one, keep EMBED_ORIGINS alone.
    for (const path of ['form/intake', 'booking/1', 'appointment/nobody/consult']) {
      expect([path, await allowed(path, CLINIC)]).toEqual([path, false])
      expect([path, await allowed(path, ENV)]).toEqual([path, true])
    }
    await setOrigins(['*'])
    expect(await allowed(CONSULT, 'https://anyone.example')).toBe(true)
    expect(await allowed('form/intake', 'https://anyone.example')).toBe(false)
  })

  it("allows a request without Origin, as a browser sends it from the widget's own site", async () => {
    await start({ config: { embedOrigins: [] } })
    expect(await allowed(CONSULT)).toBe(true)
    expect(await allowed(CONSULT, SITE)).toBe(true)
    expect(await allowed(CONSULT, ENV)).toBe(false)
  })

  it('answers a path that is no widget route, or an unknown locale, with a 400', async () => {
    await start()
    const queries: Record<string, string>[] = [
      {},
      { path: '' },
      { path: 'nowhere/at-all' },
      { path: 'appointment/clinic/consult/extra' },
      { path: 'appointment/clinic/c%20x' },
      { path: 'x'.repeat(1001) },
      { path: CONSULT, locale: 'xx' },
    ]
    for (const query of queries) {
      const response = await check(query, ENV)
      expect([query, response.statusCode]).toEqual([query, 400])
      expect(response.json()).toMatchObject({
        statusCode: 400,
        statusMessage: expect.any(String),
        message: expect.any(String),
      })
      // Readable by the page that asked, as the answers are.
      expect(response.headers['access-control-allow-origin']).toBe('*')
    }
    const unknownRoute = await check({ path: 'nowhere/at-all' })
    expect(unknownRoute.json()).toMatchObject({
      message: '"path" must be a widget route, such as appointment/clinic/consult',
    })
  })

  it('lets any site read the answer, without credentials, while CORS_ORIGINS keeps the rest', async () => {
    await start({ config: { corsOrigins: [CLINIC] } })
    for (const origin of [CLINIC, 'https://evil.example']) {
      const response = await check({ path: CONSULT }, origin)
      expect([origin, response.headers['access-control-allow-origin']]).toEqual([origin, '*'])
      expect(response.headers['access-control-allow-credentials']).toBeUndefined()
    }
    const other = await fixture.app.inject({
      method: 'GET',
      url: '/api/time-zones',
      headers: { origin: 'https://evil.example' },
    })
    expect(other.headers['access-control-allow-origin']).toBeUndefined()
    const listed = await fixture.app.inject({
      method: 'GET',
      url: '/api/time-zones',
      headers: { origin: CLINIC },
    })
    expect(listed.headers).toMatchObject({
      'access-control-allow-origin': CLINIC,
      'access-control-allow-credentials': 'true',
    })
  })

  it('limits how often one client may ask', async () => {
    await start({ rateLimitPerMinute: 2 })
    expect((await check({ path: CONSULT }, ENV)).statusCode).toBe(200)
    expect((await check({ path: CONSULT }, ENV)).statusCode).toBe(200)
    const limited = await check({ path: CONSULT }, ENV)
    expect(limited.json()).toMatchObject({
      statusCode: 429,
      message: 'Too many embed check requests. Please try again in 60 seconds.',
    })
    expect(limited.headers['access-control-allow-origin']).toBe('*')
  })
})
