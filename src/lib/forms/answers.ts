import { ruleSchema } from '../validation/rule-schemas'
import { Joi } from '../validation/joi'
import { allFields, type Answers, type FormDefinition } from './definition'
import { answerRule, compactAnswers, type AnswersCheck } from './answer-rules'
import { askedFields } from './rules'

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
        const schema = ruleSchema(answerRule(field))
        return [field.id, field.required ? schema.required() : schema]
      }),
    ),
  )
}

/**
 * Checks a response to `definition`: on the server, and in the form widget before sending (the
 * booking widget's intake questions use `precheckAnswers`, without joi).
 */
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
