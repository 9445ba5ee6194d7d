import type BaseJoi from 'joi'
import { calendarDateSchema, emailSchema, phoneSchema } from '../validation/booking-request'
import { Joi } from '../validation/joi'
import { MESSAGES } from '../validation/messages'
import {
  allFields,
  MAX_LONG_TEXT,
  MAX_SHORT_TEXT,
  RATING_RANGE,
  SCORE_RANGE,
  type Answers,
  type FormDefinition,
  type FormField,
} from './definition'
import { askedFields } from './rules'

export function numberRangeMessage(min: number | undefined, max: number | undefined): string {
  if (min !== undefined && max !== undefined) return `Please enter a number from ${min} to ${max}`
  if (min !== undefined) return `Please enter a number of at least ${min}`
  return `Please enter a number of at most ${max}`
}

export function maxChoicesMessage(count: number): string {
  return `Please choose at most ${count} options`
}

function numberSchema(min: number | undefined, max: number | undefined, integer = false) {
  let schema = Joi.number()
  if (integer) schema = schema.integer()
  if (min !== undefined) schema = schema.min(min)
  if (max !== undefined) schema = schema.max(max)
  const range = numberRangeMessage(min, max)
  return schema.messages({ 'number.min': range, 'number.max': range, 'number.integer': range })
}

/** One field's answer, as the widget and the server both check it. */
function fieldSchema(field: FormField): BaseJoi.Schema {
  switch (field.type) {
    case 'shortText':
      return Joi.string().trim().max(MAX_SHORT_TEXT)
    case 'longText':
      return Joi.string().trim().max(MAX_LONG_TEXT)
    case 'email':
      return emailSchema
    case 'phone':
      return phoneSchema
    case 'number':
      return numberSchema(field.min, field.max)
    case 'date':
      return calendarDateSchema(1800)
    case 'singleChoice':
      return Joi.string().valid(...field.options.map((o) => o.id))
    case 'multipleChoice': {
      const min = Math.max(field.minSelections ?? 0, field.required ? 1 : 0)
      const max = field.maxSelections ?? field.options.length
      return Joi.array()
        .items(Joi.string().valid(...field.options.map((o) => o.id)))
        .unique()
        .min(min)
        .max(max)
        .messages({ 'array.min': MESSAGES.chooseOption, 'array.max': maxChoicesMessage(max) })
    }
    case 'rating':
      return numberSchema(RATING_RANGE.min, RATING_RANGE.max, true)
    case 'score':
      return numberSchema(SCORE_RANGE.min, SCORE_RANGE.max, true)
    case 'consent':
      // Required consent must be given; optional consent may be declined.
      return field.required
        ? Joi.boolean().valid(true).messages({ 'any.only': MESSAGES.fieldRequired })
        : Joi.boolean()
  }
}

/** Empty text and no choices are no answer: a required field then says so. */
export function compactAnswers(answers: Answers): Answers {
  return Object.fromEntries(
    Object.entries(answers).filter(
      ([, value]) => !(value === '' || (Array.isArray(value) && value.length === 0)),
    ),
  )
}

/**
 * The schema of a response to `definition`: every field's answer checked by its type; the fields
 * the visitor is asked (rules and jumps applied to their answers) required where the business
 * said so; answers to fields they were not asked dropped; unknown field ids refused.
 */
export function answersSchema(definition: FormDefinition, answers: Answers) {
  const asked = new Set(askedFields(definition, answers).map((f) => f.id))
  return Joi.object(
    Object.fromEntries(
      allFields(definition).map((field) => {
        if (!asked.has(field.id)) return [field.id, Joi.any().strip()]
        const schema = fieldSchema(field)
        if (!field.required) return [field.id, schema]
        // A multiple choice has the spec's own message for it.
        const missing =
          field.type === 'multipleChoice' ? MESSAGES.chooseOption : MESSAGES.fieldRequired
        return [
          field.id,
          schema.required().messages({ 'any.required': missing, 'string.empty': missing }),
        ]
      }),
    ),
  )
}

export interface AnswersCheck {
  /** The answers as stored: trimmed, compacted, only the fields asked. */
  value: Answers
  /** A message per field id (or `_` for the whole response); empty when the answers are fine. */
  errors: Record<string, string>
}

/** Checks a response to `definition`, in the widget before sending and on the server again. */
export function checkAnswers(definition: FormDefinition, raw: unknown): AnswersCheck {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { value: {}, errors: { _: '"answers" must be an object' } }
  }
  const answers = compactAnswers(raw as Answers)
  const { value, error } = answersSchema(definition, answers).validate(answers, {
    abortEarly: false,
  })
  const errors: Record<string, string> = {}
  for (const detail of error?.details ?? []) {
    errors[String(detail.path[0] ?? '_')] ??= detail.message
  }
  return { value: value as Answers, errors }
}
