import { checkField, EMAIL_RULE, PHONE_RULE, type FieldRule } from '../validation/field-rules'
import { MESSAGES } from '../validation/messages'
import {
  MAX_LONG_TEXT,
  MAX_SHORT_TEXT,
  RATING_RANGE,
  SCORE_RANGE,
  type Answers,
  type FormField,
} from './definition'
import { askedFields } from './rules'
import type { FormDefinition } from './definition'

/**
 * The rules of a form's answers, as data (issue 33): the server's joi schema is built from them
 * (answers.ts), and the booking widget checks intake answers with `precheckAnswers` without joi.
 */

export function numberRangeMessage(min: number | undefined, max: number | undefined): string {
  if (min !== undefined && max !== undefined) return `Please enter a number from ${min} to ${max}`
  if (min !== undefined) return `Please enter a number of at least ${min}`
  return `Please enter a number of at most ${max}`
}

export function maxChoicesMessage(count: number): string {
  return `Please choose at most ${count} options`
}

const numberRule = (min: number | undefined, max: number | undefined, integer = false) =>
  ({ type: 'number', min, max, integer, range: numberRangeMessage(min, max) }) as const

/** The rule of one field's answer; a required field's own message when it is left unanswered. */
export function answerRule(field: FormField): FieldRule {
  // A multiple choice has the spec's own message for it.
  const missing = field.type === 'multipleChoice' ? MESSAGES.chooseOption : MESSAGES.fieldRequired
  const required = field.required ? { required: missing } : {}
  switch (field.type) {
    case 'shortText':
      return { type: 'text', max: MAX_SHORT_TEXT, ...required }
    case 'longText':
      return { type: 'text', max: MAX_LONG_TEXT, ...required }
    case 'email':
      return { ...EMAIL_RULE, ...required }
    case 'phone':
      return { ...PHONE_RULE, ...required }
    case 'number':
      return { ...numberRule(field.min, field.max), ...required }
    case 'date':
      return { type: 'date', fromYear: 1800, ...required }
    case 'singleChoice':
      return { type: 'choice', options: field.options.map((o) => o.id), ...required }
    case 'multipleChoice': {
      const max = field.maxSelections ?? field.options.length
      return {
        type: 'choices',
        options: field.options.map((o) => o.id),
        min: Math.max(field.minSelections ?? 0, field.required ? 1 : 0),
        max,
        tooFew: MESSAGES.chooseOption,
        tooMany: maxChoicesMessage(max),
        ...required,
      }
    }
    case 'rating':
      return { ...numberRule(RATING_RANGE.min, RATING_RANGE.max, true), ...required }
    case 'score':
      return { ...numberRule(SCORE_RANGE.min, SCORE_RANGE.max, true), ...required }
    case 'consent':
      // Required consent must be given; optional consent may be declined.
      return field.required
        ? { type: 'boolean', mustAccept: MESSAGES.fieldRequired, ...required }
        : { type: 'boolean' }
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

export interface AnswersCheck {
  /** The answers as stored: trimmed, compacted, only the fields asked. */
  value: Answers
  /** A message per field id (or `_` for the whole response); empty when the answers are fine. */
  errors: Record<string, string>
}

/**
 * The widget's check of a response to `definition`, before sending: the messages the server's
 * `checkAnswers` gives that can be told without joi, and the answers it would store. The server
 * checks again and has the last word (a phone number in its country, joi's own words).
 */
export function precheckAnswers(definition: FormDefinition, raw: Answers): AnswersCheck {
  const answers = compactAnswers(raw)
  const value: Answers = {}
  const errors: Record<string, string> = {}
  for (const field of askedFields(definition, answers)) {
    const rule = answerRule(field)
    const answer = answers[field.id]
    const message = checkField(rule, answer, field.required ?? false)
    if (message) errors[field.id] = message
    if (answer !== undefined) {
      value[field.id] = rule.type === 'text' && typeof answer === 'string' ? answer.trim() : answer
    }
  }
  return { value, errors }
}
