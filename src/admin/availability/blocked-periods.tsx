import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useLanguageTag } from '../../components/booking/use-language-tag'
import type { AdminStaff, BlockedPeriod } from '../../lib/admin/api-types'
import { formatShortDateTime } from '../../lib/format/booking'
import { localInputToInstant } from '../../lib/time'
import type { AdminApi } from '../api'
import { useAdmin } from '../shell/admin-context'
import { SelectField, TextField } from '../shell/fields'
import { EntriesPanel, useEntries } from './entries-panel'

interface Values {
  scope?: 'staff' | 'business'
  /** datetime-local values, 'YYYY-MM-DDTHH:mm', read in the staff member's or business's zone. */
  start?: string
  end?: string
  reason?: string
}

const validate = (values: Values) => ({
  start: values.start ? undefined : 'admin.validation.required',
  end: !values.end
    ? 'admin.validation.required'
    : values.start && values.end <= values.start
      ? 'admin.validation.periodOrder'
      : undefined,
  reason: values.reason?.trim() ? undefined : 'admin.validation.required',
})

const instantOf = (local: string, zone: string) =>
  new Date(localInputToInstant(local, zone)).toISOString()

const STAFF_SCOPE: Values = { scope: 'staff' }
const loadPeriods = (api: AdminApi) => api.blockedPeriods()

/**
 * Periods no slot may overlap: the staff member's own and the whole business's
 * (`GET/POST /api/admin/blocked-periods`, `DELETE …/:id`). Staff accounts block only themselves.
 */
export function BlockedPeriods({ member }: { member: AdminStaff }) {
  const { t } = useTranslation()
  const tag = useLanguageTag()
  const { api, business, user } = useAdmin()
  const periods = useEntries(loadPeriods)

  const zoneOf = (period: Pick<BlockedPeriod, 'staffId'>) =>
    period.staffId === null ? business.timeZone : member.timeZone
  const at = (period: BlockedPeriod, instant: string) =>
    formatShortDateTime(instant, zoneOf(period), tag)

  const onSubmit = async (values: Values) => {
    const staffId = values.scope === 'business' ? null : member.id
    const zone = zoneOf({ staffId })
    const added = await api.addBlockedPeriod({
      staffId,
      start: instantOf(values.start!, zone),
      end: instantOf(values.end!, zone),
      reason: values.reason!.trim(),
    })
    periods.setRows((list) => [...(list ?? []), added])
    periods.setStatus(t('admin.blocked.added'))
  }

  return (
    <EntriesPanel<BlockedPeriod, Values>
      id="blocked-title"
      title={t('admin.blocked.title')}
      entries={{
        ...periods,
        rows: periods.rows?.filter(
          (period) => period.staffId === null || period.staffId === member.id,
        ),
      }}
      columns={[
        {
          id: 'start',
          header: t('admin.blocked.start'),
          cell: (period) => <strong>{at(period, period.start)}</strong>,
          sortBy: (period) => period.start,
        },
        {
          id: 'end',
          header: t('admin.blocked.end'),
          cell: (period) => at(period, period.end),
        },
        { id: 'reason', header: t('admin.blocked.reason'), cell: (period) => period.reason },
        {
          id: 'scope',
          header: t('admin.blocked.scope'),
          cell: (period) => (period.staffId === null ? t('admin.blocked.business') : member.name),
        },
      ]}
      rowId={(period) => period.id}
      nameOf={(period) => `${at(period, period.start)} – ${at(period, period.end)}`}
      onRemove={(period) =>
        void periods.remove(
          () => api.removeBlockedPeriod(period.id),
          (each) => each.id === period.id,
          t('admin.blocked.removed'),
        )
      }
      empty={t('admin.blocked.none')}
      formTitle={t('admin.blocked.add')}
      initialValues={STAFF_SCOPE}
      validate={validate}
      onSubmit={onSubmit}
      submitLabel={t('admin.blocked.submit')}
    >
      {user.role === 'staff' ? null : (
        <SelectField
          name="scope"
          label={t('admin.blocked.scope')}
          choices={[
            ['staff', member.name],
            ['business', t('admin.blocked.business')],
          ]}
        />
      )}
      <TextField name="start" type="datetime-local" label={t('admin.blocked.start')} required />
      <TextField name="end" type="datetime-local" label={t('admin.blocked.end')} required />
      <TextField name="reason" label={t('admin.blocked.reason')} required />
    </EntriesPanel>
  )
}
