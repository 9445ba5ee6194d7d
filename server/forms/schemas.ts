import {
  definitionProblems,
  formDefinitionSchema,
  type FormDefinition,
} from '../../src/lib/forms/definition'
import { Joi } from '../../src/lib/validation/joi'
import { HttpError } from '../errors'
import type { FormInput, FormKind } from './store'

const slug = Joi.string()
  .trim()
  .lowercase()
  .pattern(/^[a-z0-9][a-z0-9-]*$/)
  .max(80)

export const formInputSchema = Joi.object<FormInput>({
  slug: slug.required(),
  kind: Joi.string().valid('form', 'survey').required(),
  published: Joi.boolean(),
  definition: formDefinitionSchema.required(),
})

export const formPatchSchema = Joi.object<Partial<FormInput>>({
  slug,
  published: Joi.boolean(),
  definition: formDefinitionSchema,
}).min(1)

/**
 * Refuses, with a 400 naming each problem, what the definition's schema cannot check: references
 * between rules, fields and pages, and jump circles; and a form, unlike a survey, is one page
 * that neither jumps nor ends early.
 */
export function assertSound(kind: FormKind, definition: FormDefinition): void {
  const problems = definitionProblems(definition)
  if (kind === 'form') {
    if (definition.pages.length !== 1) problems.push('A form has one page; a survey has several')
    const rules = definition.rules ?? []
    if (rules.some(({ then }) => then.action === 'jump' || then.action === 'end')) {
      problems.push('Only surveys jump between pages or end early')
    }
  }
  if (problems.length > 0) {
    throw new HttpError(
      400,
      problems[0]!,
      problems.join('. '),
      { definition: problems.join('. ') },
      'invalid_request',
    )
  }
}
