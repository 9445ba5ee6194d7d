import http from 'node:http'
import https from 'node:https'
import type { LookupFunction } from 'node:net'
import type { Readable } from 'node:stream'
import zlib from 'node:zlib'
import {
  checkTarget,
  type CheckedTarget,
  type TargetPolicy,
} from '../../notifications/webhooks/targets'

/**
 * A request that went out and did not come back in a usable way: no connection, no answer in
 * time, or an answer too large. The message names the host only (a feed's URL may hold a secret)
 * and is fit to show as a connection's last error.
 */
export class OutboundFailed extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options)
    this.name = 'OutboundFailed'
  }
}

const MAX_REDIRECTS = 5
const REDIRECTS = new Set([301, 302, 303, 307, 308])
/** Statuses a Response may not carry a body with. */
const NULL_BODY = new Set([101, 103, 204, 205, 304])
/** Headers this function sets itself: the connection is its own, not the caller's. */
const OWN_HEADERS = ['host', 'connection', 'content-length', 'transfer-encoding', 'accept-encoding']

interface Answer {
  status: number
  statusText: string
  headers: http.IncomingHttpHeaders
  body: Buffer
  decoded: boolean
}

/** The lookup answers with the checked address whatever DNS says now. */
function pinnedLookup(target: CheckedTarget): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) {
      callback(null, [{ address: target.address, family: target.family }])
    } else {
      callback(null, target.address, target.family)
    }
  }
}

