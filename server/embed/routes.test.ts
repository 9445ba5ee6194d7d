import zlib from 'node:zlib'
import { buildTestApp } from '../test-app'
import { buildEmbedScript, EMBED_SCRIPT_BUDGET_BYTES } from './embed-script'

describe('the embed script', () => {
  it('weighs at most 2 KB gzip', async () => {
    const { code, gzipBytes } = await buildEmbedScript()
    expect(gzipBytes).toBe(zlib.gzipSync(code, { level: 9 }).length)
    expect(gzipBytes).toBeLessThanOrEqual(EMBED_SCRIPT_BUDGET_BYTES)
  })

  it('is served at a short-cached stable URL and a long-cached hashed one, to any site', async () => {
    const app = await buildTestApp()
    const { code, hash } = await buildEmbedScript()
    const stable = await app.inject({ method: 'GET', url: '/embed.js' })
    expect(stable.statusCode).toBe(200)
    expect(stable.body).toBe(code)
    expect(stable.headers).toMatchObject({
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': 'public, max-age=300',
      'cross-origin-resource-policy': 'cross-origin',
      link: `</embed-${hash}.js>; rel="canonical"`,
    })
    const pinned = await app.inject({ method: 'GET', url: `/embed-${hash}.js` })
    expect(pinned.statusCode).toBe(200)
    expect(pinned.body).toBe(code)
    expect(pinned.headers).toMatchObject({
      'cache-control': 'public, max-age=31536000, immutable',
      'cross-origin-resource-policy': 'cross-origin',
    })
    const other = await app.inject({ method: 'GET', url: '/embed-0123456789abcdef.js' })
    expect(other.statusCode).toBe(404)
    expect(other.json()).toMatchObject({ statusCode: 404 })
    await app.close()
  })
})
