import type { HTMLInputTypeAttribute } from 'react'
import { LabelledField, Options } from '../shell/plain-fields'

/** One of the things a screen can show: its value and its name. */
export interface Choice<V extends string | number = number> {
  value: V
  label: string
}

/**
 * Which one thing a screen shows (the staff member whose availability, the service whose
 * embedding code, the kind of content): a labelled select outside any form, since choosing saves
 * nothing. SelectField belongs inside a form.
 */
export function ScreenChoice<V extends string | number>({
  id,
  label,
  value,
  choices,
  onChange,
}: {
  id: string
  label: string
  value: V | undefined
  choices: Choice<V>[]
  onChange: (value: V) => void
}) {
  return (
    <div className="widget-field admin-narrow-field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value ?? ''}
        onChange={(event) => {
          const chosen = choices.find((choice) => String(choice.value) === event.target.value)
          if (chosen) onChange(chosen.value)
        }}
      >
        <Options choices={choices.map((choice) => [choice.value, choice.label])} />
      </select>
    </div>
  )
}

/**
 * A labelled input outside any form that changes what a screen shows (the calendar's day, a
 * list's search): each change applies at once, as nothing is saved.
 */
export function ScreenInput({
  id,
  label,
  type = 'text',
  value,
  onChange,
}: {
  id: string
  label: string
  type?: HTMLInputTypeAttribute
  value: string
  onChange: (value: string) => void
}) {
  return (
    <LabelledField id={id} label={label}>
      <input id={id} type={type} value={value} onChange={(event) => onChange(event.target.value)} />
    </LabelledField>
  )
}
