import net from 'node:net'
import type { AddressInfo } from 'node:net'
import { buildTestApp } from './test-app'
import { DatabaseBusy } from './db'
import { HttpError } from './errors'

/** Sends raw bytes to a listening server and reads its whole answer (it closes the connection). */
function rawExchange(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request))
    let answer = ''
    socket.setEncoding('utf8')
    socket.on('data', (chunk) => (answer += chunk))
    socket.on('end', () => resolve(answer))
    socket.on('error', reject)
  })
}

const bodyOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))

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

  // Regression: with every PostgreSQL connection taken, racing bookings were answered 500.
  it('answers a request that found every database connection busy 503, with Retry-After', async () => {
    const app = await buildTestApp()
    app.get('/api/overloaded', async () => {
      throw new DatabaseBusy(5000)
    })
    const busy = await app.inject({ method: 'GET', url: '/api/overloaded' })
    expect(busy.statusCode).toBe(503)
    expect(busy.headers['retry-after']).toBe('1')
    expect(busy.json()).toEqual({
      statusCode: 503,
      statusMessage: 'Service Unavailable',
      message: 'The server is busy right now. Please try again in a moment.',
      code: 'unavailable',
    })
    await app.close()
  })

  it("answers Fastify's own refusals with the error object", async () => {
    const app = await buildTestApp()
    app.post('/api/echo', async (request) => request.body)
    const answers = await Promise.all([
      app.inject({ method: 'GET', url: '/api/services/%zz' }),
      app.inject({ method: 'POST', url: `/api/bookings/manage/${'x'.repeat(200)}/cancel` }),
      app.inject({
        method: 'POST',
        url: '/api/echo',
        headers: { 'content-type': 'application/xml' },
        payload: '<a/>',
      }),
      app.inject({
        method: 'POST',
        url: '/api/echo',
        headers: { 'content-type': 'application/json' },
        payload: '',
      }),
      app.inject({ method: 'POST', url: '//' }),
    ])
    expect(answers.map((answer) => [answer.statusCode, answer.json().statusMessage])).toEqual([
      [400, 'Bad Request'],
      [414, 'URI Too Long'],
      [415, 'Unsupported Media Type'],
      [400, 'Bad Request'],
      [404, 'Page not found: //'],
    ])
    for (const answer of answers) {
      expect(Object.keys(answer.json()).sort()).toEqual(['message', 'statusCode', 'statusMessage'])
      expect(answer.json().statusCode).toBe(answer.statusCode)
    }
    await app.close()
  })

  it('answers requests Node cannot read (headers too long, garbage) with the error object', async () => {
    const app = await buildTestApp()
    await app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = app.server.address() as AddressInfo
    const tooLong = await rawExchange(
      port,
      `GET /api/time-zones HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    )
    expect(tooLong).toMatch(/^HTTP\/1\.1 431 /)
    expect(bodyOf(tooLong)).toEqual({
      statusCode: 431,
      statusMessage: 'Request Header Fields Too Large',
      message: 'The URL or the request headers are too long.',
    })
    const garbage = await rawExchange(port, 'NOT HTTP AT ALL\r\n\r\n')
    expect(garbage).toMatch(/^HTTP\/1\.1 400 /)
    expect(bodyOf(garbage)).toMatchObject({ statusCode: 400, statusMessage: 'Bad Request' })
    await app.close()
  })
})
