import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { precompressDir } from '../scripts/precompress'
import {
  ADMIN_TOKEN,
  book,
  bookingRequest,
  buildFixture,
  type Fixture,
} from './booking/test-fixtures'
import { MATCH_PATHS_FILE } from './site/match-paths'
import { buildTestApp } from './test-app'

const sha256 = (text: string) =>
  `'sha256-${crypto.createHash('sha256').update(text).digest('base64')}'`

const CONSENT = "document.cookie.includes('consent')&&document.documentElement.classList.add('c')"
const pagePath = (at: string) => `/*<![CDATA[*/window.pagePath="${at}";/*]]>*/`

/** A page as Gatsby writes it: a head script, a data block, text, the page path, a bundle. */
const page = (at: string) =>
  `<!DOCTYPE html><html><head><script>${CONSENT}</script>` +
  `<script type="application/ld+json">{"@type":"Thing"}</script></head><body>` +
  `<p>${'Harbor Physio '.repeat(100)}</p>` +
  `<script id="gatsby-script-loader">${pagePath(at)}</script>` +
  `<script src="/app-0123456789abcdef0123.js" async></script></body></html>`

const BUNDLE = '/app-0123456789abcdef0123.js'

async function builtSite() {
  const publicDir = await fs.mkdtemp(path.join(os.tmpdir(), 'public-'))
  const write = async (file: string, body: string) => {
    await fs.mkdir(path.dirname(path.join(publicDir, file)), { recursive: true })
    await fs.writeFile(path.join(publicDir, file), body)
  }
  await write('index.html', page('/'))
  await write('en/about/index.html', page('/en/about/'))
  await write('en/404/index.html', page('/en/404/'))
  await write('en/widget/[...]/index.html', page('/en/widget/[...]/'))
  await write(
    MATCH_PATHS_FILE,
    JSON.stringify([{ matchPath: '/en/widget/*', path: '/en/widget/[...]/' }]),
  )
  await write(BUNDLE, 'window.app = 1')
  await precompressDir(publicDir)
  return publicDir
}

async function siteApp(embedOrigins: string[] = []) {
  const publicDir = await builtSite()
  const app = await buildTestApp({ publicDir, embedOrigins })
  app.addHook('onClose', () => fs.rm(publicDir, { recursive: true }))
  return app
}

const get = (app: FastifyInstance, url: string) => app.inject({ method: 'GET', url })

/** What every answer carries, whatever it is. */
function expectCommonHeaders(response: LightMyRequestResponse) {
  expect(response.headers).toMatchObject({
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
  })
  expect(response.headers['x-frame-options']).toBeUndefined()
  expect(response.headers['strict-transport-security']).toBeUndefined()
}

const NOT_A_PAGE = "default-src 'none';frame-ancestors 'none'"
const pagePolicy = (at: string, frameAncestors = ";frame-ancestors 'self'") =>
  `default-src 'self';script-src 'self' ${sha256(CONSENT)} ${sha256(pagePath(at))};` +
  "style-src 'self' 'unsafe-inline';img-src 'self' data: http: https:;object-src 'none';" +
  `base-uri 'self';form-action 'self'${frameAncestors}`

describe('security headers of the site', () => {
  it('let a page run its own inline scripts by hash, and be framed by this site only', async () => {
    const app = await siteApp()
    // The same policy for the file the build compressed as for the page itself.
    for (const encoding of ['br', 'identity']) {
      const response = await app.inject({
        method: 'GET',
        url: '/en/about/',
        headers: { 'accept-encoding': encoding },
      })
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-encoding']).toBe(encoding === 'br' ? 'br' : undefined)
      expect(response.headers['content-security-policy']).toBe(pagePolicy('/en/about/'))
      expectCommonHeaders(response)
    }
    await app.close()
  })

  it("let this site only frame the widget's pages by default", async () => {
    const app = await siteApp()
    const response = await get(app, '/en/widget/appointment/clinic/consult')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-security-policy']).toBe(pagePolicy('/en/widget/[...]/'))
    await app.close()
  })

  it("let the sites in EMBED_ORIGINS frame the widget's pages, and no other page", async () => {
    const app = await siteApp(['https://clinic.example', 'http://127.0.0.1:8081'])
    const widget = await get(app, '/en/widget/appointment/clinic/consult')
    expect(widget.statusCode).toBe(200)
    expect(widget.headers['content-security-policy']).toBe(
      pagePolicy(
        '/en/widget/[...]/',
        ";frame-ancestors 'self' https://clinic.example http://127.0.0.1:8081",
      ),
    )
    // A host page with its own Cross-Origin-Embedder-Policy may still frame the widget.
    expect(widget.headers['cross-origin-resource-policy']).toBe('cross-origin')
    const about = await get(app, '/en/about/')
    expect(about.headers['content-security-policy']).toBe(pagePolicy('/en/about/'))
    expectCommonHeaders(about)
    await app.close()
  })

  it('let any site frame the widget when EMBED_ORIGINS is *', async () => {
    const app = await siteApp(['*'])
    const response = await get(app, '/en/widget/appointment/clinic/consult')
    expect(response.headers['content-security-policy']).toBe(
      pagePolicy('/en/widget/[...]/', ';frame-ancestors *'),
    )
    await app.close()
  })

  it('hash the 404 page of a locale as the server rewrote it', async () => {
    const app = await siteApp()
    const response = await get(app, '/en/no/such/page/at/all/')
    expect(response.statusCode).toBe(404)
    expect(response.body).toContain(pagePath('/404.html'))
    expect(response.headers['content-security-policy']).toBe(pagePolicy('/404.html'))
    expectCommonHeaders(response)
    await app.close()
  })

  it('give a bundle, a redirect and an error the policy that allows nothing', async () => {
    const app = await siteApp()
    for (const [url, status] of [
      [BUNDLE, 200],
      ['/widget/appointment/clinic', 302],
      ['/favicon.ico', 404],
      // Fastify answers a URL it cannot decode before any hook runs.
      ['/%E0%A4%A', 400],
    ] as const) {
      const response = await get(app, url)
      expect(response.statusCode).toBe(status)
      expect(response.headers['content-security-policy']).toBe(NOT_A_PAGE)
      expectCommonHeaders(response)
    }
    await app.close()
  })
})

