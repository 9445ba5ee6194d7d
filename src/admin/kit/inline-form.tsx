import type { ReactNode } from 'react'
import { Form } from 'react-final-form'
import type { ValidationErrors } from 'final-form'
import { FormSubmit } from '../shell/fields'
import { submitErrors } from './editor-panel'

/**
 * A form that stays on its screen once saved (an "add a date" or "save the hours" form, where
 * EditorPanel's form closes). It ends in its submit button with, right by it, a polite status
 * saying what the last save did: a confirmation at the top of the page is far from where the
 * eye and the keyboard are. A refused save keeps every typed value and says why (submitErrors).
 */
export function InlineForm<V extends object>({
  initialValues,
  validate,
  onSubmit,
  submitLabel,
  status,
  className,
  children,
}: {
  initialValues?: Partial<V>
  validate?: (values: V) => ValidationErrors
  /** Saves; a failure it throws is shown on the form. */
  onSubmit: (values: V) => Promise<unknown>
  submitLabel: string
  /** What was just done, by this form or by the part of the screen it belongs to. */
  status?: string
  className?: string
  children: ReactNode
}) {
  return (
    <Form<V>
      onSubmit={(values) => onSubmit(values).then(() => undefined, submitErrors)}
      validate={validate}
      initialValues={initialValues}
      render={({ handleSubmit }) => (
        <form onSubmit={handleSubmit} noValidate className={className}>
          {children}
          <FormSubmit label={submitLabel} />
          <p role="status" className="admin-status">
            {status}
          </p>
        </form>
      )}
    />
  )
}