const sizeOf = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`
    : `${Math.ceil(bytes / 1024)} KB`

/** One request to the checked address, its answer read whole (decompressed) up to `maxBytes`. */
function exchange(
  target: CheckedTarget,
  request: { method: string; headers: Headers; body: Buffer | undefined },
  signal: AbortSignal,
  maxBytes: number,
): Promise<Answer> {
  const host = target.url.host
  const headers: Record<string, string> = Object.fromEntries(request.headers)
  for (const name of OWN_HEADERS) delete headers[name]
  headers['accept-encoding'] = 'gzip'
  headers['user-agent'] ??= 'booking-calendars/1'
  if (request.body) headers['content-length'] = String(request.body.length)
  const client = target.url.protocol === 'https:' ? https : http
  return new Promise<Answer>((resolve, reject) => {
    const tooLarge = () =>
      new OutboundFailed(`The answer from ${host} is larger than ${sizeOf(maxBytes)}.`)
    // No shared agent: every request connects to its own checked address and closes after.
    const outgoing = client.request(
      target.url,
      { method: request.method, headers, lookup: pinnedLookup(target), agent: false },
      (incoming) => {
        const declared = Number(incoming.headers['content-length'])
        if (declared > maxBytes) {
          fail(tooLarge())
          return
        }
        const gzipped = /^(x-)?gzip$/i.test(incoming.headers['content-encoding'] ?? '')
        const body: Readable = gzipped ? incoming.pipe(zlib.createGunzip()) : incoming
        const chunks: Buffer[] = []
        let size = 0
        body.on('data', (chunk: Buffer) => {
          // Counted after decompression, so a small compressed answer cannot unpack into gigabytes.
          size += chunk.length
          if (size > maxBytes) fail(tooLarge())
          else chunks.push(chunk)
        })
        const unreadable = (error: Error) =>
          fail(new OutboundFailed(`The answer from ${host} could not be read.`, { cause: error }))
        // A pipe does not pass the source's errors on: the connection's and the unpacking's both end it.
        incoming.on('error', unreadable)
        body.on('error', unreadable)
        body.on('end', () => {
          signal.removeEventListener('abort', onAbort)
          resolve({
            status: incoming.statusCode ?? 0,
            statusText: incoming.statusMessage ?? '',
            headers: incoming.headers,
            body: Buffer.concat(chunks),
            decoded: gzipped,
          })
        })
      },
    )
    const fail = (error: unknown) => {
      signal.removeEventListener('abort', onAbort)
      reject(error)
      outgoing.destroy()
    }
    const onAbort = () => fail(signal.reason)
    signal.addEventListener('abort', onAbort, { once: true })
    outgoing.on('error', (error: NodeJS.ErrnoException) =>
      fail(
        new OutboundFailed(`${host} cannot be reached${error.code ? ` (${error.code})` : ''}.`, {
          cause: error,
        }),
      ),
    )
    outgoing.end(request.body)
  })
}

function toResponse(answer: Answer, method: string, url: string, redirected: boolean): Response {
  const headers = new Headers()
  for (const [name, value] of Object.entries(answer.headers)) {
    if (answer.decoded && (name === 'content-encoding' || name === 'content-length')) continue
    for (const each of [value ?? []].flat()) headers.append(name, each)
  }
  const response = new Response(
    NULL_BODY.has(answer.status) || method === 'HEAD' ? null : new Uint8Array(answer.body),
    {
      status: answer.status,
      // A reason phrase the Response constructor would refuse is only words: dropped.
      statusText: /^[\t\x20-\x7e\x80-\xff]*$/.test(answer.statusText) ? answer.statusText : '',
      headers,
    },
  )
  // A constructed Response has no URL; tsdav reads it, so it says where the answer came from.
  Object.defineProperties(response, { url: { value: url }, redirected: { value: redirected } })
  return response
}

/**
 * A `fetch` for calendars that may only reach what the outbound policy allows (the webhook guard
 * and its setting): every request and every redirect hop is checked and connects to the checked
 * address, so neither a URL nor a redirect nor a second DNS answer can reach inside the server's
 * network. Redirects are followed here (at most 5), so each hop is checked, the Authorization
 * header does not follow one to another origin, and `redirect: 'manual'` (tsdav's discovery)
 * still sees the redirect itself. One deadline covers the whole exchange including the body, and
 * the body is read whole up to `maxBytes`. Refusals throw OutboundRefused, failures
 * OutboundFailed.
 */
export function guardedFetch(
  policy: TargetPolicy,
  {
    timeoutMs = 10_000,
    maxBytes = 10 * 1024 * 1024,
  }: { timeoutMs?: number; maxBytes?: number } = {},
): typeof fetch {
  return async (input, init) => {
    let target = await checkTarget(
      input instanceof Request ? input.url : String(input),
      policy,
      'calendar',
    )
    const request = new Request(input, init)
    const deadline = new AbortController()
    const timer = setTimeout(
      () =>
        deadline.abort(
          new OutboundFailed(`No answer from ${target.url.host} within ${timeoutMs / 1000} s.`),
        ),
      timeoutMs,
    )
    const onCallerAbort = () => deadline.abort(request.signal.reason)
    if (request.signal.aborted) onCallerAbort()
    request.signal.addEventListener('abort', onCallerAbort, { once: true })
    try {
      let method = request.method
      const headers = new Headers(request.headers)
      let body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined
      for (let hop = 0; ; hop++) {
        deadline.signal.throwIfAborted()
        const answer = await exchange(target, { method, headers, body }, deadline.signal, maxBytes)
        const location = answer.headers.location
        if (!REDIRECTS.has(answer.status) || !location || request.redirect === 'manual') {
          if (answer.status < 200 || answer.status > 599) {
            throw new OutboundFailed(`${target.url.host} answered with status ${answer.status}.`)
          }
          return toResponse(answer, method, target.url.href, hop > 0)
        }
        if (request.redirect === 'error') {
          throw new OutboundFailed(`${target.url.host} answered with a redirect.`)
        }
        if (hop === MAX_REDIRECTS) {
          throw new OutboundFailed(`${target.url.host} redirected too many times.`)
        }
        const next = new URL(location, target.url)
        if (next.origin !== target.url.origin) {
          headers.delete('authorization')
          headers.delete('cookie')
        }
        // As fetch does: a 303 turns into a GET, and so does a POST meeting a 301 or 302.
        if (
          (answer.status === 303 && method !== 'HEAD') ||
          ((answer.status === 301 || answer.status === 302) && method === 'POST')
        ) {
          method = 'GET'
          body = undefined
          headers.delete('content-type')
        }
        target = await checkTarget(next.href, policy, 'calendar')
      }
    } finally {
      clearTimeout(timer)
      request.signal.removeEventListener('abort', onCallerAbort)
    }
  }
}
