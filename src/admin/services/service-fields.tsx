import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useField } from 'react-final-form'
import type { AdminProvider } from '../../lib/admin/service-types'
import { choicesOf, describedBy, LabelledField, SelectField, TextField } from '../shell/fields'
import { WHOLE_NUMBERS, type WholeNumberField } from './service-form'

/** A whole-number setting, its allowed range said beside it (and any more help before that). */
export function WholeNumberInput({ name, help }: { name: WholeNumberField; help?: string }) {
  const { t } = useTranslation()
  const { min, max } = WHOLE_NUMBERS[name]
  const range = t('admin.services.range', { min, max })
  return (
    <TextField
      name={name}
      label={t(`admin.services.field.${name}`)}
      autoComplete="off"
      required={!('optional' in WHOLE_NUMBERS[name])}
      help={help ? `${help} ${range}` : range}
    />
  )
}

/** A labelled text area, with any help under it as TextField gives it. */
export function TextAreaField({
  name,
  label,
  help,
  maxLength,
}: {
  name: string
  label: string
  help?: string
  /** Typing stops there, where the API's limit would refuse the save. */
  maxLength?: number
}) {
  const { input } = useField<string>(name, { subscription: { value: true } })
  const id = `admin-field-${name}`
  return (
    <LabelledField id={id} label={label} help={help}>
      <textarea
        {...input}
        id={id}
        rows={3}
        maxLength={maxLength}
        aria-describedby={describedBy(id, help)}
      />
    </LabelledField>
  )
}

/** One checkbox: a yes/no setting, or (with `value`) one item of a list setting. */
export function CheckboxField({
  name,
  label,
  value,
}: {
  name: string
  label: string
  value?: string
}) {
  const { input } = useField(name, { type: 'checkbox', value, subscription: { value: true } })
  return (
    <label className="widget-choice form-choice">
      <input {...input} />
      <span>{label}</span>
    </label>
  )
}

/** Whose a new service or staff member is, asked only when there is more than one provider. */
export function ProviderField({ label, providers }: { label: string; providers: AdminProvider[] }) {
  if (providers.length < 2) return null
  return <SelectField name="providerId" label={label} choices={choicesOf(providers)} />
}
