import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useCallback } from 'react'
import { useLanguageTag } from '../../components/booking/use-language-tag'
import type { AdminStaff, DateOverride, TimeRange } from '../../lib/admin/api-types'
import { formatLocalDate } from '../../lib/format/booking'
import type { AdminApi } from '../api'
import { useAdmin } from '../shell/admin-context'
import { TextField } from '../shell/fields'
import { EntriesPanel, useEntries } from './entries-panel'
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

// One object for good: final-form starts over whenever its initial values change.
const NO_RANGES: Values = { ranges: [] }

/**
 * Dates whose hours differ from the week's (`PUT /api/admin/staff/:id/overrides/:date`), a date
 * with no hours being a day off; `DELETE` gives the date back to the weekly hours.
 */
export function OverridesForm({ member }: { member: AdminStaff }) {
  const { t } = useTranslation()
  const tag = useLanguageTag()
  const { api } = useAdmin()
  const overrides = useEntries(
    useCallback((client: AdminApi) => client.overrides(member.id), [member.id]),
  )

  const onSubmit = async (values: Values) => {
    const date = values.date!
    const ranges = sortedRanges(values.ranges)
    await api.saveOverride(member.id, date, ranges)
    overrides.setRows((list) =>
      [...(list ?? []).filter((each) => each.date !== date), { date, ranges }].sort((a, b) =>
        a.date.localeCompare(b.date),
      ),
    )
    overrides.setStatus(t('admin.availability.overrideSaved', { date: formatLocalDate(date, tag) }))
  }

  return (
    <EntriesPanel<DateOverride, Values>
      id="overrides-title"
      title={t('admin.availability.overrides')}
      entries={overrides}
      columns={[
        {
          id: 'date',
          header: t('admin.availability.date'),
          cell: (override) => <strong>{formatLocalDate(override.date, tag)}</strong>,
          sortBy: (override) => override.date,
        },
        {
          id: 'hours',
          header: t('admin.availability.hoursThatDay'),
          cell: (override) =>
            override.ranges.length
              ? override.ranges.map((range) => `${range.start}–${range.end}`).join(', ')
              : t('admin.availability.dayOff'),
        },
      ]}
      rowId={(override) => override.date}
      nameOf={(override) => formatLocalDate(override.date, tag)}
      onRemove={(override) =>
        void overrides.remove(
          () => api.removeOverride(member.id, override.date),
          (each) => each.date === override.date,
          t('admin.availability.overrideRemoved', { date: formatLocalDate(override.date, tag) }),
        )
      }
      empty={t('admin.availability.noOverrides')}
      formTitle={t('admin.availability.addOverride')}
      initialValues={NO_RANGES}
      validate={validate}
      onSubmit={onSubmit}
      submitLabel={t('admin.availability.saveOverride')}
    >
      <TextField name="date" type="date" label={t('admin.availability.date')} required />
      <RangeListField name="ranges" legend={t('admin.availability.hoursThatDay')} />
      <p className="widget-field__help">{t('admin.availability.dayOffHint')}</p>
    </EntriesPanel>
  )
}
