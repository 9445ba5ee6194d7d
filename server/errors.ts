import { STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify'
import type { ErrorCode, ErrorObject } from '../src/lib/http/error-object'
import { DatabaseBusy } from './db/database'
import { setSecurityHeaders } from './security-headers'

/** An error the API means to show: its fields become the response's error object. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly statusMessage: string,
    message: string = statusMessage,
    /** Field path to message, for a form to show each message beside its field. */
    readonly fields?: Record<string, string>,
    readonly code?: ErrorCode,
    /** With `version_conflict`: the version now stored, which the client's edit did not start from. */
    readonly currentVersion?: number,
  ) {
    super(message)
    this.name = 'HttpError'
  }
}

/** No route matches the path (spec §8). */
export function pageNotFound(path: string): HttpError {
  return new HttpError(404, `Page not found: ${path}`)
}

export function errorObject(statusCode: number, statusMessage: string, message = statusMessage) {
  return { statusCode, statusMessage, message } satisfies ErrorObject
}

/**
 * The URL of a request as the client sent it. The target is appended to an origin rather than
 * resolved against one: resolving reads `//x/y` as host x, and `//` as no URL at all.
 */
export function requestUrl(target: string): URL {
  return new URL(`http://localhost${target.startsWith('/') ? '' : '/'}${target}`)
}

/**
 * How soon an overloaded server asks to be tried again: a burst that took every database
 * connection is usually over within a second or two.
 */
export const BUSY_RETRY_AFTER_S = 1

function toErrorObject(
  error: FastifyError | HttpError,
): ErrorObject & { fields?: object; currentVersion?: number } {
  if (error instanceof DatabaseBusy) {
    return {
      ...errorObject(
        503,
        'Service Unavailable',
        'The server is busy right now. Please try again in a moment.',
      ),
      code: 'unavailable',
    }
  }
  if (error instanceof HttpError) {
    const body = {
      ...errorObject(error.statusCode, error.statusMessage, error.message),
      ...(error.code ? { code: error.code } : {}),
      ...(error.currentVersion === undefined ? {} : { currentVersion: error.currentVersion }),
    }
    return error.fields ? { ...body, fields: error.fields } : body
  }
  if (error.validation) {
    return errorObject(400, 'Bad Request', error.message)
  }
  const status = error.statusCode ?? 500
  if (status >= 400 && status < 500) {
    return errorObject(status, STATUS_CODES[status] ?? 'Bad Request', error.message)
  }
  // A 5xx never shows its internals: the details go to the log only.
  return errorObject(
    500,
    'Internal Server Error',
    'Something went wrong on our side. Please try again.',
  )
}

function sendError(error: FastifyError | HttpError, request: FastifyRequest, reply: FastifyReply) {
  const body = toErrorObject(error)
  if (error instanceof DatabaseBusy) {
    // Load, not a fault: one line each, and the client is told when to come back.
    request.log.warn(
      { waitedMs: error.waitedMs },
      'request refused: every database connection busy',
    )
    void reply.header('retry-after', String(BUSY_RETRY_AFTER_S))
  } else if (body.statusCode >= 500) {
    request.log.error({ err: error }, 'request failed')
  }
  return reply.status(body.statusCode).send(body)
}

/** What Node says when it cannot read a request at all, as the error object. */
function connectionErrorObject(code: string) {
  switch (code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return errorObject(408, 'Request Timeout', 'The request took too long to arrive.')
    case 'HPE_HEADER_OVERFLOW':
      return errorObject(
        431,
        'Request Header Fields Too Large',
        'The URL or the request headers are too long.',
      )
    default:
      return errorObject(400, 'Bad Request', 'The request could not be read.')
  }
}

/**
 * Options for Fastify's constructor: the errors it answers before any route or handler runs (a
 * URL that is not percent-encoded UTF-8, a path parameter too long, a request Node cannot parse)
 * get the error object too, not Fastify's own shape.
 */
export const frameworkErrorOptions: Pick<
  FastifyServerOptions,
  'frameworkErrors' | 'clientErrorHandler'
> = {
  frameworkErrors: (error, request, reply) => {
    // Given before any hook runs, so without the headers every other answer has.
    setSecurityHeaders(reply)
    void sendError(error, request, reply)
  },
  clientErrorHandler: (error, socket: Socket) => {
    // A reset connection has no one left to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return
    if (socket.writable) {
      const body = connectionErrorObject(error.code)
      const json = JSON.stringify(body)
      socket.write(
        `HTTP/1.1 ${body.statusCode} ${body.statusMessage}\r\n` +
          `Content-Type: application/json; charset=utf-8\r\n` +
          `Content-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`,
      )
    }
    socket.destroy(error)
  },
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(sendError)
  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const { pathname } = requestUrl(request.url)
    return reply.status(404).send(errorObject(404, `Page not found: ${pathname}`))
  })
}
