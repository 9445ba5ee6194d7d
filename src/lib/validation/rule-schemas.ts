import type BaseJoi from 'joi'
import { isValidPhoneNumber } from 'libphonenumber-js'
import {
  INVALID_DATE,
  isCalendarDate,
  NAME_PATTERN,
  DATE_PATTERN,
  type FieldRule,
} from './field-rules'
import { Joi } from './joi'

export const requiredMessages = (message: string) => ({
  'any.required': message,
  'string.empty': message,
})

/**
 * The server's joi schema of a field rule (field-rules.ts): every check the widget makes, in the
 * same order, and what only the server can tell, the phone number checked against its country's
 * metadata.
 */
export function ruleSchema(rule: FieldRule): BaseJoi.Schema {
  const required: Record<string, string> = rule.required ? requiredMessages(rule.required) : {}
  switch (rule.type) {
    case 'text': {
      let schema = Joi.string().trim().max(rule.max)
      if (rule.shape === 'email') schema = schema.email({ tlds: false })
      if (rule.shape === 'name') schema = schema.pattern(NAME_PATTERN)
      if (rule.shape === 'phone') {
        schema = schema.custom((value: string, helpers) =>
          isValidPhoneNumber(value) ? value : helpers.error('phone.invalid'),
        )
      }
      const messages = { ...required }
      if (rule.invalid) {
        for (const code of ['string.email', 'string.pattern.base', 'phone.invalid']) {
          messages[code] = rule.invalid
        }
      }
      if (rule.tooLong) messages['string.max'] = rule.tooLong
      return schema.messages(messages)
    }
    case 'date':
      return Joi.string()
        .pattern(DATE_PATTERN)
        .custom((value: string, helpers) =>
          isCalendarDate(value, rule.fromYear) ? value : helpers.error('date.invalid'),
        )
        .messages({
          'string.pattern.base': INVALID_DATE,
          'date.invalid': INVALID_DATE,
          ...required,
        })
    case 'number': {
      let schema = Joi.number()
      if (rule.integer) schema = schema.integer()
      if (rule.min !== undefined) schema = schema.min(rule.min)
      if (rule.max !== undefined) schema = schema.max(rule.max)
      const messages: Record<string, string> = {
        'number.min': rule.range,
        'number.max': rule.range,
        'number.integer': rule.range,
        ...required,
      }
      if (rule.notANumber) messages['number.base'] = rule.notANumber
      return schema.messages(messages)
    }
    case 'choice':
      return Joi.string()
        .valid(...rule.options)
        .messages(required)
    case 'choices':
      return Joi.array()
        .items(Joi.string().valid(...rule.options))
        .unique()
        .min(rule.min)
        .max(rule.max)
        .messages({ 'array.min': rule.tooFew, 'array.max': rule.tooMany, ...required })
    case 'boolean':
      return rule.mustAccept
        ? Joi.boolean()
            .valid(true)
            .messages({ 'any.only': rule.mustAccept, ...required })
        : Joi.boolean().messages(required)
  }
}
