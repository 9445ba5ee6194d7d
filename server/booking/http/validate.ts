import type Joi from 'joi'
import { fieldErrorsOf } from '../../../src/lib/validation/booking-request'
import { HttpError } from '../../errors'

/**
 * Validates with a shared joi schema; a failure is a 400 whose statusMessage is the first of the
 * spec's messages and whose `fields` name every field's message.
 */
export function validate<T>(schema: Joi.Schema<T>, value: unknown): T {
  const { error, value: valid } = schema.validate(value, { abortEarly: false, convert: true })
  if (error) throw invalidRequest(fieldErrorsOf(error))
  return valid
}

/**
 * The 400 for a payload whose fields are wrong: the first of their messages as statusMessage, all
 * of them in `message`, and each beside its field in `fields`. The code is set here: Fastify
 * would otherwise stamp its own on a failed route schema.
 */
export function invalidRequest(fields: Record<string, string>): HttpError {
  const messages = [...new Set(Object.values(fields))]
  return new HttpError(
    400,
    messages[0] ?? 'Bad Request',
    messages.join(' '),
    fields,
    'invalid_request',
  )
}