describe("a provider's embed origins", () => {
  const ENV = 'https://network.example'
  const CLINIC = 'https://clinic.example'
  const admin = (fixture: Fixture, method: 'POST' | 'PATCH', url: string, payload: object) =>
    fixture.app.inject({
      method,
      url: `/api/admin${url}`,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      payload,
    })
  const framers = async (fixture: Fixture, url: string) => {
    const response = await get(fixture.app, url)
    expect([url, response.statusCode]).toEqual([url, 200])
    return /frame-ancestors ([^;]*)/.exec(
      response.headers['content-security-policy'] as string,
    )?.[1]
  }

  const builtDirs: string[] = []
  afterAll(() => Promise.all(builtDirs.map((dir) => fs.rm(dir, { recursive: true }))))

  /** The test clinic (provider 1) with a second provider, on a built site, under EMBED_ORIGINS. */
  async function providers(embedOrigins = [ENV]) {
    const publicDir = await builtSite()
    const fixture = await buildFixture({ config: { publicDir, embedOrigins } })
    // The fixture's app has started: the site goes with the test's files rather than on close.
    builtDirs.push(publicDir)
    const other = await admin(fixture, 'POST', '/providers', {
      slug: 'other',
      name: 'Other Clinic',
      timeZone: 'Europe/Berlin',
      embedOrigins: ['https://other.example'],
    })
    expect(other.statusCode).toBe(201)
    return fixture
  }

  it('leave the widget to EMBED_ORIGINS while the provider lists none', async () => {
    const fixture = await providers()
    expect(await framers(fixture, '/en/widget/appointment/clinic/consult')).toBe(`'self' ${ENV}`)
    await fixture.app.close()
  })

  it("let a provider's origins frame its own widget routes, and no other page", async () => {
    const fixture = await providers()
    const patch = await admin(fixture, 'PATCH', '/providers/1', { embedOrigins: [CLINIC] })
    expect(patch.statusCode).toBe(200)
    const { slug } = (
      await admin(fixture, 'POST', '/one-time-links', { serviceId: fixture.services.consult })
    ).json<{ slug: string }>()
    // The change is seen at once: it bumps the availability revision the cache follows.
    for (const url of [
      '/en/widget/appointment/clinic/consult',
      '/en/widget/appointment/clinic',
      `/en/widget/appointment/service/${fixture.services.consult}`,
      '/en/widget/appointment/service/yoga/cancel',
      `/en/widget/otl/${slug}`,
    ]) {
      expect([url, await framers(fixture, url)]).toEqual([url, `'self' ${ENV} ${CLINIC}`])
    }
    // Another provider's routes, routes naming no provider, and unknown names: EMBED_ORIGINS.
    expect(await framers(fixture, '/en/widget/appointment/other/consult')).toBe(
      `'self' ${ENV} https://other.example`,
    )
    for (const url of [
      '/en/widget/form/intake',
      '/en/widget/booking/1',
      '/en/widget/appointment/nobody/consult',
      '/en/widget/otl/not-a-link',
      '/en/widget/service-menu/99999999999',
    ]) {
      expect([url, await framers(fixture, url)]).toEqual([url, `'self' ${ENV}`])
    }
    expect(await framers(fixture, '/en/about/')).toBe("'self'")
    await fixture.app.close()
  })

  it("let any site frame a provider's routes only when it lists * alone", async () => {
    const fixture = await providers([])
    expect(await framers(fixture, '/en/widget/appointment/clinic/consult')).toBe("'self'")
    expect(
      (await admin(fixture, 'PATCH', '/providers/1', { embedOrigins: ['*'] })).statusCode,
    ).toBe(200)
    expect(await framers(fixture, '/en/widget/appointment/clinic/consult')).toBe('*')
    expect(await framers(fixture, '/en/widget/appointment/other/consult')).toBe(
      "'self' https://other.example",
    )
    expect(await framers(fixture, '/en/about/')).toBe("'self'")
    // An empty list takes it back.
    expect((await admin(fixture, 'PATCH', '/providers/1', { embedOrigins: [] })).statusCode).toBe(
      200,
    )
    expect(await framers(fixture, '/en/widget/appointment/clinic/consult')).toBe("'self'")
    await fixture.app.close()
  })

  it('refuse anything but origins, or * alone, with a 400', async () => {
    const fixture = await providers()
    for (const embedOrigins of [
      ['https://clinic.example/'],
      ['https://clinic.example/book'],
      ['https://Clinic.example'],
      ['http://clinic.example'],
      ['ftp://clinic.example'],
      ['clinic.example'],
      ["'self'"],
      ['*', CLINIC],
      [CLINIC, CLINIC],
      'https://clinic.example',
    ]) {
      const response = await admin(fixture, 'PATCH', '/providers/1', { embedOrigins })
      expect([embedOrigins, response.statusCode]).toEqual([embedOrigins, 400])
    }
    const created = await admin(fixture, 'POST', '/providers', {
      slug: 'third',
      name: 'Third',
      timeZone: 'Europe/Berlin',
      embedOrigins: ['javascript:alert(1)'],
    })
    expect(created.statusCode).toBe(400)
    // Loopback may be plain http, for a developer's own host page.
    for (const origin of [
      'http://localhost:8000',
      'http://127.0.0.1:8081',
      'https://a.example:8443',
    ]) {
      const response = await admin(fixture, 'PATCH', '/providers/1', { embedOrigins: [origin] })
      expect([origin, response.statusCode]).toEqual([origin, 200])
    }
    expect(await framers(fixture, '/en/widget/appointment/clinic/consult')).toBe(
      `'self' ${ENV} https://a.example:8443`,
    )
    await fixture.app.close()
  })
})

