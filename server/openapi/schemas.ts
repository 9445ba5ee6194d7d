import { ERROR_CODES } from '../../src/lib/http/error-codes'
import { Joi } from '../../src/lib/validation/joi'

/** The error object every refusal and failure answers with (spec §3), as published. */
export const errorObjectSchema = Joi.object({
  statusCode: Joi.number().integer().min(400).max(599).required(),
  statusMessage: Joi.string().required(),
  message: Joi.string().required(),
  code: Joi.string().valid(...ERROR_CODES),
  fields: Joi.object()
    .pattern(/.*/, Joi.string())
    .description('Field path to message, for a form to show each beside its field'),
  currentVersion: Joi.number()
    .integer()
    .description('With version_conflict: the version now stored'),
}).label('ErrorObject')

/** An answer with no body (204), for the description and Fastify alike. */
export const noContent = { type: 'null', description: 'No content' } as const

/** An answer that is a file or a page rather than JSON: its media type, described. */
export function fileAnswer(mediaType: string, description: string) {
  return {
    description,
    content: { [mediaType]: { schema: { type: 'string' } } },
  }
}
