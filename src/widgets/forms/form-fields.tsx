import { useTranslation } from 'gatsby-plugin-react-i18next'
import type { ReactNode } from 'react'
import { useField } from 'react-final-form'
import { RATING_RANGE, SCORE_RANGE, textIn, type FormField } from '../../lib/forms/definition'
import { useMessage } from '../../components/use-message'

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => from + index)

/** The message under a field once it has been left or the form was sent, announced as it appears. */
function useFieldMessage(name: string) {
  const translate = useMessage()
  const { meta } = useField(name, {
    subscription: { touched: true, error: true, submitError: true },
  })
  const shown = meta.touched ? (meta.error ?? meta.submitError) : undefined
  return typeof shown === 'string' ? translate(shown) : undefined
}

function Message({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={`${id}-error`} className="widget-field__error" role="alert">
      {message}
    </p>
  ) : null
}

const describedBy = (id: string, help: boolean, message: boolean) =>
  [help ? `${id}-help` : '', message ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined

/**
 * One question of a form, in the visitor's language: a labelled input for text, e-mail, phone,
 * number and date; a group of radios or checkboxes for choices, ratings and scores; a checkbox for
 * consent. Values are what the shared answers schema checks (numbers as numbers).
 */
export function FormFieldInput({
  field,
  locale,
  name = field.id,
}: {
  field: FormField
  locale: string
  /** The final-form field the answer goes to: the field's id unless the form nests it. */
  name?: string
}) {
  const { t } = useTranslation()
  const message = useFieldMessage(name)
  const id = `form-field-${name.replace(/[^\w-]/g, '-')}`
  const label = textIn(field.label, locale)
  const help = field.help ? textIn(field.help, locale) : undefined
  const required = field.required ? <span aria-hidden="true"> *</span> : null
  const helpText = help ? (
    <p id={`${id}-help`} className="widget-field__help">
      {help}
    </p>
  ) : null
  const aria = {
    'aria-invalid': Boolean(message),
    'aria-describedby': describedBy(id, Boolean(help), Boolean(message)),
  }

  switch (field.type) {
    case 'singleChoice':
    case 'multipleChoice':
    case 'rating':
    case 'score': {
      const multiple = field.type === 'multipleChoice'
      const scale = field.type === 'rating' ? RATING_RANGE : SCORE_RANGE
      const choices =
        field.type === 'rating' || field.type === 'score'
          ? range(scale.min, scale.max).map((n) => ({
              value: n,
              label: field.type === 'rating' ? t('form.stars', { count: n }) : String(n),
            }))
          : field.options.map((option) => ({
              value: option.id,
              label: textIn(option.label, locale),
            }))
      return (
        <fieldset
          className={`widget-field form-choices form-choices--${field.type}`}
          // Only a radio group can say it must be answered; checkboxes say so in their legend.
          {...(multiple ? {} : { role: 'radiogroup', 'aria-required': field.required })}
          {...aria}
        >
          <legend>
            {label}
            {required}
          </legend>
          {helpText}
          {choices.map((choice) => (
            <Choice
              key={String(choice.value)}
              name={name}
              value={choice.value}
              label={choice.label}
              multiple={multiple}
            />
          ))}
          <Message id={id} message={message} />
        </fieldset>
      )
    }
    case 'consent':
      return (
        <div className="widget-field widget-field--checkbox">
          <ConsentBox id={id} name={name} label={label} required={required} aria={aria} />
          {helpText}
          <Message id={id} message={message} />
        </div>
      )
    default:
      return (
        <div className="widget-field">
          <label htmlFor={id}>
            {label}
            {required}
          </label>
          <TextInput id={id} name={name} field={field} aria={aria} />
          {helpText}
          <Message id={id} message={message} />
        </div>
      )
  }
}

const INPUT_TYPES: Partial<Record<FormField['type'], string>> = {
  email: 'email',
  phone: 'tel',
  number: 'number',
  date: 'date',
}

function TextInput({
  id,
  name,
  field,
  aria,
}: {
  id: string
  name: string
  field: FormField
  aria: Record<string, unknown>
}) {
  const number = field.type === 'number'
  const { input } = useField<string | number>(name, {
    // A number field's answer is a number, or none while empty.
    parse: number ? (value) => (value === '' ? undefined : Number(value)) : (value) => value,
    subscription: { value: true },
  })
  const common = {
    ...input,
    id,
    value: input.value ?? '',
    'aria-required': field.required,
    ...aria,
  }
  if (field.type === 'longText') return <textarea {...common} rows={4} />
  return (
    <input
      {...common}
      type={INPUT_TYPES[field.type] ?? 'text'}
      {...(field.type === 'number'
        ? { min: field.min, max: field.max, inputMode: 'decimal' as const }
        : {})}
    />
  )
}

function Choice({
  name,
  value,
  label,
  multiple,
}: {
  name: string
  value: string | number
  label: string
  multiple: boolean
}) {
  const { input } = useField(name, {
    type: multiple ? 'checkbox' : 'radio',
    value,
    // A radio reports its value as text; a rating or score is answered with a number.
    ...(typeof value === 'number' ? { parse: (text: string) => Number(text) } : {}),
    subscription: { value: true },
  })
  return (
    <label className="widget-choice form-choice">
      <input {...input} />
      <span>{label}</span>
    </label>
  )
}

function ConsentBox({
  id,
  name,
  label,
  required,
  aria,
}: {
  id: string
  name: string
  label: string
  required: ReactNode
  aria: Record<string, unknown>
}) {
  const { input } = useField(name, { type: 'checkbox', subscription: { value: true } })
  return (
    <label htmlFor={id}>
      <input {...input} id={id} {...aria} />
      {label}
      {required}
    </label>
  )
}
