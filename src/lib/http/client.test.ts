import { createHttpClient, isHttpError, type HttpError } from './client'

type Reply = { status: number; body?: unknown; headers?: Record<string, string> }

/** A fake fetch answering with the given replies in order, recording each call. */
function fakeFetch(...replies: (Reply | 'network-error' | 'hang')[]) {
  const calls: { url: string; init: RequestInit }[] = []
  const fetch = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    calls.push({ url: String(input), init })
    const reply = replies[calls.length - 1] ?? replies.at(-1)
    if (reply === 'network-error') throw new TypeError('fetch failed')
    if (reply === 'hang') {
      return new Promise<Response>((_, reject) =>
        init.signal?.addEventListener('abort', () =>
          reject(new DOMException('aborted', 'AbortError')),
        ),
      )
    }
    const body = typeof reply!.body === 'string' ? reply!.body : JSON.stringify(reply!.body ?? {})
    return new Response(body, { status: reply!.status, headers: reply!.headers })
  })
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls }
}

function client(fetch: typeof globalThis.fetch, timeoutMs = 1000) {
  const sleeps: number[] = []
  const http = createHttpClient({
    baseUrl: '/api/',
    fetch,
    timeoutMs,
    sleep: async (ms) => {
      sleeps.push(ms)
    },
  })
  return { http, sleeps }
}

async function failure(promise: Promise<unknown>): Promise<HttpError> {
  try {
    await promise
  } catch (error) {
    if (isHttpError(error)) return error
    throw error
  }
  throw new Error('expected the request to fail')
}

describe('HTTP client', () => {
  it('joins the base URL and the path, and adds query parameters', async () => {
    const { fetch, calls } = fakeFetch({ status: 200, body: { ok: true } })
    const { http } = client(fetch)
    expect(
      await http.get('/services/1/slots', { params: { month: '2030-03', staffId: undefined } }),
    ).toEqual({ ok: true })
    expect(calls[0]!.url).toBe('/api/services/1/slots?month=2030-03')
  })

  it('sends object bodies as JSON, with per-request headers', async () => {
    const { fetch, calls } = fakeFetch({ status: 201, body: { id: 1 } })
    const { http } = client(fetch)
    await http.post('/bookings', { a: 1 }, { headers: { 'Idempotency-Key': 'key-12345678' } })
    const headers = calls[0]!.init.headers as Record<string, string>
    expect(calls[0]!.init.method).toBe('POST')
    expect(calls[0]!.init.body).toBe('{"a":1}')
    expect(headers['content-type']).toBe('application/json')
    expect(headers.accept).toBe('application/json')
    expect(headers['idempotency-key']).toBe('key-12345678')
  })

  it('sends cookies to another origin only when asked to', async () => {
    const plain = fakeFetch({ status: 200 })
    await client(plain.fetch).http.get('/x')
    expect(plain.calls[0]!.init.credentials).toBeUndefined()
    const withCookies = fakeFetch({ status: 200 })
    const http = createHttpClient({
      baseUrl: '/api',
      fetch: withCookies.fetch,
      withCredentials: true,
    })
    await http.get('/x')
    expect(withCookies.calls[0]!.init.credentials).toBe('include')
  })

  it.each([408, 409, 425, 429, 500, 502, 503, 504])('retries a GET once on %i', async (status) => {
    const { fetch, calls } = fakeFetch({ status }, { status: 200, body: { ok: 1 } })
    const { http } = client(fetch)
    expect(await http.get('/x')).toEqual({ ok: 1 })
    expect(calls).toHaveLength(2)
  })

  it('gives up after one retry with the second error', async () => {
    const { fetch, calls } = fakeFetch(
      { status: 503, body: { statusCode: 503, statusMessage: 'first', message: 'first' } },
      { status: 503, body: { statusCode: 503, statusMessage: 'second', message: 'second' } },
    )
    const error = await failure(client(fetch).http.get('/x'))
    expect(error.statusMessage).toBe('second')
    expect(calls).toHaveLength(2)
  })

  it('never retries a POST, nor a status that will not change', async () => {
    const post = fakeFetch({ status: 503 })
    expect((await failure(client(post.fetch).http.post('/bookings', {}))).statusCode).toBe(503)
    expect(post.calls).toHaveLength(1)
    const notFound = fakeFetch({ status: 404 })
    await failure(client(notFound.fetch).http.get('/x'))
    expect(notFound.calls).toHaveLength(1)
  })

  it("keeps the server's error object, with its field messages", async () => {
    const body = {
      statusCode: 400,
      statusMessage: 'Invalid phone number',
      message: 'Invalid phone number',
      fields: { 'contact.phone': 'Invalid phone number' },
    }
    const error = await failure(client(fakeFetch({ status: 400, body }).fetch).http.post('/b', {}))
    expect(error).toMatchObject(body)
  })

  it('builds an error object for an error without one', async () => {
    const error = await failure(
      client(fakeFetch({ status: 502, body: 'upstream down' }).fetch).http.post('/b'),
    )
    expect(error).toMatchObject({
      statusCode: 502,
      statusMessage: 'Bad Gateway',
      message: 'upstream down',
    })
  })

  it('times out instead of hanging, as 408 Request Timeout', async () => {
    const { fetch, calls } = fakeFetch('hang')
    const error = await failure(client(fetch, 20).http.get('/slow'))
    expect(error).toMatchObject({ statusCode: 408, statusMessage: 'Request Timeout' })
    expect(calls).toHaveLength(2)
  })

  it('reports a network failure as 503, after one retry for a GET', async () => {
    const { fetch, calls } = fakeFetch('network-error')
    const error = await failure(client(fetch).http.get('/x'))
    expect(error).toMatchObject({ statusCode: 503, statusMessage: 'Service Unavailable' })
    expect(calls).toHaveLength(2)
  })

  it('waits as long as Retry-After says, within reason', async () => {
    const { fetch } = fakeFetch({ status: 429, headers: { 'retry-after': '2' } }, { status: 200 })
    const { http, sleeps } = client(fetch)
    await http.get('/x')
    expect(sleeps).toEqual([2000])
    const long = fakeFetch({ status: 429, headers: { 'retry-after': '120' } }, { status: 200 })
    const capped = client(long.fetch)
    await capped.http.get('/x')
    expect(capped.sleeps).toEqual([5000])
  })
})
