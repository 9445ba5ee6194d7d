import { FORM_ERROR } from 'final-form'
import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useEffect, useState } from 'react'
import { Form } from 'react-final-form'
import { useLanguageTag } from '../../components/booking/use-language-tag'
import type { AdminStaff, DateOverride, TimeRange } from '../../lib/admin/api-types'
import { formatLocalDate } from '../../lib/format/booking'
import { useAdmin } from '../shell/admin-context'
import { Alert, FormSubmit, messageOf, TextField } from '../shell/fields'
import { RangeListField } from './range-list-field'
import { rangesError, sortedRanges } from './ranges'

interface Values {
  date?: string
  ranges?: TimeRange[]
}

const validate = (values: Values) => ({
  date: values.date ? undefined : 'admin.validation.required',
  ranges: rangesError(values.ranges),
})

/**
 * Dates whose hours differ from the week's (`PUT /api/admin/staff/:id/overrides/:date`), a date
 * with no hours being a day off; `DELETE` gives the date back to the weekly hours.
 */
export function OverridesForm({
  member,
  onMessage,
}: {
  member: AdminStaff
  onMessage: (message: string) => void
}) {
  const { t } = useTranslation()
  const tag = useLanguageTag()
  const { api } = useAdmin()
  const [overrides, setOverrides] = useState<DateOverride[]>([])
  const [error, setError] = useState<string>()

  useEffect(() => {
    let current = true
    api.overrides(member.id).then(
      (list) => current && setOverrides(list),
      (failure: unknown) => current && setError(messageOf(failure)),
    )
    return () => {
      current = false
    }
  }, [api, member.id])

  const onSubmit = async (values: Values) => {
    const ranges = sortedRanges(values.ranges)
    try {
      await api.saveOverride(member.id, values.date!, ranges)
      setOverrides((list) =>
        [...list.filter((each) => each.date !== values.date), { date: values.date!, ranges }].sort(
          (a, b) => a.date.localeCompare(b.date),
        ),
      )
      onMessage(t('admin.availability.overrideSaved', { date: formatLocalDate(values.date!, tag) }))
      return undefined
    } catch (failure) {
      return { [FORM_ERROR]: messageOf(failure) }
    }
  }

  const remove = async (date: string) => {
    setError(undefined)
    try {
      await api.removeOverride(member.id, date)
      setOverrides((list) => list.filter((each) => each.date !== date))
      onMessage(t('admin.availability.overrideRemoved', { date: formatLocalDate(date, tag) }))
    } catch (failure) {
      setError(messageOf(failure))
    }
  }

  return (
    <section aria-labelledby="overrides-title" className="admin-panel">
      <h2 id="overrides-title">{t('admin.availability.overrides')}</h2>
      <Alert>{error}</Alert>
      {overrides.length === 0 ? <p>{t('admin.availability.noOverrides')}</p> : null}
      <ul className="admin-plain-list">
        {overrides.map((override) => (
          <li key={override.date} className="admin-row">
            <span>
              <strong>{formatLocalDate(override.date, tag)}</strong>:{' '}
              {override.ranges.length
                ? override.ranges.map((range) => `${range.start}–${range.end}`).join(', ')
                : t('admin.availability.dayOff')}
            </span>
            <button
              type="button"
              className="widget-button widget-button--quiet"
              onClick={() => void remove(override.date)}
            >
              {t('admin.availability.remove')}
              <span className="visually-hidden"> {formatLocalDate(override.date, tag)}</span>
            </button>
          </li>
        ))}
      </ul>
      <Form<Values>
        onSubmit={onSubmit}
        validate={validate}
        initialValues={{ ranges: [] }}
        render={({ handleSubmit }) => (
          <form onSubmit={handleSubmit} noValidate>
            <h3>{t('admin.availability.addOverride')}</h3>
            <TextField name="date" type="date" label={t('admin.availability.date')} required />
            <RangeListField name="ranges" legend={t('admin.availability.hoursThatDay')} />
            <p className="widget-field__help">{t('admin.availability.dayOffHint')}</p>
            <FormSubmit label={t('admin.availability.saveOverride')} />
          </form>
        )}
      />
    </section>
  )
}
