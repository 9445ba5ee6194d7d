import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import type { FastifyInstance } from 'fastify'
import { precompressDir } from '../../scripts/precompress'
import { buildTestApp } from '../test-app'
import { ADMIN_TOKEN, auth, NOW, previewToken } from '../content/test-fixtures'
import { MATCH_PATHS_FILE } from './match-paths'
import { PAGE_ALIASES_FILE } from './page-aliases'

function decode(encoding: string | string[] | undefined, body: Buffer): string {
  if (encoding === 'br') return zlib.brotliDecompressSync(body).toString()
  if (encoding === 'gzip') return zlib.gunzipSync(body).toString()
  return body.toString()
}

/** A built site of two files: enough to tell a served page from the 404 page. */
async function builtSite() {
  const publicDir = await fs.mkdtemp(path.join(os.tmpdir(), 'public-'))
  await fs.writeFile(path.join(publicDir, 'index.html'), 'root')
  for (const folder of ['café', 'why?']) {
    await fs.mkdir(path.join(publicDir, 'en', folder), { recursive: true })
    await fs.writeFile(path.join(publicDir, 'en', folder, 'index.html'), folder)
  }
  await fs.mkdir(path.join(publicDir, 'en', '404'), { recursive: true })
  await fs.writeFile(path.join(publicDir, 'en', '404', 'index.html'), 'not found page')
  await fs.mkdir(path.join(publicDir, 'en', 'v2', 'preview', '[...]'), { recursive: true })
  await fs.writeFile(path.join(publicDir, 'en', 'v2', 'preview', '[...]', 'index.html'), 'preview')
  // The client-only pages: the widget and the dashboard, each a shell its script fills.
  for (const page of ['widget', 'admin']) {
    await fs.mkdir(path.join(publicDir, 'en', page, '[...]'), { recursive: true })
    await fs.writeFile(path.join(publicDir, 'en', page, '[...]', 'index.html'), page)
  }
  await fs.writeFile(
    path.join(publicDir, MATCH_PATHS_FILE),
    JSON.stringify([
      { matchPath: '/en/v2/preview/*', path: '/en/v2/preview/[...]/' },
      { matchPath: '/en/widget/*', path: '/en/widget/[...]/' },
      { matchPath: '/en/admin/*', path: '/en/admin/[...]/' },
    ]),
  )
  return publicDir
}

async function siteApp(rateLimitPerMinute = 10_000) {
  const publicDir = await builtSite()
  const app = await buildTestApp(
    { publicDir, adminToken: ADMIN_TOKEN, rateLimitPerMinute },
    { seedDemo: true, now: () => NOW },
  )
  app.addHook('onClose', () => fs.rm(publicDir, { recursive: true }))
  return app
}

describe('the site root', () => {
  it("redirects to the configured page in the visitor's language", async () => {
    const app = await siteApp()
    const redirect = (headers: Record<string, string>, url = '/') =>
      app.inject({ method: 'GET', url, headers }).then((r) => [r.statusCode, r.headers.location])
    expect(await redirect({ 'accept-language': 'de-AT,en;q=0.5' })).toEqual([302, '/de/home/'])
    expect(await redirect({ 'accept-language': 'pt-BR' })).toEqual([302, '/pt-br/home/'])
    expect(await redirect({ 'accept-language': 'ja' })).toEqual([302, '/en/home/'])
    expect(
      await redirect({ 'accept-language': 'de-DE', cookie: 'a=1; i18n_redirected=fr' }),
    ).toEqual([302, '/fr/home/'])
    expect(await redirect({}, '/nl/')).toEqual([302, '/nl/home/'])
    expect(await redirect({ 'accept-language': 'da' }, '/widget/otl?slug=x')).toEqual([
      302,
      '/da/widget/otl?slug=x',
    ])
    expect(await redirect({ cookie: 'i18n_redirected=it' }, '/journal/b/x/')).toEqual([
      302,
      '/it/journal/b/x/',
    ])
    await app.close()
  })

  it('leads only to the languages the site is offered in, the dashboard and widget to all', async () => {
    const app = await siteApp()
    const site = await app.inject({ method: 'GET', url: '/api/admin/content/site', headers: auth })
    const put = await app.inject({
      method: 'PUT',
      url: '/api/admin/content/site',
      headers: auth,
      payload: { ...site.json<object>(), defaultLocale: 'de', languages: ['de', 'fr'], logo: null },
    })
    expect(put.statusCode).toBe(200)
    const redirect = (headers: Record<string, string>, url = '/') =>
      app.inject({ method: 'GET', url, headers }).then((r) => [r.statusCode, r.headers.location])
    expect(await redirect({ 'accept-language': 'fr-CH,de;q=0.5' })).toEqual([302, '/fr/home/'])
    // Their first language is not offered: their next one that is, else the site's default.
    expect(await redirect({ 'accept-language': 'it,fr;q=0.5' })).toEqual([302, '/fr/home/'])
    expect(await redirect({ 'accept-language': 'en-US' })).toEqual([302, '/de/home/'])
    expect(await redirect({ cookie: 'i18n_redirected=it' })).toEqual([302, '/de/home/'])
    expect(await redirect({ 'accept-language': 'fr' }, '/en/')).toEqual([302, '/fr/home/'])
    expect(await redirect({}, '/fr/')).toEqual([302, '/fr/home/'])
    expect(await redirect({ 'accept-language': 'en' }, '/journal/')).toEqual([302, '/de/journal/'])
    expect(await redirect({ 'accept-language': 'en' }, '/admin/')).toEqual([302, '/en/admin/'])
    expect(await redirect({ 'accept-language': 'en' }, '/widget/otl?slug=x')).toEqual([
      302,
      '/en/widget/otl?slug=x',
    ])
    await app.close()
  })
})

