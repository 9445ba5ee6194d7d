import http from 'node:http'
import type { AddressInfo } from 'node:net'
import zlib from 'node:zlib'
import { OutboundRefused, targetPolicy } from '../../notifications/webhooks/targets'
import { guardedFetch, OutboundFailed } from './guarded-fetch'

interface Seen {
  method: string
  url: string
  headers: http.IncomingHttpHeaders
  body: string
}

/** A loopback server whose path says how to answer; it records what it was sent. */
function startServer() {
  const seen: Seen[] = []
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://x')
      seen.push({
        method: request.method ?? '',
        url: url.pathname,
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      })
      const status = Number(url.searchParams.get('status') ?? 302)
      switch (url.pathname) {
        case '/hello':
          response.writeHead(201, 'Made', { 'x-answer': 'yes', 'content-type': 'text/plain' })
          response.end('hello')
          return
        case '/redirect':
          response.writeHead(status, { location: url.searchParams.get('to') ?? '/hello' })
          response.end()
          return
        case '/loop':
          response.writeHead(302, { location: '/loop' })
          response.end()
          return
        case '/silent':
          return
        case '/trickle':
          response.writeHead(200)
          response.write('a')
          return
        case '/big':
          response.writeHead(
            200,
            url.searchParams.has('declared') ? { 'content-length': 1001 } : {},
          )
          response.end('x'.repeat(1001))
          return
        case '/gzip':
          response.writeHead(200, { 'content-encoding': 'gzip' })
          response.end(zlib.gzipSync(url.searchParams.get('text') ?? '\0'.repeat(100_000)))
          return
        default:
          response.writeHead(404)
          response.end()
      }
    })
  })
  return {
    seen,
    async listen() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

const main = startServer()
const other = startServer()
let base: string
let otherBase: string
beforeAll(async () => {
  base = await main.listen()
  otherBase = await other.listen()
})
afterAll(async () => {
  await main.close()
  await other.close()
})
beforeEach(() => {
  main.seen.length = 0
  other.seen.length = 0
})

const loopback = guardedFetch(targetPolicy(['127.0.0.0/8']))

describe('guardedFetch', () => {
  it('refuses private, loopback and link-local addresses unless the policy allows them', async () => {
    const strict = guardedFetch(targetPolicy([]))
    const port = new URL(base).port
    for (const url of [
      `${base}/hello`,
      `http://localhost:${port}/hello`,
      `http://[::1]:${port}/hello`,
      'http://169.254.169.254/latest/meta-data/',
    ]) {
      await expect(strict(url)).rejects.toThrow(OutboundRefused)
    }
    await expect(strict(`${base}/hello`)).rejects.toThrow(
      'The calendar host 127.0.0.1 resolves to 127.0.0.1, a private, loopback or link-local ' +
        'address; calendars are read from public addresses only.',
    )
    await expect(strict('webcal://calendar.example/feed.ics')).rejects.toThrow(
      'The calendar URL must start with https:// or http://.',
    )
    expect(main.seen).toEqual([])
  })

  it('answers with a real Response: status, headers, body, the address it came from', async () => {
    const response = await loopback(`${base}/hello`, {
      method: 'PROPFIND',
      headers: { depth: '0', authorization: 'Basic eDp5' },
      body: '<propfind/>',
    })
    expect(response).toBeInstanceOf(Response)
    expect(response.status).toBe(201)
    expect(response.statusText).toBe('Made')
    expect(response.ok).toBe(true)
    expect(response.headers.get('x-answer')).toBe('yes')
    expect(response.url).toBe(`${base}/hello`)
    expect(response.redirected).toBe(false)
    expect(await response.text()).toBe('hello')
    expect(main.seen).toEqual([
      expect.objectContaining({
        method: 'PROPFIND',
        body: '<propfind/>',
        headers: expect.objectContaining({ depth: '0', authorization: 'Basic eDp5' }),
      }),
    ])
  })

  it('follows redirects, checking each hop, and keeps credentials to their origin', async () => {
    const followed = await loopback(`${base}/redirect?to=/hello`, {
      headers: { authorization: 'Basic eDp5' },
    })
    expect(followed.status).toBe(201)
    expect(followed.redirected).toBe(true)
    expect(followed.url).toBe(`${base}/hello`)
    expect(main.seen.map((each) => each.headers.authorization)).toEqual([
      'Basic eDp5',
      'Basic eDp5',
    ])

    await loopback(`${base}/redirect?to=${encodeURIComponent(`${otherBase}/hello`)}`, {
      headers: { authorization: 'Basic eDp5' },
    })
    expect(other.seen).toEqual([
      expect.objectContaining({
        url: '/hello',
        headers: expect.not.objectContaining({ authorization: expect.anything() }),
      }),
    ])

    await expect(
      loopback(`${base}/redirect?to=${encodeURIComponent('http://169.254.169.254/latest/')}`),
    ).rejects.toThrow(/^The calendar host 169\.254\.169\.254 resolves to/)
    await expect(loopback(`${base}/loop`)).rejects.toThrow(OutboundFailed)
    // Five hops are followed, the sixth is not asked for.
    expect(main.seen.filter((each) => each.url === '/loop')).toHaveLength(6)
  })

  it('keeps the method through a 307, turns a 303 into a GET, and leaves manual ones alone', async () => {
    await loopback(`${base}/redirect?status=307`, { method: 'REPORT', body: 'query' })
    await loopback(`${base}/redirect?status=303`, { method: 'PUT', body: 'event' })
    expect(main.seen.map(({ method, url, body }) => [method, url, body])).toEqual([
      ['REPORT', '/redirect', 'query'],
      ['REPORT', '/hello', 'query'],
      ['PUT', '/redirect', 'event'],
      ['GET', '/hello', ''],
    ])
    const manual = await loopback(`${base}/redirect?to=/elsewhere`, { redirect: 'manual' })
    expect(manual.status).toBe(302)
    expect(manual.headers.get('location')).toBe('/elsewhere')
  })

  it('gives up on a server that does not answer, or answers too slowly, in time', async () => {
    const impatient = guardedFetch(targetPolicy(['127.0.0.0/8']), { timeoutMs: 100 })
    await expect(impatient(`${base}/silent`)).rejects.toThrow(
      `No answer from ${new URL(base).host} within 0.1 s.`,
    )
    await expect(impatient(`${base}/trickle`)).rejects.toThrow(OutboundFailed)
  })

  it('refuses an answer larger than the cap, compressed or not', async () => {
    const capped = guardedFetch(targetPolicy(['127.0.0.0/8']), { maxBytes: 1000 })
    await expect(capped(`${base}/big`)).rejects.toThrow(/is larger than 1 KB\.$/)
    await expect(capped(`${base}/big?declared`)).rejects.toThrow(OutboundFailed)
    await expect(capped(`${base}/gzip`)).rejects.toThrow(OutboundFailed)
    const small = await capped(`${base}/gzip?text=BEGIN:VCALENDAR`)
    expect(await small.text()).toBe('BEGIN:VCALENDAR')
    expect(small.headers.get('content-encoding')).toBeNull()
    expect(main.seen.at(-1)?.headers['accept-encoding']).toBe('gzip')
  })

  it('says a closed port cannot be reached', async () => {
    const closed = startServer()
    const url = await closed.listen()
    await closed.close()
    await expect(loopback(`${url}/hello`)).rejects.toThrow(
      `${new URL(url).host} cannot be reached (ECONNREFUSED).`,
    )
  })
})
