import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { forwardTo } from './dev-api-proxy'

const listen = (server: http.Server) =>
  new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  )

describe('the development proxy to the API', () => {
  const servers: http.Server[] = []
  afterEach(() => servers.splice(0).forEach((server) => server.close()))

  it('passes a 4xx through with its error object, and the request body to the API', async () => {
    const api = http.createServer((request, response) => {
      let body = ''
      request.on('data', (chunk) => (body += chunk))
      request.on('end', () => {
        response.writeHead(422, { 'content-type': 'application/json', 'x-api': 'yes' })
        response.end(JSON.stringify({ statusCode: 422, path: request.url, received: body }))
      })
    })
    servers.push(api)
    const forward = forwardTo(await listen(api))
    // As Express mounts it under /api: `url` without the prefix, `originalUrl` with it.
    const develop = http.createServer((request, response) => {
      Object.assign(request, { originalUrl: request.url, url: request.url!.replace(/^\/api/, '') })
      forward(request, response)
    })
    servers.push(develop)
    const response = await fetch(`${await listen(develop)}/api/bookings?x=1`, {
      method: 'POST',
      body: '{"lines":[]}',
    })
    expect(response.status).toBe(422)
    expect(response.headers.get('x-api')).toBe('yes')
    expect(await response.json()).toEqual({
      statusCode: 422,
      path: '/api/bookings?x=1',
      received: '{"lines":[]}',
    })
  })

  it('answers 502 with the error object while the API is down', async () => {
    const forward = forwardTo('http://127.0.0.1:9')
    const develop = http.createServer(forward)
    servers.push(develop)
    const response = await fetch(`${await listen(develop)}/api/slots`)
    expect(response.status).toBe(502)
    expect(await response.json()).toMatchObject({ statusCode: 502, statusMessage: 'Bad Gateway' })
  })
})
