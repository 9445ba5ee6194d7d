import type { FormInput, FormKind, FormPatch } from '../admin/form-types'
import { Joi } from '../validation/joi'
import { definitionProblems, type FormDefinition } from './definition'
import { formDefinitionSchema } from './definition-schema'

/** A form's public address part: lower-case letters, digits and dashes. */
export const formSlugSchema = Joi.string()
  .trim()
  .lowercase()
  .pattern(/^[a-z0-9][a-z0-9-]*$/)
  .max(80)
  .messages({ 'string.pattern.base': '{{#label}} must be lower-case letters, digits and -' })

/**
 * A new form or survey (`POST /api/admin/forms`) and a change to one (`PATCH`): the server checks
 * them with these, and the dashboard's form editor does too before it sends.
 */
export const formInputSchema = Joi.object<FormInput>({
  slug: formSlugSchema.required(),
  kind: Joi.string().valid('form', 'survey').required(),
  published: Joi.boolean(),
  definition: formDefinitionSchema.required(),
})

export const formPatchSchema = Joi.object<FormPatch>({
  slug: formSlugSchema,
  published: Joi.boolean(),
  definition: formDefinitionSchema,
}).min(1)

/**
 * What is wrong with a definition for its kind beyond its schema: the references between rules,
 * fields and pages, and jump circles (definitionProblems); and a form, unlike a survey, is one
 * page that neither jumps nor ends early. Empty when it is sound.
 */
export function formProblems(kind: FormKind, definition: FormDefinition): string[] {
  const problems = definitionProblems(definition)
  if (kind === 'form') {
    if (definition.pages.length !== 1) problems.push('A form has one page; a survey has several')
    const rules = definition.rules ?? []
    if (rules.some(({ then }) => then.action === 'jump' || then.action === 'end')) {
      problems.push('Only surveys jump between pages or end early')
    }
  }
  return problems
}