describe("the spec's payment routes at the root", () => {
  it("lead to the widget's screens in the visitor's language, keeping the query", async () => {
    const app = await siteApp()
    const redirect = (url: string, headers: Record<string, string> = {}) =>
      app.inject({ method: 'GET', url, headers }).then((r) => [r.statusCode, r.headers.location])
    expect(await redirect('/verifyPayment?token=abc', { 'accept-language': 'de' })).toEqual([
      302,
      '/de/widget/verifyPayment?token=abc',
    ])
    expect(
      await redirect('/verify-payment-callback/?token=a&session_id=b', {
        cookie: 'i18n_redirected=fr',
      }),
    ).toEqual([302, '/fr/widget/verify-payment-callback/?token=a&session_id=b'])
    expect(await redirect('/en/verifyPayment?token=abc')).toEqual([
      302,
      '/en/widget/verifyPayment?token=abc',
    ])
    expect(await redirect('/de/verify-payment-callback?token=t&session_id=lcs_1')).toEqual([
      302,
      '/de/widget/verify-payment-callback?token=t&session_id=lcs_1',
    ])
    expect(
      await redirect('/v2/preview/home/verify-payment-callback?token=t', {
        'accept-language': 'pl',
      }),
    ).toEqual([302, '/pl/widget/v2/preview/home/verify-payment-callback?token=t'])
    expect(await redirect('/en/v2/preview/home/verify-payment-callback?token=t')).toEqual([
      302,
      '/en/widget/v2/preview/home/verify-payment-callback?token=t',
    ])
    // Where the redirect leads, the widget's page answers.
    const screen = await app.inject({ method: 'GET', url: '/en/widget/verifyPayment?token=abc' })
    expect([screen.statusCode, screen.body]).toEqual([200, 'widget'])
    // Only those paths: anything longer is a page the site does not have.
    for (const url of ['/en/verifyPayment/more', '/en/verify-payment-callbacks']) {
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(404)
    }
    await app.close()
  })
})

describe('the cache headers of pages', () => {
  it('keep the dashboard and the pages a manage or one-time link opens out of every cache', async () => {
    const app = await siteApp()
    const cacheControl = async (url: string) => {
      const response = await app.inject({ method: 'GET', url })
      expect([url, response.statusCode]).toEqual([url, 200])
      return response.headers['cache-control']
    }
    for (const url of [
      '/en/admin/',
      '/en/admin/bookings/12',
      '/en/widget/cancel-booking?token=abc',
      '/en/widget/booking/cancel-booking?token=abc',
      '/en/widget/appointment/service/consult/cancel?token=abc',
      '/en/widget/verifyPayment?token=abc',
      '/en/widget/verify-payment-callback?token=abc&session_id=lcs_1',
      '/en/widget/bookings/consult?reschedule=abc',
      '/en/widget/otl/abc',
      '/en/widget/otl?slug=abc',
    ]) {
      expect([url, await cacheControl(url)]).toEqual([url, 'no-store'])
    }
    // Other pages are anyone's, revalidated on every visit.
    for (const url of ['/en/caf%C3%A9/', '/en/widget/appointment/clinic/consult']) {
      expect([url, await cacheControl(url)]).toEqual([url, 'public, max-age=0, must-revalidate'])
    }
    await app.close()
  })
})

