import { STATUS_CODES } from 'node:http'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ErrorCode, ErrorObject } from '../src/lib/http/error-object'

/** An error the API means to show: its fields become the response's error object. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly statusMessage: string,
    message: string = statusMessage,
    /** Field path to message, for a form to show each message beside its field. */
    readonly fields?: Record<string, string>,
    readonly code?: ErrorCode,
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

function toErrorObject(error: FastifyError | HttpError): ErrorObject & { fields?: object } {
  if (error instanceof HttpError) {
    const body = {
      ...errorObject(error.statusCode, error.statusMessage, error.message),
      ...(error.code ? { code: error.code } : {}),
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

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    const body = toErrorObject(error)
    if (body.statusCode >= 500) {
      request.log.error({ err: error }, 'request failed')
    }
    return reply.status(body.statusCode).send(body)
  })
  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const { pathname } = new URL(request.url, 'http://localhost')
    return reply.status(404).send(errorObject(404, `Page not found: ${pathname}`))
  })
}
