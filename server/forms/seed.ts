import fs from 'node:fs/promises'
import path from 'node:path'
import { projectRoot } from '../config'
import { setupTransaction, type Database } from '../db'
import { validate } from '../booking/http/validate'
import { Joi } from '../../src/lib/validation/joi'
import { assertSound, formInputSchema } from './schemas'
import { createForm, type FormInput } from './store'

export const DEMO_FORMS_FILE = path.join(projectRoot, 'content', 'forms.json')

const demoFormsSchema = Joi.object({
  forms: Joi.array()
    .items(
      formInputSchema.keys({ intakeFor: Joi.array().items(Joi.string()).default([]) } as object),
    )
    .required(),
})

/**
 * Loads the demo's forms (a new-patient intake on the consultation, a satisfaction survey) into a
 * database that has none, after the demo booking setup, whose services the intake attaches to.
 * Returns whether it did.
 */
export async function seedDemoForms(db: Database, file = DEMO_FORMS_FILE): Promise<boolean> {
  const { forms } = validate(demoFormsSchema, JSON.parse(await fs.readFile(file, 'utf8'))) as {
    forms: (FormInput & { intakeFor: string[] })[]
  }
  for (const form of forms) assertSound(form.kind, form.definition)
  return setupTransaction(db, async (tx) => {
    const { rows } = await tx.query<{ count: number }>('SELECT count(*)::int AS count FROM forms')
    if ((rows[0]?.count ?? 0) > 0) return false
    for (const { intakeFor, ...form } of forms) {
      const id = await createForm(tx, form)
      if (intakeFor.length > 0) {
        await tx.query('UPDATE services SET intake_form_id = $1 WHERE slug = ANY($2::text[])', [
          id,
          intakeFor,
        ])
      }
    }
    return true
  })
}
