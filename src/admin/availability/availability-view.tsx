import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useCallback, useEffect, useState } from 'react'
import type { AdminStaff } from '../../lib/admin/api-types'
import { useMayLeave } from '../kit/leave-guard'
import { Screen } from '../kit/screen'
import { ScreenChoice } from '../kit/screen-choice'
import { useAdmin } from '../shell/admin-context'
import { messageOf } from '../shell/fields'
import { readAvailabilityQuery, replaceSearch, writeAvailabilityQuery } from '../shell/url-query'
import { BlockedPeriods } from './blocked-periods'
import { OverridesForm } from './overrides-form'
import { WeeklyHoursForm } from './weekly-hours-form'

/**
 * One staff member's weekly hours, date overrides and blocked periods; staff see only their own.
 * Each part says what it just did by its own form, not at the top of the screen.
 */
export function AvailabilityView() {
  const { t } = useTranslation()
  const { api, user } = useAdmin()
  const mayLeave = useMayLeave()
  const [staff, setStaff] = useState<AdminStaff[]>([])
  const [chosen, setChosen] = useState<number | null>(null)
  const [error, setError] = useState<string>()
  // The member the address names (a reload, a link sent to a colleague), once the list is read.
  const [start] = useState(() => readAvailabilityQuery(window.location.search))

  // Staff see only themselves.
  const readStaff = useCallback(
    () =>
      api
        .staff()
        .then((list) =>
          user.role === 'staff' ? list.filter((member) => member.id === user.staffId) : list,
        ),
    [api, user],
  )

  useEffect(() => {
    let current = true
    readStaff().then(
      (mine) => {
        if (!current) return
        setStaff(mine)
        setChosen((mine.find((member) => member.id === start.staffId) ?? mine[0])?.id ?? null)
      },
      (failure: unknown) => current && setError(messageOf(failure)),
    )
    return () => {
      current = false
    }
  }, [readStaff, start])

  // The first member, whom the screen opens on anyway, is left out of the address.
  useEffect(() => {
    if (chosen === null) return
    replaceSearch(writeAvailabilityQuery({ staffId: chosen === staff[0]?.id ? undefined : chosen }))
  }, [chosen, staff])

  const member = staff.find((each) => each.id === chosen)
  return (
    <Screen id="availability-title" title={t('admin.availability.title')} error={error}>
      {staff.length > 1 ? (
        <ScreenChoice
          id="availability-staff"
          label={t('admin.availability.staff')}
          value={chosen ?? undefined}
          choices={staff.map((each) => ({ value: each.id, label: each.name }))}
          // Another member's forms replace this one's, and what was typed in them.
          onChange={(id) => {
            if (mayLeave()) setChosen(id)
          }}
        />
      ) : null}
      {member ? (
        // Keyed by the member, so no form keeps another member's values or says what was done
        // for another member.
        <div key={member.id} className="admin-availability">
          <WeeklyHoursForm
            member={member}
            onSaved={(saved) =>
              setStaff((list) => list.map((each) => (each.id === saved.id ? saved : each)))
            }
            // The member as saved now: their hours start the form over.
            onReload={() =>
              readStaff().then(setStaff, (failure: unknown) => setError(messageOf(failure)))
            }
          />
          <OverridesForm member={member} />
          <BlockedPeriods member={member} />
        </div>
      ) : null}
    </Screen>
  )
}
