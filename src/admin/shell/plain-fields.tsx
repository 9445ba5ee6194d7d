import { useTranslation } from 'gatsby-plugin-react-i18next'
import type { InputHTMLAttributes, ReactNode } from 'react'
import { isHttpError } from '../../lib/http'

/*
 * What the dashboard's fields and messages look like, without the form library: the sign-in page
 * is built from these alone, so it does not download final-form (issue 30's budget on its first
 * load, e2e/first-load.ts); the kit's fields (fields.tsx) draw themselves with them.
 */

/**
 * A labelled input with its help and its message (an `admin.*` key), described by both; the
 * input's own attributes (value, handlers, type) pass through.
 */
export function TextInput({
  id,
  label,
  help,
  error,
  required = false,
  ...input
}: {
  id: string
  label: string
  help?: string
  error?: string
  required?: boolean
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'required'>) {
  const { t } = useTranslation()
  return (
    <LabelledField id={id} label={label} help={help} error={error && t(error)}>
      <input
        {...input}
        id={id}
        aria-required={required}
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy(id, help, error)}
      />
    </LabelledField>
  )
}

/**
 * A field's frame: its label for the control (`children`, whose id is `id`), then its help and
 * its message (said as given) under it, with the ids `describedBy` names.
 */
export function LabelledField({
  id,
  label,
  help,
  error,
  children,
}: {
  id: string
  label: ReactNode
  help?: string
  error?: string
  children: ReactNode
}) {
  return (
    <div className="widget-field">
      <label htmlFor={id}>{label}</label>
      {children}
      <FieldNote id={`${id}-help`} kind="help" text={help} />
      <FieldNote id={`${id}-error`} kind="error" text={error} />
    </div>
  )
}

/** What a field's `aria-describedby` names: its help, then its message, of those it has. */
export const describedBy = (id: string, help?: string, error?: string) =>
  [help ? `${id}-help` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined

/** A note under a field, its help or its message (said as given), when it has one. */
export function FieldNote({
  id,
  kind,
  text,
}: {
  /** What the field names as its description. */
  id: string
  kind: 'help' | 'error'
  text: string | undefined
}) {
  return text ? (
    <p id={id} className={`widget-field__${kind}`}>
      {text}
    </p>
  ) : null
}

/** What a field is for, under it, when it says; `id` is what the field names as its description. */
export function FieldHelp({ id, help }: { id: string; help: string | undefined }) {
  return <FieldNote id={id} kind="help" text={help} />
}

/** A field's message (an `admin.*` key), under it, when it has one; `id` is what describes it. */
export function FieldMessage({ id, error }: { id: string; error: string | undefined }) {
  const { t } = useTranslation()
  return <FieldNote id={id} kind="error" text={error && t(error)} />
}

/** One of a select's options: the value sent and the label shown. */
export type Choice = readonly [value: string | number, label: string]

/** A select's options, one for each choice. */
export function Options({ choices }: { choices: readonly Choice[] }) {
  return (
    <>
      {choices.map(([value, label]) => (
        <option key={value} value={value}>
          {label}
        </option>
      ))}
    </>
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