describe('previews', () => {
  it('serve the preview page with a 200 only for a valid token and a known item, else with a 404', async () => {
    const app = await siteApp()
    const token = await previewToken(app)
    const url = '/en/v2/preview/journal/b/hamstring-strain-return/'
    const get = (path: string, headers: Record<string, string> = {}) =>
      app.inject({ method: 'GET', url: path, headers })
    const valid = await get(`${url}?token=${token}`)
    expect([valid.statusCode, valid.body]).toEqual([200, 'preview'])
    // The preview page, not the 404 page, so that the page Gatsby hydrates is the one it gets.
    for (const path of [
      `${url}?token=nope`,
      url,
      `/en/v2/preview/journal/b/no-such-draft/?token=${token}`,
      `/en/v2/preview/journal/tag/no-such-tag/?token=${token}`,
      `/en/v2/preview/journal/b/${encodeURIComponent('bad\0slug')}/?token=${token}`,
    ]) {
      const answer = await get(path)
      expect([path, answer.statusCode, answer.body]).toEqual([path, 404, 'preview'])
    }
    expect((await get(`/en/v2/preview/journal/tag/knee/?token=${token}`)).statusCode).toBe(200)
    expect((await get(`/en/v2/preview/shop/product/1001/?token=${token}`)).statusCode).toBe(200)
    await app.close()
  })

  it('keep the 404 of a preview whose token is no longer valid when the browser revalidates', async () => {
    const app = await siteApp()
    const token = await previewToken(app)
    const url = '/en/v2/preview/journal/b/hamstring-strain-return/'
    const valid = await app.inject({ method: 'GET', url: `${url}?token=${token}` })
    const etag = String(valid.headers.etag)
    const revalidated = await app.inject({
      method: 'GET',
      url: `${url}?token=nope`,
      headers: { 'if-none-match': etag },
    })
    expect([revalidated.statusCode, revalidated.body]).toEqual([404, 'preview'])
    await app.close()
  })

  it('answer the token check after the limit within a minute with 429 and the error object', async () => {
    const app = await siteApp(2)
    const token = await previewToken(app)
    const url = '/en/v2/preview/journal/b/hamstring-strain-return/'
    const statuses = []
    for (const query of [`?token=${token}`, '?token=nope', `?token=${token}`]) {
      statuses.push((await app.inject({ method: 'GET', url: url + query })).statusCode)
    }
    expect(statuses).toEqual([200, 404, 429])
    const limited = await app.inject({ method: 'GET', url: `${url}?token=${token}` })
    expect(limited.json()).toMatchObject({
      statusCode: 429,
      statusMessage: 'Too Many Requests',
      message: expect.stringMatching(
        /^Too many preview requests\. Please try again in \d+ seconds\.$/,
      ),
    })
    // Pages that check no token are not limited.
    expect((await app.inject({ method: 'GET', url: '/' })).statusCode).toBe(302)
    await app.close()
  })
})

describe('paths with characters a header cannot carry', () => {
  it('redirect with the path percent-encoded as it came', async () => {
    const app = await siteApp()
    const location = async (url: string) => {
      const response = await app.inject({
        method: 'GET',
        url,
        headers: { 'accept-language': 'pl' },
      })
      return [response.statusCode, response.headers.location]
    }
    expect(await location('/zaj%C4%99cia')).toEqual([302, '/pl/zaj%C4%99cia'])
    expect(await location('/caf%C3%A9?x=%C3%A9')).toEqual([302, '/pl/caf%C3%A9?x=%C3%A9'])
    expect(await location('/a%0Ab%00c')).toEqual([302, '/pl/a%0Ab%00c'])
    expect(await location('//')).toEqual([302, '/pl//'])
    await app.close()
  })

  it('redirect a folder to its slash with every segment encoded again', async () => {
    const app = await siteApp()
    for (const url of ['/en/caf%C3%A9', '/en/why%3F']) {
      const response = await app.inject({ method: 'GET', url: `${url}?a=1` })
      expect([response.statusCode, response.headers.location]).toEqual([301, `${url}/?a=1`])
    }
    await app.close()
  })
})

