import type { FastifyInstance } from 'fastify'
import type Joi from 'joi'
import { validate } from './validate'

/** Route schemas in this scope are the shared joi schemas, failing with the spec's messages. */
export function useJoiValidation(app: FastifyInstance) {
  app.setValidatorCompiler(({ schema }) => (data) => {
    try {
      return { value: validate(schema as unknown as Joi.Schema, data) }
    } catch (error) {
      return { error: error as Error }
    }
  })
}
