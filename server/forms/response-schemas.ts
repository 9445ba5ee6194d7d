import type { StrictSchemaMap } from 'joi'
import type {
  FormList,
  FormSaved,
  FormSummary,
  ResponsePage,
  StoredForm,
  StoredResponse,
} from '../../src/lib/admin/form-types'
import { FIELD_TYPES } from '../../src/lib/forms/definition'
import type { FormResponseCreated } from '../../src/lib/forms/response-request'
import { LOCALES } from '../../src/lib/locale/locales'
import { Joi } from '../../src/lib/validation/joi'

/**
 * The forms API's answers (src/lib/admin/form-types.ts). The definition is described as it is
 * stored (every definition passed formDefinitionSchema on its way in), without that schema's
 * cross-field rules, which check input and say nothing of an answer's shape.
 */

const localizedText = Joi.object(
  Object.fromEntries(LOCALES.map((locale) => [locale, Joi.string()])),
)
  .keys({ en: Joi.string().required() })
  .label('LocalizedText')
  .description('A text by locale, English always there as the fallback')

const option = Joi.object({ id: Joi.string().required(), label: localizedText.required() })

const field = Joi.object({
  id: Joi.string().required().description('Stable: answers are keyed by it'),
  label: localizedText.required(),
  help: localizedText,
  required: Joi.boolean(),
  type: Joi.string()
    .valid(...FIELD_TYPES)
    .required(),
  min: Joi.number().description('number fields only'),
  max: Joi.number().description('number fields only'),
  options: Joi.array().items(option).description('singleChoice and multipleChoice fields only'),
  minSelections: Joi.number().integer().description('multipleChoice fields only'),
  maxSelections: Joi.number().integer().description('multipleChoice fields only'),
}).label('FormField')

const rule = Joi.object({
  when: Joi.object({
    field: Joi.string().required(),
    equals: Joi.alternatives(Joi.string(), Joi.number(), Joi.boolean()),
    includes: Joi.string().description('A multiple choice answer includes this option'),
  }).required(),
  then: Joi.alternatives(
    Joi.object({
      action: Joi.string().valid('show', 'hide').required(),
      field: Joi.string().required(),
    }),
    Joi.object({ action: Joi.string().valid('jump').required(), page: Joi.string().required() }),
    Joi.object({ action: Joi.string().valid('end').required() }),
  ).required(),
}).label('FormRule')

const definition = Joi.object({
  title: localizedText.required(),
  description: localizedText,
  thankYou: localizedText.description('Shown after a response is stored'),
  redirectUrl: Joi.string().description('Where the visitor is sent after the thank-you'),
  pages: Joi.array()
    .items(
      Joi.object({
        id: Joi.string().required(),
        title: localizedText,
        fields: Joi.array().items(field).required(),
      }),
    )
    .required()
    .description('A form has one; a survey several'),
  rules: Joi.array().items(rule),
}).label('FormDefinition')

const storedFormKeys: StrictSchemaMap<StoredForm> = {
  id: Joi.number().integer().required(),
  slug: Joi.string().required(),
  kind: Joi.string().valid('form', 'survey').required(),
  published: Joi.boolean().required(),
  version: Joi.number().integer().required().description('The current version'),
  definition: definition.required(),
}

const { published: _published, ...publishedFormKeys } = storedFormKeys

/** A form as visitors read it (a published one, or a service's intake form), its flag left out. */
export const publishedFormSchema = Joi.object<Omit<StoredForm, 'published'>, true>(
  publishedFormKeys,
).label('PublishedForm')

export const storedFormSchema = Joi.object<StoredForm, true>(storedFormKeys).label('Form')

export const formListSchema = Joi.object<FormList, true>({
  forms: Joi.array()
    .items(
      Joi.object<FormSummary, true>({
        ...storedFormKeys,
        responses: Joi.number()
          .integer()
          .required()
          .description('How many responses it has had, to any version'),
      }).label('FormSummary'),
    )
    .required(),
}).label('FormList')

export const formSavedSchema = Joi.object<FormSaved, true>({
  id: Joi.number().integer().required(),
  version: Joi.number().integer().required().description('The current version'),
}).label('FormSaved')

/** One answer: text, a number, a yes or no, or the options chosen. */
export const answerValueSchema = Joi.alternatives(
  Joi.string(),
  Joi.number(),
  Joi.boolean(),
  Joi.array().items(Joi.string()),
)

const storedResponseSchema = Joi.object<StoredResponse, true>({
  id: Joi.number().integer().required(),
  version: Joi.number().integer().required().description('The version of the form it answered'),
  answers: Joi.object()
    .pattern(Joi.string(), answerValueSchema)
    .required()
    .description('By field id'),
  locale: Joi.string().required(),
  bookingId: Joi.number()
    .integer()
    .allow(null)
    .required()
    .description('The booking it was given with, for intake answers'),
  createdAt: Joi.string().isoDate().required(),
}).label('FormResponse')

export const responsePageSchema = Joi.object<ResponsePage, true>({
  responses: Joi.array().items(storedResponseSchema).required().description('Newest first'),
  next: Joi.number()
    .integer()
    .allow(null)
    .required()
    .description('The `before` of the next page; null on the last one'),
}).label('FormResponsePage')

export const formResponseCreatedSchema = Joi.object<FormResponseCreated, true>({
  id: Joi.number().integer().required(),
  thankYou: Joi.string().allow('').required().description("In the visitor's language"),
  redirectUrl: Joi.string().description('Where to send the visitor after the thank-you'),
}).label('FormResponseCreated')
