import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { precompressDir } from '../../scripts/precompress'
import { buildTestApp } from '../test-app'
import { NOW } from '../content/test-fixtures'

// Each test opens a database with every migration (some with the demo seed): on a loaded machine
// that alone has taken longer than the suite's 20 s.
jest.setTimeout(60_000)

const script = `window.bundle = ${JSON.stringify('x'.repeat(50))};\n`.repeat(200)
const page = `<!doctype html><title>About</title><p>${'Harbor Physio '.repeat(300)}</p>`

/** A built site as the build leaves it: a page and a hashed bundle with their encodings. */
async function compressionApp() {
  const publicDir = await fs.mkdtemp(path.join(os.tmpdir(), 'public-'))
  await fs.writeFile(path.join(publicDir, 'index.html'), 'root')
  await fs.mkdir(path.join(publicDir, 'en', '404'), { recursive: true })
  await fs.writeFile(
    path.join(publicDir, 'en', '404', 'index.html'),
    page.replace('About', 'Not found'),
  )
  await fs.mkdir(path.join(publicDir, 'en', 'about'), { recursive: true })
  await fs.writeFile(path.join(publicDir, 'en', 'about', 'index.html'), page)
  await fs.writeFile(path.join(publicDir, 'app-0123456789abcdef0123.js'), script)
  await precompressDir(publicDir)
  // Added after the build: no encodings beside it.
  await fs.writeFile(path.join(publicDir, 'late-0123456789abcdef0123.js'), script)
  const app = await buildTestApp({ publicDir }, { seedDemo: true, now: () => NOW })
  app.addHook('onClose', () => fs.rm(publicDir, { recursive: true }))
  return app
}

function decode(encoding: string | undefined, body: Buffer): string {
  if (encoding === 'br') return zlib.brotliDecompressSync(body).toString()
  if (encoding === 'gzip') return zlib.gunzipSync(body).toString()
  return body.toString()
}

describe('compressed responses', () => {
  it('send the built files precompressed in the best encoding the browser accepts', async () => {
    const app = await compressionApp()
    for (const [acceptEncoding, expected] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['identity', undefined],
      [undefined, undefined],
    ] as const) {
      for (const [url, body, type] of [
        ['/en/about/', page, 'text/html'],
        ['/app-0123456789abcdef0123.js', script, 'application/javascript'],
      ]) {
        const response = await app.inject({
          method: 'GET',
          url,
          headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
        })
        expect(response.statusCode).toBe(200)
        expect(response.headers['content-encoding']).toBe(expected)
        expect(response.headers['content-type']).toContain(type)
        expect(response.headers.vary).toContain('Accept-Encoding')
        expect(decode(expected, response.rawPayload)).toBe(body)
      }
    }
    await app.close()
  })

  it('keep immutable caching for hashed bundles and revalidation for pages', async () => {
    const app = await compressionApp()
    const get = (url: string) =>
      app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } })
    expect((await get('/app-0123456789abcdef0123.js')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    )
    const html = await get('/en/about/')
    expect(html.headers['cache-control']).toBe('public, max-age=0, must-revalidate')
    const again = await app.inject({
      method: 'GET',
      url: '/en/about/',
      headers: { 'accept-encoding': 'br', 'if-none-match': String(html.headers.etag) },
    })
    expect(again.statusCode).toBe(304)
    await app.close()
  })

  it('compress a file the build did not precompress, and the 404 page, per request', async () => {
    const app = await compressionApp()
    const late = await app.inject({
      method: 'GET',
      url: '/late-0123456789abcdef0123.js',
      headers: { 'accept-encoding': 'gzip' },
    })
    expect(late.headers['content-encoding']).toBe('gzip')
    expect(decode('gzip', late.rawPayload)).toBe(script)
    const missing = await app.inject({
      method: 'GET',
      url: '/en/no-such-page/',
      headers: { 'accept-encoding': 'br' },
    })
    expect(missing.statusCode).toBe(404)
    expect(missing.headers['content-encoding']).toBe('br')
    expect(decode('br', missing.rawPayload)).toContain('Not found')
    await app.close()
  })

  it('compress API JSON above a small size, and not without Accept-Encoding', async () => {
    const app = await compressionApp()
    const service = (await app.inject({ method: 'GET', url: '/api/services/consultation' })).json()
    const url = `/api/services/${service.id}/slots?month=2030-03&timeZone=Europe/Berlin`
    const plain = await app.inject({ method: 'GET', url })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body.length).toBeGreaterThan(1024)
    for (const encoding of ['br', 'gzip']) {
      const response = await app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': encoding },
      })
      expect(response.headers['content-encoding']).toBe(encoding)
      expect(response.rawPayload.length).toBeLessThan(plain.body.length / 3)
      expect(JSON.parse(decode(encoding, response.rawPayload))).toEqual(plain.json())
    }
    const small = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'br' },
    })
    expect(small.headers['content-encoding']).toBeUndefined()
    await app.close()
  })
})
