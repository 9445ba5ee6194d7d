/** One of the things a screen can show: its value and its name. */
export interface Choice {
  value: number
  label: string
}

/**
 * Which one thing a screen shows (the staff member whose availability, the service whose
 * embedding code): a labelled select outside any form, since choosing saves nothing. The
 * screens that pick one of several each wrote this out; SelectField belongs inside a form.
 */
export function ScreenChoice({
  id,
  label,
  value,
  choices,
  onChange,
}: {
  id: string
  label: string
  value: number | undefined
  choices: Choice[]
  onChange: (value: number) => void
}) {
  return (
    <div className="widget-field admin-narrow-field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value ?? ''}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  )
}
