import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useMemo, useState } from 'react'
import { useLanguageTag } from '../../components/booking/use-language-tag'
import type { AdminStaff, TimeRange, WeeklyHours } from '../../lib/admin/api-types'
import { formatWeekday } from '../../lib/format'
import { useAdmin } from '../shell/admin-context'
import { InlineForm } from '../kit/inline-form'
import { Panel } from '../kit/panel'
import { Alert } from '../shell/fields'
import { RangeListField } from './range-list-field'
import { rangesError, sortedRanges } from './ranges'

type Weekday = keyof WeeklyHours

// Monday first, as the business's week is read; stored with 0 = Sunday.
const WEEK: Weekday[] = ['1', '2', '3', '4', '5', '6', '0']

// Flat field names: final-form would make `hours.1` an array index.
type Values = Partial<Record<`day${Weekday}`, TimeRange[]>>

const toValues = (hours: WeeklyHours): Values =>
  Object.fromEntries(WEEK.map((day) => [`day${day}`, hours[day] ?? []]))

const toHours = (values: Values): WeeklyHours =>
  Object.fromEntries(WEEK.map((day) => [day, sortedRanges(values[`day${day}`])]))

const validate = (values: Values) =>
  Object.fromEntries(WEEK.map((day) => [`day${day}`, rangesError(values[`day${day}`])]))

// The form's error when another save of the member came first (kit/edit-conflict.tsx).

/**
 * `PATCH /api/admin/staff/:id {weeklyHours, version}`: the staff member's hours, weekday by
 * weekday, from the version they were loaded at. When someone else saved the member meanwhile
 * (the practitioner and the front desk at once), the refusal keeps what was typed, and
 * `onReload` reads the member as saved now.
 */
export function WeeklyHoursForm({
  member,
  onSaved,
  onReload,
}: {
  member: AdminStaff
  onSaved: (saved: AdminStaff) => void
  /** Reads the member as saved now; the form then starts over from it, the refusal gone. */
  onReload: () => Promise<void>
}) {
  const { t } = useTranslation()
  const tag = useLanguageTag()
  const { api } = useAdmin()
  // Hours the last save reported outside the location's opening hours: visitors are not offered
  // them (unless the member's outside-opening-hours switch is on, when none are reported), which
  // the business must hear of rather than find out from an empty calendar.
  const [outside, setOutside] = useState<WeeklyHours>({})
  const [status, setStatus] = useState<string>()
  // Counts reloads after a refusal: a form of its own for each, as final-form keeps a refusal
  // when only its initial values change.
  const [reloads, setReloads] = useState(0)
  // A new object on every render would make final-form start over, dropping unsaved edits.
  const initialValues = useMemo(() => toValues(member.weeklyHours), [member.weeklyHours])
  const onSubmit = async (values: Values) => {
    const weeklyHours = toHours(values)
    const saved = await api.saveWeeklyHours(member.id, weeklyHours, member.version)
    setOutside(saved.outsideOpeningHours)
    onSaved({ ...member, weeklyHours, version: saved.version })
    setStatus(t('admin.availability.weeklySaved'))
  }
  return (
    <Panel id="weekly-title" title={t('admin.availability.weekly')}>
      <p className="widget-choice__meta">{t('admin.timeZoneHint', { zone: member.timeZone })}</p>
      <Alert>
        {WEEK.some((day) => outside[day]?.length)
          ? t('admin.availability.outsideOpening', {
              hours: WEEK.filter((day) => outside[day]?.length)
                .map(
                  (day) =>
                    `${formatWeekday(Number(day), tag)} ${(outside[day] ?? [])
                      .map((range) => `${range.start}–${range.end}`)
                      .join(', ')}`,
                )
                .join('; '),
              // The one switch that offers them: named as the Staff screen labels it.
              name: member.name,
              setting: t('admin.staff.outsideOpeningHours'),
              screen: t('admin.staff.title'),
            })
          : null}
      </Alert>
      <InlineForm<Values>
        key={reloads}
        onSubmit={onSubmit}
        validate={validate}
        initialValues={initialValues}
        submitLabel={t('admin.availability.saveWeekly')}
        status={status ?? ''}
        className="admin-week"
        editedElsewhere={{
          message: 'admin.availability.editedElsewhere',
          onReload: () => void onReload().then(() => setReloads((count) => count + 1)),
        }}
      >
        {WEEK.map((day) => (
          <RangeListField key={day} name={`day${day}`} legend={formatWeekday(Number(day), tag)} />
        ))}
      </InlineForm>
    </Panel>
  )
}
