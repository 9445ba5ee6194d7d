import type { FormDefinition } from '../../src/lib/forms/definition'
import { formProblems } from '../../src/lib/forms/form-input'
import { HttpError } from '../errors'
import type { FormKind } from './store'

// The schemas live beside the definition's, for the dashboard's form editor checks with them too.
export { formInputSchema, formPatchSchema } from '../../src/lib/forms/form-input'

/** Refuses, with a 400 naming each problem, what the schemas cannot check (formProblems). */
export function assertSound(kind: FormKind, definition: FormDefinition): void {
  const problems = formProblems(kind, definition)
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
