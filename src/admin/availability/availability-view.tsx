import { useTranslation } from 'gatsby-plugin-react-i18next'
import { Screen } from '../kit/screen'
import { StaffChoice, useStaffChoice } from '../kit/staff-choice'
import { messageOf } from '../shell/fields'
import { BlockedPeriods } from './blocked-periods'
import { OverridesForm } from './overrides-form'
import { WeeklyHoursForm } from './weekly-hours-form'

/**
 * One staff member's weekly hours, date overrides and blocked periods; staff see only their own.
 * Each part says what it just did by its own form, not at the top of the screen.
 */
export function AvailabilityView() {
  const { t } = useTranslation()
  const choice = useStaffChoice()
  const { member, setStaff, readStaff, setError } = choice
  return (
    <Screen id="availability-title" title={t('admin.availability.title')} error={choice.error}>
      <StaffChoice id="availability-staff" label={t('admin.availability.staff')} choice={choice} />
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
