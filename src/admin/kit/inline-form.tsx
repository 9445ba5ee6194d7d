import type { ValidationErrors } from 'final-form'
import type { ReactNode } from 'react'
import { Form } from 'react-final-form'
import { FormSubmit } from '../shell/fields'
import type { EditedElsewhere } from './edit-conflict'
import { LoadSavedVersion } from './edit-conflict'
import { saving } from './editor-panel'
import { FormLeaveGuard } from './leave-guard'

/**
 * A form that stays on its screen once saved (the week's hours, a date with other hours, a
 * blocked period, a webhook endpoint, a site, a one-time link), where EditorPanel's form closes.
 * A refused save keeps every typed value and says why (`submitErrors`); with `clear`, a saved
 * form starts again from `initialValues`, ready for the next one.
 */
export function InlineForm<V extends object>({
  initialValues,
  validate,
  onSubmit,
  submitLabel,
  clear = false,
  status,
  className,
  editedElsewhere,
  children,
}: {
  /** Kept from render to render (a module constant, a memo): final-form starts over when it changes. */
  initialValues?: Partial<V>
  validate?: (values: V) => ValidationErrors
  /** Saves; a failure it throws is shown on the form. */
  onSubmit: (values: V) => Promise<unknown>
  submitLabel: string
  clear?: boolean
  /**
   * Given (an empty string until there is something to say) where the form says what its last
   * save did: a polite status right after its button, since a confirmation at the top of the
   * page is far from where the eye and the keyboard are. Left out where the screen says it.
   */
  status?: string
  className?: string
  /** For a versioned row: a save refused because another came first says so, and offers it. */
  editedElsewhere?: EditedElsewhere
  /** The fields, or a function of the values typed so far (for fields that depend on them). */
  children: ReactNode | ((values: V) => ReactNode)
}) {
  return (
    <Form<V>
      onSubmit={saving(onSubmit, editedElsewhere)}
      validate={validate}
      initialValues={initialValues}
      render={({ handleSubmit, form, values, submitError }) => (
        <form
          onSubmit={(event) =>
            handleSubmit(event)?.then(() => {
              if (clear && form.getState().submitSucceeded) form.restart()
            })
          }
          noValidate
          className={className}
        >
          <FormLeaveGuard />
          {typeof children === 'function' ? children(values) : children}
          <LoadSavedVersion submitError={submitError} editedElsewhere={editedElsewhere} />
          <FormSubmit label={submitLabel} />
          {status === undefined ? null : (
            <p role="status" className="admin-status">
              {status}
            </p>
          )}
        </form>
      )}
    />
  )
}
