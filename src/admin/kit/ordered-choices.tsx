import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useState } from 'react'
import { FieldMessage } from '../shell/fields'
import { Options } from '../shell/plain-fields'
import { QuietButton } from './main-action'
import { reorderActions } from './reorder'
import { RowActions } from './row-actions'

export interface OrderedProps<Id> {
  id: string
  legend: string
  value: Id[]
  onChange: (ids: Id[]) => void
  error?: string
}

/**
 * Choices in an order of the user's: each listed one moves up, down or out by buttons (no
 * dragging, so keyboards and screen readers order them too), and one more is added from a select.
 */
export function OrderedChoices<Id extends string | number>({
  id,
  legend,
  choices,
  words,
  value,
  onChange,
  error,
}: OrderedProps<Id> & {
  choices: readonly { id: Id; name: string }[]
  /** What the list says with nothing in it, and its add select's and remove button's words. */
  words: { none: string; add: string; choose: string; remove: string }
}) {
  const { t } = useTranslation()
  const [adding, setAdding] = useState('')
  const nameOf = (chosen: Id) =>
    choices.find((choice) => choice.id === chosen)?.name ?? `#${chosen}`
  const addable = choices.filter((choice) => !value.includes(choice.id))
  const add = () => {
    const choice = addable.find((each) => String(each.id) === adding)
    if (!choice) return
    onChange([...value, choice.id])
    setAdding('')
  }
  return (
    <fieldset
      className="admin-ranges admin-ordered"
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend>{legend}</legend>
      {value.length === 0 ? <p>{words.none}</p> : null}
      <ol className="admin-ordered__list">
        {value.map((chosen, index) => {
          const name = nameOf(chosen)
          return (
            <li key={chosen} className="admin-range">
              <span className="admin-ordered__name">{name}</span>
              <RowActions
                name={name}
                actions={reorderActions(value, index, onChange, {
                  up: t('admin.catalogue.moveUp'),
                  down: t('admin.catalogue.moveDown'),
                  remove: words.remove,
                })}
              />
            </li>
          )
        })}
      </ol>
      {addable.length > 0 ? (
        <div className="admin-toolbar">
          <div className="widget-field admin-narrow-field">
            <label htmlFor={`${id}-add`}>{words.add}</label>
            <select id={`${id}-add`} value={adding} onChange={(e) => setAdding(e.target.value)}>
              <option value="">{words.choose}</option>
              <Options choices={addable.map((choice) => [choice.id, choice.name])} />
            </select>
          </div>
          <QuietButton disabled={!adding} onClick={add}>
            {t('admin.catalogue.add')}
          </QuietButton>
        </div>
      ) : null}
      <FieldMessage id={`${id}-error`} error={error} />
    </fieldset>
  )
}