describe('paths the site does not have', () => {
  // Without a built 404 page for the path's locale, the API's error object answers.
  it('word the 404 by whether the path has a route shape', async () => {
    const app = await siteApp()
    const unknownSlug = await app.inject({ method: 'GET', url: '/de/journal/b/nope/?a=1' })
    expect(unknownSlug.statusCode).toBe(404)
    expect(unknownSlug.json().statusMessage).toBe('Page Not Found: /de/journal/b/nope/?a=1')
    const unmatched = await app.inject({ method: 'GET', url: '/de/a/b/c/d/?a=1' })
    expect(unmatched.json().statusMessage).toBe('Page not found: /de/a/b/c/d/')
    const favicon = await app.inject({ method: 'GET', url: '/favicon.ico' })
    expect([favicon.statusCode, favicon.json().statusMessage]).toEqual([404, 'Not found'])
    await app.close()
  })
})

describe("a locale's 404 page", () => {
  // Gatsby's client navigates away from a page whose own path differs from the URL, unless that
  // path is the root 404's, and asks for the data of the URL, not of the 404 page.
  it('hydrates where it is served, with its data for any missing path of the locale', async () => {
    const app = await siteApp()
    const publicDir = await builtSite()
    await fs.mkdir(path.join(publicDir, 'de', '404'), { recursive: true })
    await fs.writeFile(
      path.join(publicDir, 'de', '404', 'index.html'),
      '<p>Seite nicht gefunden</p><script>window.pagePath="/de/404/";window.x=1</script>',
    )
    await fs.mkdir(path.join(publicDir, 'page-data', 'de', '404'), { recursive: true })
    await fs.writeFile(
      path.join(publicDir, 'page-data', 'de', '404', 'page-data.json'),
      JSON.stringify({ componentChunkName: 'component---src-pages-404-tsx', path: '/de/404/' }),
    )
    const deApp = await buildTestApp({ publicDir }, { seedDemo: true, now: () => NOW })
    const html = await deApp.inject({ method: 'GET', url: '/de/journal/b/nope/' })
    expect(html.statusCode).toBe(404)
    expect(html.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(html.body).toBe(
      '<p>Seite nicht gefunden</p><script>window.pagePath="/404.html";window.x=1</script>',
    )
    const data = await deApp.inject({
      method: 'GET',
      url: '/page-data/de/journal/b/nope/page-data.json',
    })
    expect(data.statusCode).toBe(200)
    expect(data.json()).toEqual({
      componentChunkName: 'component---src-pages-404-tsx',
      path: '/de/404/',
      matchPath: '/de/*',
    })
    // Outside a locale, or without that locale's 404 page, a missing file is a plain 404.
    for (const url of ['/page-data/xx/a/page-data.json', '/page-data/fr/a/page-data.json']) {
      expect((await deApp.inject({ method: 'GET', url })).statusCode).toBe(404)
    }
    expect((await app.inject({ method: 'GET', url: '/en/nope/' })).body).toBe('not found page')
    await Promise.all([app.close(), deApp.close()])
    await fs.rm(publicDir, { recursive: true })
  })
})

describe("an item's other paths", () => {
  // Built once at its first path, an item is served at each of its others as if built there.
  it('answer with the page at the first path, claiming the path asked for', async () => {
    const publicDir = await builtSite()
    await fs.mkdir(path.join(publicDir, 'de', 'journal', 'b', 'knee'), { recursive: true })
    await fs.writeFile(
      path.join(publicDir, 'de', 'journal', 'b', 'knee', 'index.html'),
      '<h1>Knie</h1><script>window.pagePath="/de/journal/b/knee/";window.x=1</script>',
    )
    await fs.mkdir(path.join(publicDir, 'page-data', 'de', 'journal', 'b', 'knee'), {
      recursive: true,
    })
    await fs.writeFile(
      path.join(publicDir, 'page-data', 'de', 'journal', 'b', 'knee', 'page-data.json'),
      JSON.stringify({ componentChunkName: 'post', path: '/de/journal/b/knee/', result: {} }),
    )
    await fs.writeFile(
      path.join(publicDir, PAGE_ALIASES_FILE),
      JSON.stringify({ '/de/b/knee/': '/de/journal/b/knee/' }),
    )
    const app = await buildTestApp({ publicDir }, { seedDemo: true, now: () => NOW })
    const html = await app.inject({ method: 'GET', url: '/de/b/knee/?from=mail' })
    expect([html.statusCode, html.headers['content-type']]).toEqual([
      200,
      'text/html; charset=utf-8',
    ])
    expect(html.body).toBe('<h1>Knie</h1><script>window.pagePath="/de/b/knee/";window.x=1</script>')
    // The policy allows the inline script as served, not as built.
    expect(html.headers['content-security-policy']).toContain(
      `'sha256-${crypto.createHash('sha256').update('window.pagePath="/de/b/knee/";window.x=1').digest('base64')}'`,
    )
    const data = await app.inject({ method: 'GET', url: '/page-data/de/b/knee/page-data.json' })
    expect([data.statusCode, data.json()]).toEqual([
      200,
      { componentChunkName: 'post', path: '/de/b/knee/', result: {} },
    ])
    const withoutSlash = await app.inject({ method: 'GET', url: '/de/b/knee' })
    expect([withoutSlash.statusCode, withoutSlash.headers.location]).toEqual([301, '/de/b/knee/'])
    // Only the recorded paths: another locale's or another slug's is a 404.
    for (const url of ['/en/b/knee/', '/de/b/elbow/', '/page-data/de/b/elbow/page-data.json']) {
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(404)
    }
    // A rebuild that drops the path drops the alias.
    await fs.writeFile(path.join(publicDir, PAGE_ALIASES_FILE), '{}')
    const future = new Date(Date.now() + 60_000)
    await fs.utimes(path.join(publicDir, PAGE_ALIASES_FILE), future, future)
    expect((await app.inject({ method: 'GET', url: '/de/b/knee/' })).statusCode).toBe(404)
    await app.close()
    await fs.rm(publicDir, { recursive: true })
  })
})

describe("the widget's paths built with their first step", () => {
  // Built outside the widget's match path (src/gatsby/create-pages/widget.ts), sent at its own.
  it("answer the spec's path, without its slash, with the built step and no redirect", async () => {
    const publicDir = await builtSite()
    const built = path.join(publicDir, 'en', 'widget-first-step', 'bookings', 'consultation')
    await fs.mkdir(built, { recursive: true })
    await fs.writeFile(
      path.join(built, 'index.html'),
      '<h2>Who would you like to see?</h2>' +
        '<script type="application/json" id="widget-first-step">{}</script>' +
        '<script>window.pagePath="/en/widget-first-step/bookings/consultation/"</script>',
    )
    const app = await buildTestApp({ publicDir }, { seedDemo: true, now: () => NOW })
    const get = (url: string) => app.inject({ method: 'GET', url })
    for (const url of [
      '/en/widget/bookings/consultation',
      '/en/widget/bookings/consultation/',
      '/en/widget/bookings/consultation?staff=any',
    ]) {
      const page = await get(url)
      expect([url, page.statusCode, page.headers.location]).toEqual([url, 200, undefined])
      // Claiming the client-only widget page, which Gatsby's client renders at any widget path.
      expect(page.body).toBe(
        '<h2>Who would you like to see?</h2>' +
          '<script type="application/json" id="widget-first-step">{}</script>' +
          '<script>window.pagePath="/en/widget/[...]/"</script>',
      )
      // The data block is never run: the policy lists the page's one script.
      const policy = page.headers['content-security-policy']
      expect(String(policy).match(/'sha256-/g)).toHaveLength(1)
      expect(policy).toContain(
        `'sha256-${crypto.createHash('sha256').update('window.pagePath="/en/widget/[...]/"').digest('base64')}'`,
      )
    }
    // A reschedule link's booking only the API knows; a path the build did not make is the
    // client-only page's; the folder the steps are built in is not a page of the site.
    expect((await get('/en/widget/bookings/consultation?reschedule=token')).body).toBe('widget')
    expect((await get('/en/widget/bookings/massage')).body).toBe('widget')
    expect((await get('/en/widget-first-step/bookings/consultation/')).statusCode).toBe(404)
    await app.close()
    await fs.rm(publicDir, { recursive: true })
  })
})

describe("an item's other paths, sent from memory", () => {
  // A post as the build leaves it: large enough to be compressed, with its brotli beside it.
  const postPage = (title: string) =>
    `<!doctype html><h1>${title}</h1><p>${'Knee pain after running. '.repeat(200)}</p>` +
    '<script>window.pagePath="/de/journal/b/knee/";window.x=1</script>'
  const postData = (title: string) =>
    JSON.stringify({ componentChunkName: 'post', path: '/de/journal/b/knee/', result: { title } })

  const BUILT = new Date('2030-03-01T09:00:00Z')

  /** A release of the site (scripts/site-release.ts): a folder of its own holding a build. */
  async function release(root: string, name: string, title: string) {
    const dir = path.join(root, name)
    await fs.mkdir(path.join(dir, 'de', 'journal', 'b', 'knee'), { recursive: true })
    await fs.mkdir(path.join(dir, 'page-data', 'de', 'journal', 'b', 'knee'), { recursive: true })
    await fs.writeFile(path.join(dir, 'index.html'), 'root')
    await fs.writeFile(path.join(dir, 'de', 'journal', 'b', 'knee', 'index.html'), postPage(title))
    await fs.writeFile(
      path.join(dir, 'page-data', 'de', 'journal', 'b', 'knee', 'page-data.json'),
      postData(title),
    )
    await fs.writeFile(
      path.join(dir, PAGE_ALIASES_FILE),
      JSON.stringify({ '/de/b/knee/': '/de/journal/b/knee/' }),
    )
    await precompressDir(dir)
    // Every release's page of one time, as a copy that kept its timestamps would have.
    await fs.utimes(path.join(dir, 'de', 'journal', 'b', 'knee', 'index.html'), BUILT, BUILT)
    return dir
  }

  /** Makes `dir` the live release in one rename, as a release does. */
  async function goLive(root: string, dir: string) {
    await fs.symlink(dir, path.join(root, 'live.tmp'), 'dir')
    await fs.rename(path.join(root, 'live.tmp'), path.join(root, 'live'))
  }

  async function releasedSite() {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'site-'))
    await goLive(root, await release(root, 'a', 'Knie'))
    const app = await buildTestApp({ publicDir: path.join(root, 'live') })
    app.addHook('onClose', () => fs.rm(root, { recursive: true }))
    return { app, root }
  }

  const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br', ...headers } })

  it('answer the bytes they answered when made per request, compressed and not', async () => {
    const { app } = await releasedSite()
    const claimed = postPage('Knie').replace('"/de/journal/b/knee/"', '"/de/b/knee/"')
    for (const encoding of ['br', 'gzip', 'identity']) {
      const headers = { 'accept-encoding': encoding }
      // Twice: the answer made, then the answer kept.
      for (const response of [
        await get(app, '/de/b/knee/', headers),
        await get(app, '/de/b/knee/', headers),
      ]) {
        expect(response.statusCode).toBe(200)
        expect(response.headers['content-encoding']).toBe(
          encoding === 'identity' ? undefined : encoding,
        )
        expect(response.headers.vary).toContain('Accept-Encoding')
        expect(decode(response.headers['content-encoding'], response.rawPayload)).toBe(claimed)
        expect(response.headers['content-security-policy']).toContain(
          `'sha256-${crypto.createHash('sha256').update('window.pagePath="/de/b/knee/";window.x=1').digest('base64')}'`,
        )
      }
    }
    const data = await get(app, '/page-data/de/b/knee/page-data.json')
    expect(data.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(decode(data.headers['content-encoding'], data.rawPayload)).toBe(
      JSON.stringify({ ...JSON.parse(postData('Knie')), path: '/de/b/knee/' }),
    )
    await app.close()
  })

  it('are cached and revalidated as the built page is, and a 304 answers a current copy', async () => {
    const { app } = await releasedSite()
    for (const url of ['/de/b/knee/', '/page-data/de/b/knee/page-data.json']) {
      const first = await get(app, url)
      expect(first.headers['cache-control']).toBe('public, max-age=0, must-revalidate')
      const etag = String(first.headers.etag)
      const lastModified = String(first.headers['last-modified'])
      expect(etag).toMatch(/^W\/"[\w-]+"$/)
      expect(Date.parse(lastModified)).toBeGreaterThan(0)
      for (const headers of <Record<string, string>[]>[
        { 'if-none-match': etag },
        { 'if-none-match': `"other", ${etag.slice(2)}` },
        { 'if-modified-since': lastModified },
      ]) {
        const again = await get(app, url, headers)
        expect([url, headers, again.statusCode, again.body]).toEqual([url, headers, 304, ''])
        expect(again.headers.etag).toBe(etag)
      }
      for (const headers of <Record<string, string>[]>[
        { 'if-none-match': 'W/"other"' },
        { 'if-modified-since': new Date(Date.parse(lastModified) - 1000).toUTCString() },
        // If-None-Match wins over If-Modified-Since.
        { 'if-none-match': 'W/"other"', 'if-modified-since': lastModified },
        { 'if-none-match': etag, 'cache-control': 'no-cache' },
      ]) {
        const again = await get(app, url, headers)
        expect([url, headers, again.statusCode]).toEqual([url, headers, 200])
        expect(again.rawPayload).toEqual(first.rawPayload)
      }
    }
    await app.close()
  })

  it('are made again from the next release, the copies of the last one out of date', async () => {
    const { app, root } = await releasedSite()
    const before = await get(app, '/de/b/knee/')
    const dataBefore = await get(app, '/page-data/de/b/knee/page-data.json')
    // Its page of the same size and time as the last's: told apart as another file.
    await goLive(root, await release(root, 'b', 'Knee'))
    const after = await get(app, '/de/b/knee/', { 'if-none-match': String(before.headers.etag) })
    expect(after.statusCode).toBe(200)
    expect(decode(after.headers['content-encoding'], after.rawPayload)).toContain('<h1>Knee</h1>')
    expect(after.headers.etag).not.toBe(before.headers.etag)
    const data = await get(app, '/page-data/de/b/knee/page-data.json', {
      'if-none-match': String(dataBefore.headers.etag),
    })
    const dataText = decode(data.headers['content-encoding'], data.rawPayload)
    expect([data.statusCode, JSON.parse(dataText).result]).toEqual([200, { title: 'Knee' }])
    await app.close()
  })

  it("keep no validators on a locale's 404 page, so a revalidation never gets a 304", async () => {
    const { app, root } = await releasedSite()
    await fs.mkdir(path.join(root, 'a', 'de', '404'), { recursive: true })
    await fs.writeFile(
      path.join(root, 'a', 'de', '404', 'index.html'),
      '<p>Seite nicht gefunden</p><script>window.pagePath="/de/404/"</script>',
    )
    const missing = await get(app, '/de/b/elbow/')
    expect([missing.statusCode, missing.headers.etag, missing.headers['cache-control']]).toEqual([
      404,
      undefined,
      'no-cache',
    ])
    const again = await get(app, '/de/b/elbow/', {
      'if-none-match': '*',
      'if-modified-since': new Date().toUTCString(),
    })
    expect([again.statusCode, again.body]).toEqual([
      404,
      '<p>Seite nicht gefunden</p><script>window.pagePath="/404.html"</script>',
    ])
    await app.close()
  })
})

describe('the site before its first build', () => {
  it('tells a browser in a page that reloads itself, and a script in the error object', async () => {
    const publicDir = await fs.mkdtemp(path.join(os.tmpdir(), 'public-'))
    const app = await buildTestApp({ publicDir: path.join(publicDir, 'not-yet') })
    app.addHook('onClose', () => fs.rm(publicDir, { recursive: true }))
    try {
      const browser = await app.inject({
        url: '/en/home/',
        headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
      })
      expect(browser.statusCode).toBe(503)
      expect(browser.headers['retry-after']).toBe('30')
      expect(browser.headers['content-type']).toBe('text/html; charset=utf-8')
      expect(browser.headers['cache-control']).toBe('no-store')
      expect(browser.body).toContain('<h1>The site is being built</h1>')
      expect(browser.body).toContain('<meta http-equiv="refresh" content="15">')
      const script = await app.inject({ url: '/en/home/', headers: { accept: '*/*' } })
      expect(script.statusCode).toBe(503)
      expect(script.json()).toEqual({
        statusCode: 503,
        statusMessage: 'Service Unavailable',
        message: 'The site is being built. Please try again in a minute.',
      })
    } finally {
      await app.close()
    }
  })
})
