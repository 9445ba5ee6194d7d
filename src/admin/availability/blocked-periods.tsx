import { FORM_ERROR } from 'final-form'
import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useEffect, useState } from 'react'
import { Form } from 'react-final-form'
import { useLanguageTag } from '../../components/booking/use-language-tag'
import type { AdminStaff, BlockedPeriod } from '../../lib/admin/api-types'
import { formatShortDateTime } from '../../lib/format/booking'
import { zonedLocalToInstant } from '../../lib/time'
import { useAdmin } from '../shell/admin-context'
import { Alert, FormSubmit, messageOf, SelectField, TextField } from '../shell/fields'

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

const instantOf = (local: string, zone: string) => {
  const [date = '', time = '00:00'] = local.split('T')
  return new Date(zonedLocalToInstant(date, time, zone)).toISOString()
}

/**
 * Periods no slot may overlap: the staff member's own and the whole business's
 * (`GET/POST /api/admin/blocked-periods`, `DELETE …/:id`). Staff accounts block only themselves.
 */
export function BlockedPeriods({
  member,
  onMessage,
}: {
  member: AdminStaff
  onMessage: (message: string) => void
}) {
  const { t } = useTranslation()
  const tag = useLanguageTag()
  const { api, business, user } = useAdmin()
  const [periods, setPeriods] = useState<BlockedPeriod[]>([])
  const [error, setError] = useState<string>()

  useEffect(() => {
    let current = true
    api.blockedPeriods().then(
      (list) => current && setPeriods(list),
      (failure: unknown) => current && setError(messageOf(failure)),
    )
    return () => {
      current = false
    }
  }, [api])

  const shown = periods.filter((period) => period.staffId === null || period.staffId === member.id)
  const zoneOf = (period: Pick<BlockedPeriod, 'staffId'>) =>
    period.staffId === null ? business.timeZone : member.timeZone

  const onSubmit = async (values: Values) => {
    const staffId = values.scope === 'business' ? null : member.id
    const zone = zoneOf({ staffId })
    try {
      const added = await api.addBlockedPeriod({
        staffId,
        start: instantOf(values.start!, zone),
        end: instantOf(values.end!, zone),
        reason: values.reason!.trim(),
      })
      setPeriods((list) => [...list, added])
      onMessage(t('admin.blocked.added'))
      return undefined
    } catch (failure) {
      return { [FORM_ERROR]: messageOf(failure) }
    }
  }

  const remove = async (id: number) => {
    setError(undefined)
    try {
      await api.removeBlockedPeriod(id)
      setPeriods((list) => list.filter((period) => period.id !== id))
      onMessage(t('admin.blocked.removed'))
    } catch (failure) {
      setError(messageOf(failure))
    }
  }

  return (
    <section aria-labelledby="blocked-title" className="admin-panel">
      <h2 id="blocked-title">{t('admin.blocked.title')}</h2>
      <Alert>{error}</Alert>
      {shown.length === 0 ? <p>{t('admin.blocked.none')}</p> : null}
      <ul className="admin-plain-list">
        {shown.map((period) => {
          const when = `${formatShortDateTime(period.start, zoneOf(period), tag)} – ${formatShortDateTime(period.end, zoneOf(period), tag)}`
          return (
            <li key={period.id} className="admin-row">
              <span>
                <strong>{when}</strong> · {period.reason} ·{' '}
                {period.staffId === null ? t('admin.blocked.business') : member.name}
              </span>
              <button
                type="button"
                className="widget-button widget-button--quiet"
                onClick={() => void remove(period.id)}
              >
                {t('admin.availability.remove')}
                <span className="visually-hidden"> {when}</span>
              </button>
            </li>
          )
        })}
      </ul>
      <Form<Values>
        onSubmit={onSubmit}
        validate={validate}
        initialValues={{ scope: 'staff' }}
        render={({ handleSubmit }) => (
          <form onSubmit={handleSubmit} noValidate>
            <h3>{t('admin.blocked.add')}</h3>
            {user.role === 'staff' ? null : (
              <SelectField name="scope" label={t('admin.blocked.scope')}>
                <option value="staff">{member.name}</option>
                <option value="business">{t('admin.blocked.business')}</option>
              </SelectField>
            )}
            <TextField
              name="start"
              type="datetime-local"
              label={t('admin.blocked.start')}
              required
            />
            <TextField name="end" type="datetime-local" label={t('admin.blocked.end')} required />
            <TextField name="reason" label={t('admin.blocked.reason')} required />
            <FormSubmit label={t('admin.blocked.submit')} />
          </form>
        )}
      />
    </section>
  )
}
