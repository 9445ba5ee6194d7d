import type Joi from 'joi'
import { fieldErrorsOf } from '../../../src/lib/validation/booking-request'
import { HttpError } from '../../errors'

/**
 * Validates with a shared joi schema; a failure is a 400 whose statusMessage is the first of the
 * spec's messages and whose `fields` name every field's message.
 */
export function validate<T>(schema: Joi.Schema<T>, value: unknown): T {
  const { error, value: valid } = schema.validate(value, { abortEarly: false, convert: true })
  if (error) {
    const fields = fieldErrorsOf(error)
    const messages = [...new Set(Object.values(fields))]
    // The code is set here: Fastify would otherwise stamp its own on a failed route schema.
    throw new HttpError(
      400,
      messages[0] ?? 'Bad Request',
      messages.join(' '),
      fields,
      'invalid_request',
    )
  }
  return valid
}
