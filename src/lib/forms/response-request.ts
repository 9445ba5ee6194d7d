import { LOCALES } from '../locale/locales'
import { Joi } from '../validation/joi'
import type { Answers } from './definition'

/**
 * A response as the widget sends it: the version of the form it answered, the visitor's language
 * and the answers by field id. The answers are then checked against that version (checkAnswers).
 */
export interface FormResponseRequest {
  version: number
  locale: string
  answers: Answers
}

export const formResponseRequestSchema = Joi.object<FormResponseRequest>({
  version: Joi.number().integer().min(1).max(1_000_000).required(),
  locale: Joi.string()
    .valid(...LOCALES)
    .required(),
  answers: Joi.object().max(200).required(),
})

/** What the server answers once a response is stored. */
export interface FormResponseCreated {
  id: number
  thankYou: string
  redirectUrl?: string
}
