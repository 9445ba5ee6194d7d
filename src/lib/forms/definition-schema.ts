import { LOCALES } from '../locale/locales'
import { Joi } from '../validation/joi'
import { FIELD_TYPES, type ChoiceOption, type FormDefinition, type FormRule } from './definition'

// The dashboard and the server check a definition with joi; the widgets only read one (issue 33).

const ID_PATTERN = /^[a-z0-9][a-z0-9_-]{0,63}$/

const localizedText = Joi.object(
  Object.fromEntries(LOCALES.map((locale) => [locale, Joi.string().trim().max(2000)])),
).keys({ en: Joi.string().trim().min(1).max(2000).required() })

const id = Joi.string().pattern(ID_PATTERN).messages({
  'string.pattern.base': '{{#label}} must be 1 to 64 lower-case letters, digits, - or _',
})

const option = Joi.object<ChoiceOption>({ id: id.required(), label: localizedText.required() })

const options = Joi.array()
  .items(option)
  .min(1)
  .max(50)
  .unique('id')
  .required()
  .messages({ 'array.unique': 'Option ids must be unique within a field' })

const field = Joi.object({
  id: id.required(),
  label: localizedText.required(),
  help: localizedText,
  required: Joi.boolean(),
  type: Joi.string()
    .valid(...FIELD_TYPES)
    .required(),
  min: Joi.when('type', { is: 'number', then: Joi.number(), otherwise: Joi.forbidden() }),
  max: Joi.when('type', {
    is: 'number',
    then: Joi.number().min(Joi.ref('min', { adjust: (min: unknown) => min ?? -Infinity })),
    otherwise: Joi.forbidden(),
  }),
  options: Joi.when('type', {
    is: Joi.valid('singleChoice', 'multipleChoice'),
    then: options,
    otherwise: Joi.forbidden(),
  }),
  minSelections: Joi.when('type', {
    is: 'multipleChoice',
    then: Joi.number().integer().min(0).max(Joi.ref('options.length')),
    otherwise: Joi.forbidden(),
  }),
  maxSelections: Joi.when('type', {
    is: 'multipleChoice',
    then: Joi.number()
      .integer()
      .min(Joi.ref('minSelections', { adjust: (min: unknown) => Math.max(1, Number(min ?? 1)) }))
      .max(Joi.ref('options.length')),
    otherwise: Joi.forbidden(),
  }),
})

const rule = Joi.object<FormRule>({
  when: Joi.object({
    field: id.required(),
    equals: Joi.alternatives(Joi.string().max(500), Joi.number(), Joi.boolean()),
    includes: id,
  })
    .xor('equals', 'includes')
    .required(),
  then: Joi.alternatives(
    Joi.object({ action: Joi.valid('show', 'hide').required(), field: id.required() }),
    Joi.object({ action: Joi.valid('jump').required(), page: id.required() }),
    Joi.object({ action: Joi.valid('end').required() }),
  ).required(),
})

export const formDefinitionSchema = Joi.object<FormDefinition>({
  title: localizedText.required(),
  description: localizedText,
  thankYou: localizedText,
  redirectUrl: Joi.string()
    .uri({ scheme: ['http', 'https'] })
    .max(2000),
  pages: Joi.array()
    .items(
      Joi.object({
        id: id.required(),
        title: localizedText,
        fields: Joi.array().items(field).min(1).max(100).required(),
      }),
    )
    .min(1)
    .max(50)
    .unique('id')
    .required()
    .messages({ 'array.unique': 'Page ids must be unique' }),
  rules: Joi.array().items(rule).max(200),
})
