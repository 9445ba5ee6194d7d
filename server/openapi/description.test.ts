import { validate } from '@readme/openapi-parser'
import { buildTestApp } from '../test-app'

type Paths = Record<string, Record<string, unknown>>

describe('the API description', () => {
  let app: Awaited<ReturnType<typeof buildTestApp>>
  let description: { openapi: string; paths: Paths }
  beforeAll(async () => {
    app = await buildTestApp()
    const response = await app.inject('/api/openapi.json')
    expect(response.statusCode).toBe(200)
    description = response.json()
  })
  afterAll(() => app.close())

  it('is valid OpenAPI 3.1', async () => {
    expect(description.openapi).toBe('3.1.0')
    const result = await validate(structuredClone(description) as never)
    expect(result.valid ? [] : result.errors).toEqual([])
  })

  it('describes every route the server registers under /api, and nothing else', () => {
    const registered = app.apiRoutes
      .map(({ method, url }) => `${method} ${url.replace(/:(\w+)/g, '{$1}')}`)
      .sort()
    const described = Object.entries(description.paths)
      .flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
      )
      .sort()
    expect(described).toEqual(registered)
    expect(registered.length).toBeGreaterThan(100)
  })

  it('has a response schema for every route', () => {
    const without = app.apiRoutes
      .filter((route) => !route.hasResponseSchema)
      .map(({ method, url }) => `${method} ${url}`)
    expect(without).toEqual([])
  })

  it('is read at /api/docs, whose page runs only its own files', async () => {
    const page = await app.inject('/api/docs/')
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toMatch(/^text\/html/)
    const policy = String(page.headers['content-security-policy'])
    expect(policy).toMatch(/script-src 'self';/)
    expect(policy).not.toMatch(/unsafe-inline|unsafe-eval/)
    expect(policy).toMatch(/frame-ancestors 'none'/)
    const scripts = [...page.body.matchAll(/<script src="([^"]+)"/g)].map((match) => match[1]!)
    expect(scripts.length).toBeGreaterThan(0)
    for (const script of scripts) {
      const file = await app.inject(new URL(script, 'http://x/api/docs/').pathname)
      expect(file.statusCode).toBe(200)
    }
  })
})
