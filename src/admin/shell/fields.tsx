import { useTranslation } from 'gatsby-plugin-react-i18next'
import type { ReactNode } from 'react'
import { useField, useFormState } from 'react-final-form'
import { isHttpError } from '../../lib/http'

/** A labelled react-final-form input whose message (an `admin.*` key) shows once it was touched. */
export function TextField({
  name,
  label,
  type = 'text',
  autoComplete,
  required = false,
  help,
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
  const id = `admin-field-${name}`
  const describedBy = [help ? `${id}-help` : '', error ? `${id}-error` : ''].filter(Boolean)
  return (
    <div className="widget-field">
      <label htmlFor={id}>{label}</label>
      <input
        {...input}
        id={id}
        type={type}
        autoComplete={autoComplete}
        aria-required={required}
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy.length ? describedBy.join(' ') : undefined}
      />
      {help ? (
        <p id={`${id}-help`} className="widget-field__help">
          {help}
        </p>
      ) : null}
      <FieldMessage id={`${id}-error`} error={error} />
    </div>
  )
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
      {help ? (
        <p id={helpId} className="widget-field__help">
          {help}
        </p>
      ) : null}
    </div>
  )
}

/** A field's message (an `admin.*` key), under it, when it has one; `id` is what describes it. */
export function FieldMessage({ id, error }: { id: string; error: string | undefined }) {
  const { t } = useTranslation()
  return error ? (
    <p id={id} className="widget-field__error">
      {t(error)}
    </p>
  ) : null
}

/** One of a select's options: the value sent and the label shown. */
export type Choice = readonly [value: string | number, label: string]

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
  const error = meta.touched ? (meta.error as string | undefined) : undefined
  const id = `admin-field-${name}`
  return (
    <div className="widget-field">
      <label htmlFor={id}>{label}</label>
      <select
        {...input}
        id={id}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        {blank === undefined ? null : <option value="">{blank}</option>}
        {choices.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
      <FieldMessage id={`${id}-error`} error={error} />
    </div>
  )
}

// What the HTTP client reports when no answer came (a network failure), and what a proxy answers
// when the API is down: none of these carries the API's machine-readable code.
const NO_ANSWER_STATUSES = new Set([502, 503, 504])

/**
 * What to say of a failed call. The failures that are not the API's refusal of this request (no
 * answer, a time-out, a busy or broken server, too many requests) are the dashboard's to word,
 * as an `admin.errors.*` key that Alert translates; a refusal is the API's error object's
 * message (its words, not ours); anything else is a bug, said as is.
 */
export function messageOf(failure: unknown): string {
  if (!isHttpError(failure)) return String(failure)
  if (failure.code === 'unavailable') return 'admin.errors.busy'
  if (failure.code === 'rate_limited') return 'admin.errors.tooMany'
  if (failure.code) return failure.message
  if (failure.statusCode === 408) return 'admin.errors.timeout'
  if (NO_ANSWER_STATUSES.has(failure.statusCode)) return 'admin.errors.unreachable'
  if (failure.statusCode >= 500) return 'admin.errors.server'
  return failure.message
}

/**
 * How a `messageOf` result is said: a message key in the page's language, the API's words as
 * they are (looked up, they could read as a key path or a namespace).
 */
export function useSay(): (message: string) => string {
  const { t, i18n } = useTranslation()
  return (message) => (i18n.exists(message) ? t(message) : message)
}

/** A refusal or failure, announced when it appears; a message key is said in the page's language. */
export function Alert({ children }: { children: ReactNode }) {
  const say = useSay()
  if (!children) return null
  return (
    <p className="widget-alert" role="alert">
      {typeof children === 'string' ? say(children) : children}
    </p>
  )
}

/**
 * A form's end: what the server refused it with, and its submit button, off while the form is
 * sent. Other buttons (children) stand beside it.
 */
export function FormSubmit({ label, children }: { label: string; children?: ReactNode }) {
  const { submitError, submitting } = useFormState({
    subscription: { submitError: true, submitting: true },
  })
  const button = (
    <button type="submit" className="widget-button widget-button--primary" disabled={submitting}>
      {label}
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