describe('security headers of the API', () => {
  const request = ({ app }: Fixture, method: 'GET' | 'POST', url: string, headers = {}) =>
    app.inject({ method, url, headers, ...(method === 'POST' ? { payload: {} } : {}) })

  it('give JSON answers, errors included, the policy that allows nothing', async () => {
    const fixture = await buildFixture()
    for (const [method, url, status] of [
      ['GET', '/api/providers/clinic', 200],
      ['GET', '/api/providers/nope', 404],
      ['POST', '/api/bookings', 400],
      ['GET', '/api/nothing', 404],
    ] as const) {
      const response = await request(fixture, method, url)
      expect(response.statusCode).toBe(status)
      expect(response.headers['content-security-policy']).toBe(NOT_A_PAGE)
      expectCommonHeaders(response)
      expect(response.headers['cache-control']).toBeUndefined()
    }
    await fixture.app.close()
  })

  it('keep every manage-link and admin answer, errors included, out of every cache', async () => {
    const fixture = await buildFixture()
    const created = await book(
      fixture.app,
      bookingRequest({
        lines: [{ serviceId: fixture.services.consult, staffId: null, guestIndex: 0 }],
        start: '2030-03-05T09:00:00.000Z',
      }),
    )
    const { manageToken } = created.json()
    const manage = `/api/bookings/manage/${manageToken}`
    const admin = { authorization: `Bearer ${ADMIN_TOKEN}` }
    for (const [method, url, status, headers] of [
      ['GET', manage, 200, {}],
      ['GET', `${manage}/calendar.ics`, 200, {}],
      ['POST', `${manage}/reschedule`, 400, {}],
      ['GET', '/api/bookings/manage/not-a-token', 404, {}],
      ['POST', '/api/bookings/manage/not-a-token/cancel', 400, {}],
      ['GET', '/api/admin/bookings', 200, admin],
      ['GET', '/api/admin/bookings', 401, {}],
      ['POST', '/api/admin/content/preview-tokens', 201, admin],
      ['POST', '/api/admin/content/preview-tokens', 401, {}],
    ] as const) {
      const response = await request(fixture, method, url, headers)
      expect([url, response.statusCode]).toEqual([url, status])
      expect([url, response.headers['cache-control']]).toEqual([url, 'no-store'])
      expectCommonHeaders(response)
    }
    await fixture.app.close()
  })
})
