import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useEffect, useState } from 'react'
import type { AdminStaff } from '../../lib/admin/api-types'
import { useAdmin } from '../shell/admin-context'
import { Alert, messageOf } from '../shell/fields'
import { BlockedPeriods } from './blocked-periods'
import { OverridesForm } from './overrides-form'
import { WeeklyHoursForm } from './weekly-hours-form'

/** One staff member's weekly hours, date overrides and blocked periods; staff see only their own. */
export function AvailabilityView() {
  const { t } = useTranslation()
  const { api, user } = useAdmin()
  const [staff, setStaff] = useState<AdminStaff[]>([])
  const [chosen, setChosen] = useState<number | null>(null)
  const [error, setError] = useState<string>()
  const [status, setStatus] = useState<string>()

  useEffect(() => {
    let current = true
    api.staff().then(
      (list) => {
        if (!current) return
        const mine =
          user.role === 'staff' ? list.filter((member) => member.id === user.staffId) : list
        setStaff(mine)
        setChosen(mine[0]?.id ?? null)
      },
      (failure: unknown) => current && setError(messageOf(failure)),
    )
    return () => {
      current = false
    }
  }, [api, user])

  const member = staff.find((each) => each.id === chosen)
  return (
    <section aria-labelledby="availability-title">
      <h1 id="availability-title">{t('admin.availability.title')}</h1>
      <Alert>{error}</Alert>
      {staff.length > 1 ? (
        <div className="widget-field admin-narrow-field">
          <label htmlFor="availability-staff">{t('admin.availability.staff')}</label>
          <select
            id="availability-staff"
            value={chosen ?? ''}
            onChange={(event) => {
              setChosen(Number(event.target.value))
              setStatus(undefined)
            }}
          >
            {staff.map((each) => (
              <option key={each.id} value={each.id}>
                {each.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <p role="status" className="admin-status">
        {status}
      </p>
      {member ? (
        // Keyed by the member, so no form keeps another member's values.
        <div key={member.id} className="admin-availability">
          <WeeklyHoursForm
            member={member}
            onSaved={(saved, message) => {
              setStaff((list) => list.map((each) => (each.id === saved.id ? saved : each)))
              setStatus(message)
            }}
          />
          <OverridesForm member={member} onMessage={setStatus} />
          <BlockedPeriods member={member} onMessage={setStatus} />
        </div>
      ) : null}
    </section>
  )
}
