import { buildTestApp } from './test-app'
import { HttpError } from './errors'

describe('error responses', () => {
  it('answers an unknown API route with the spec error object', async () => {
    const app = await buildTestApp()
    const response = await app.inject({ method: 'POST', url: '/api/nothing-here' })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({
      statusCode: 404,
      statusMessage: 'Page not found: /api/nothing-here',
      message: 'Page not found: /api/nothing-here',
    })
    await app.close()
  })

  it('answers malformed JSON, an oversized body and a thrown HttpError with 4xx, and hides 5xx internals', async () => {
    const app = await buildTestApp()
    app.post('/api/echo', async (request) => request.body)
    app.get('/api/teapot', async () => {
      throw new HttpError(409, 'slug expired', 'This link has already been used.')
    })
    app.get('/api/broken', async () => {
      throw new Error('secret connection string leaked')
    })

    const malformed = await app.inject({
      method: 'POST',
      url: '/api/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":',
    })
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json()).toMatchObject({ statusCode: 400, statusMessage: 'Bad Request' })

    const oversized = await app.inject({
      method: 'POST',
      url: '/api/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ a: 'x'.repeat(300 * 1024) }),
    })
    expect(oversized.statusCode).toBe(413)
    expect(oversized.json()).toMatchObject({ statusCode: 413, statusMessage: 'Payload Too Large' })

    const expired = await app.inject({ method: 'GET', url: '/api/teapot' })
    expect(expired.statusCode).toBe(409)
    expect(expired.json()).toEqual({
      statusCode: 409,
      statusMessage: 'slug expired',
      message: 'This link has already been used.',
    })

    const broken = await app.inject({ method: 'GET', url: '/api/broken' })
    expect(broken.statusCode).toBe(500)
    expect(broken.body).not.toContain('secret')
    expect(broken.json()).toMatchObject({ statusCode: 500, statusMessage: 'Internal Server Error' })
    await app.close()
  })
})
