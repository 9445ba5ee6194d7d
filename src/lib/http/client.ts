import redaxios from 'redaxios'
import { isErrorObject, type ErrorCode, type ErrorObject } from './error-object'

/** A failed request, as the spec's error object (plus the server's per-field messages). */
export class HttpError extends Error implements ErrorObject {
  readonly statusCode: number
  readonly statusMessage: string
  readonly fields?: Record<string, string>
  readonly code?: ErrorCode

  constructor(error: ErrorObject & { fields?: Record<string, string> }) {
    super(error.message)
    this.name = 'HttpError'
    this.statusCode = error.statusCode
    this.statusMessage = error.statusMessage
    if (error.fields) this.fields = error.fields
    if (error.code) this.code = error.code
  }
}

export const isHttpError = (value: unknown): value is HttpError => value instanceof HttpError

type Method = 'GET' | 'HEAD' | 'PUT' | 'DELETE' | 'OPTIONS' | 'POST' | 'PATCH'

// Retrying these cannot do anything twice; POST and PATCH are never retried blindly (booking
// creation carries an Idempotency-Key instead).
const IDEMPOTENT = new Set<Method>(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS'])
const RETRY_STATUSES = new Set([408, 409, 425, 429, 500, 502, 503, 504])
const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  422: 'Unprocessable Entity',
  425: 'Too Early',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
}

export interface RequestOptions {
  params?: Record<string, string | number | boolean | undefined>
  headers?: Record<string, string>
}

export interface HttpClientOptions {
  baseUrl: string
  timeoutMs?: number
  fetch?: typeof fetch
  sleep?: (ms: number) => Promise<void>
  /** Send cookies to an API on another origin too (the dashboard's session cookie). */
  withCredentials?: boolean
}

/** Same-origin `/api` unless the build sets GATSBY_API_URL (Gatsby inlines GATSBY_* vars). */
export function defaultApiBaseUrl(): string {
  return process.env.GATSBY_API_URL || '/api'
}

interface RawResponse {
  status: number
  data: unknown
  headers: Headers
}

function errorFor(response: RawResponse): HttpError {
  if (isErrorObject(response.data)) return new HttpError(response.data)
  const reason = REASONS[response.status] ?? `HTTP ${response.status}`
  const text = typeof response.data === 'string' && response.data.trim() ? response.data : reason
  return new HttpError({ statusCode: response.status, statusMessage: reason, message: text })
}

const timeoutError = () =>
  new HttpError({
    statusCode: 408,
    statusMessage: 'Request Timeout',
    message: 'The server took too long to answer. Please try again.',
  })

const networkError = () =>
  new HttpError({
    statusCode: 503,
    statusMessage: 'Service Unavailable',
    message: 'The server could not be reached. Check your connection and try again.',
  })

/** Seconds from Retry-After, capped: a widget must not sit silent for long. */
function retryDelay(headers: Headers | undefined): number {
  const seconds = Number(headers?.get('retry-after'))
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 5) * 1000 : 300
}

/**
 * The product's one HTTP client: a base URL, JSON bodies, 4xx/5xx as the spec's error object,
 * a time-out on every request, and one retry of idempotent requests on transient statuses.
 * redaxios has no retry, interceptors or working abort signal, so this layer adds them.
 */
export function createHttpClient(options: HttpClientOptions) {
  const timeoutMs = options.timeoutMs ?? 15_000
  const sleep = options.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)))
  const baseFetch = options.fetch ?? ((input, init) => fetch(input, init))

  async function once(method: Method, path: string, body: unknown, request: RequestOptions) {
    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(), timeoutMs)
    const params = Object.fromEntries(
      Object.entries(request.params ?? {})
        .filter(([, value]) => value !== undefined)
        .map(([key, value]) => [key, String(value)]),
    )
    try {
      const response = await redaxios({
        url: `${options.baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`,
        method: method.toLowerCase() as 'get',
        data: body,
        params: Object.keys(params).length ? params : undefined,
        headers: { accept: 'application/json', ...request.headers },
        validateStatus: (status) => status < 400,
        withCredentials: options.withCredentials ?? false,
        fetch: (input: RequestInfo | URL, init?: RequestInit) =>
          baseFetch(input, { ...init, signal: controller.signal }),
      })
      return { ok: true as const, data: response.data }
    } catch (failure) {
      if (controller.signal.aborted) return { ok: false as const, error: timeoutError() }
      const raw = failure as Partial<RawResponse>
      if (typeof raw.status === 'number') {
        return { ok: false as const, error: errorFor(raw as RawResponse), headers: raw.headers }
      }
      return { ok: false as const, error: networkError() }
    } finally {
      clearTimeout(timer)
    }
  }

  async function send<T>(
    method: Method,
    path: string,
    body: unknown,
    request: RequestOptions = {},
  ) {
    const first = await once(method, path, body, request)
    if (first.ok) return first.data as T
    const retry = IDEMPOTENT.has(method) && RETRY_STATUSES.has(first.error.statusCode)
    if (!retry) throw first.error
    await sleep(retryDelay('headers' in first ? first.headers : undefined))
    const second = await once(method, path, body, request)
    if (second.ok) return second.data as T
    throw second.error
  }

  return {
    get: <T>(path: string, request?: RequestOptions) => send<T>('GET', path, undefined, request),
    head: <T>(path: string, request?: RequestOptions) => send<T>('HEAD', path, undefined, request),
    delete: <T>(path: string, request?: RequestOptions) =>
      send<T>('DELETE', path, undefined, request),
    post: <T>(path: string, body?: unknown, request?: RequestOptions) =>
      send<T>('POST', path, body, request),
    put: <T>(path: string, body?: unknown, request?: RequestOptions) =>
      send<T>('PUT', path, body, request),
    patch: <T>(path: string, body?: unknown, request?: RequestOptions) =>
      send<T>('PATCH', path, body, request),
  }
}

export type HttpClient = ReturnType<typeof createHttpClient>
