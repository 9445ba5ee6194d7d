import { useTranslation } from 'gatsby-plugin-react-i18next'
import type { ReactNode } from 'react'
import { useField, useFormState } from 'react-final-form'
import {
  Alert,
  describedBy,
  FieldHelp,
  LabelledField,
  Options,
  TextInput,
  type Choice,
} from './plain-fields'

// The kit's fields and messages are imported from here; the ones without the form library live
// in plain-fields, which the sign-in page uses alone.
export {
  Alert,
  describedBy,
  type Choice,
  FieldHelp,
  FieldMessage,
  FieldNote,
  LabelledField,
  messageOf,
  Options,
  useSay,
} from './plain-fields'

/** A labelled react-final-form input whose message (an `admin.*` key) shows once it was touched. */
export function TextField({
  name,
  type = 'text',
  ...shown
}: {
  name: string
  label: string
  type?: string
  autoComplete?: string
  required?: boolean
  help?: string
}) {
  const { input, meta } = useField<string>(name, {
    subscription: { value: true, touched: true, error: true, submitError: true },
  })
  const error = meta.touched ? ((meta.error as string) ?? (meta.submitError as string)) : undefined
  return <TextInput {...input} {...shown} type={type} id={`admin-field-${name}`} error={error} />
}

/**
 * A web address a form needs (an endpoint, a site, a calendar): typed, never filled in by the
 * browser from elsewhere.
 */
export function UrlField({ name, label, help }: { name: string; label: string; help: string }) {
  return <TextField name={name} type="url" label={label} help={help} autoComplete="off" required />
}

/**
 * A react-final-form checkbox inside its label, as the widget's choices are; `help` says what
 * turning it on does, beneath it.
 */
export function CheckboxField({
  name,
  label,
  help,
}: {
  name: string
  label: string
  help?: string
}) {
  const { input } = useField<boolean>(name, { type: 'checkbox', subscription: { value: true } })
  const helpId = `admin-field-${name}-help`
  return (
    <div className="widget-field">
      <label className="widget-choice">
        <input
          type="checkbox"
          name={input.name}
          checked={Boolean(input.checked)}
          onChange={input.onChange}
          onBlur={input.onBlur}
          onFocus={input.onFocus}
          aria-describedby={help ? helpId : undefined}
        />
        {label}
      </label>
      <FieldHelp id={helpId} help={help} />
    </div>
  )
}

/** Records with an id and a name, as a select's choices. */
export const choicesOf = (rows: readonly { id: number; name: string }[]): Choice[] =>
  rows.map((row) => [row.id, row.name])

/**
 * A labelled react-final-form select of `choices`, after a `blank` one (the empty value) when
 * given, with its message as TextField has it.
 */
export function SelectField({
  name,
  label,
  choices,
  blank,
}: {
  name: string
  label: string
  choices: readonly Choice[]
  blank?: string
}) {
  const { input, meta } = useField<string>(name, {
    subscription: { value: true, touched: true, error: true },
  })
  const { t } = useTranslation()
  const error = meta.touched ? (meta.error as string | undefined) : undefined
  const id = `admin-field-${name}`
  return (
    <LabelledField id={id} label={label} error={error && t(error)}>
      <select
        {...input}
        id={id}
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy(id, undefined, error)}
      >
        {blank === undefined ? null : <option value="">{blank}</option>}
        <Options choices={choices} />
      </select>
    </LabelledField>
  )
}

/**
 * A form's end: what the server refused it with, and its submit button, off while the form is
 * sent (and saying `busyLabel` then, for a save that takes a while). Other buttons (children)
 * stand beside it.
 */
export function FormSubmit({
  label,
  busyLabel,
  children,
}: {
  label: string
  busyLabel?: string
  children?: ReactNode
}) {
  const { submitError, submitting } = useFormState({
    subscription: { submitError: true, submitting: true },
  })
  const button = (
    <button type="submit" className="widget-button widget-button--primary" disabled={submitting}>
      {submitting && busyLabel ? busyLabel : label}
    </button>
  )
  return (
    <>
      <Alert>{submitError as string | undefined}</Alert>
      {children ? (
        <div className="widget-actions">
          {button}
          {children}
        </div>
      ) : (
        button
      )}
    </>
  )
}
