import type { ValidationErrors } from 'final-form'
import type { ReactNode } from 'react'
import { Form } from 'react-final-form'
import { FormSubmit } from '../shell/fields'
import { submitErrors } from './editor-panel'

/**
 * A form that stays on its screen to add one thing after another (an endpoint, a site, a link).
 * Unlike EditorPanel it has no panel, Close or unsaved-changes question: it is never opened, so
 * nothing is closed or lost. A refused save says why as EditorPanel's does (`submitErrors`); with
 * `clear`, a saved form starts again from `initialValues`, ready for the next one.
 */
export function AddForm<V extends object>({
  initialValues,
  validate,
  onSubmit,
  submitLabel,
  clear = false,
  children,
}: {
  /** Kept from render to render (a module constant): final-form starts over when it changes. */
  initialValues?: Partial<V>
  validate: (values: V) => ValidationErrors
  /** Saves; a failure it throws is shown on the form. */
  onSubmit: (values: V) => Promise<unknown>
  submitLabel: string
  clear?: boolean
  children: ReactNode
}) {
  const submit = (values: V) => onSubmit(values).then(() => undefined, submitErrors)
  return (
    <Form<V>
      onSubmit={submit}
      validate={validate}
      initialValues={initialValues}
      render={({ handleSubmit, form }) => (
        <form
          onSubmit={(event) =>
            handleSubmit(event)?.then(() => {
              if (clear && form.getState().submitSucceeded) form.restart()
            })
          }
          noValidate
        >
          {children}
          <FormSubmit label={submitLabel} />
        </form>
      )}
    />
  )
}
