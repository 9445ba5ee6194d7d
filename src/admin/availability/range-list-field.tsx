import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useField } from 'react-final-form'
import type { TimeRange } from '../../lib/admin/api-types'
import { QuietButton } from '../kit/main-action'
import { FieldMessage } from '../shell/fields'

/**
 * A react-final-form field whose value is a day's list of HH:mm ranges: each range two labelled
 * time inputs and a remove button, and a button adding one. The form validates the whole list.
 */
export function RangeListField({ name, legend }: { name: string; legend: string }) {
  const { t } = useTranslation()
  const { input, meta } = useField<TimeRange[]>(name, {
    subscription: { value: true, error: true, touched: true, submitFailed: true },
  })
  const ranges = input.value || []
  const set = (next: TimeRange[]) => {
    input.onChange(next)
    input.onBlur()
  }
  const error =
    (meta.touched || meta.submitFailed) && meta.error ? (meta.error as string) : undefined
  const errorId = `${name}-error`
  return (
    <fieldset className="admin-ranges" aria-describedby={error ? errorId : undefined}>
      <legend>{legend}</legend>
      {ranges.length === 0 ? (
        <p className="widget-choice__meta">{t('admin.availability.closed')}</p>
      ) : null}
      {ranges.map((range, index) => {
        const change = (key: keyof TimeRange, value: string) =>
          set(ranges.map((each, i) => (i === index ? { ...each, [key]: value } : each)))
        const id = `${name}-${index}`
        return (
          <div key={index} className="admin-range">
            <label htmlFor={`${id}-start`}>
              {t('admin.availability.from')}
              <span className="visually-hidden"> ({legend})</span>
            </label>
            <input
              id={`${id}-start`}
              type="time"
              value={range.start}
              onChange={(event) => change('start', event.target.value)}
            />
            <label htmlFor={`${id}-end`}>
              {t('admin.availability.until')}
              <span className="visually-hidden"> ({legend})</span>
            </label>
            <input
              id={`${id}-end`}
              type="time"
              value={range.end}
              onChange={(event) => change('end', event.target.value)}
            />
            <QuietButton onClick={() => set(ranges.filter((_, i) => i !== index))}>
              {t('admin.availability.remove')}
              <span className="visually-hidden">
                {' '}
                {range.start}–{range.end} ({legend})
              </span>
            </QuietButton>
          </div>
        )
      })}
      <button
        type="button"
        className="widget-button"
        onClick={() => set([...ranges, { start: '09:00', end: '17:00' }])}
      >
        {t('admin.availability.addRange')}
        <span className="visually-hidden"> ({legend})</span>
      </button>
      <FieldMessage id={errorId} error={error} />
    </fieldset>
  )
}
