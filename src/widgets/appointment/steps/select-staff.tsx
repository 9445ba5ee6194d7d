import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useAtomValue, useSetAtom } from 'jotai'
import { useEffect } from 'react'
import { prefetchSlots } from '../api'
import { currentMonth } from '../month-grid'
import {
  anyStaffPartyAtom,
  chooseStaffAtom,
  eligibleStaffAtom,
  monthAtom,
  timeZoneAtom,
} from '../state'
import { StepHeading } from '../../../components/booking/step-heading'
import { useHydrated } from '../../../components/use-hydrated'

/** A staff member, or whoever is free ("any available staff"). */
export function SelectStaff() {
  const { t } = useTranslation()
  const staff = useAtomValue(eligibleStaffAtom)
  const choose = useSetAtom(chooseStaffAtom)
  const anyStaffParty = useAtomValue(anyStaffPartyAtom)
  const timeZone = useAtomValue(timeZoneAtom)
  const month = useAtomValue(monthAtom) ?? currentMonth(timeZone)
  // The built page shows the step before its script runs: a click then would go nowhere.
  const hydrated = useHydrated()
  // Most visitors take "any available staff": its month is asked for while they read the list.
  useEffect(() => prefetchSlots(anyStaffParty, month, timeZone), [anyStaffParty, month, timeZone])
  return (
    <section className="widget-step" aria-labelledby="step-heading">
      <StepHeading>{t('widget.chooseStaff')}</StepHeading>
      <ul className="widget-staff-list">
        <li>
          <button
            type="button"
            className="widget-staff"
            disabled={!hydrated}
            onClick={() => choose('any')}
          >
            <span className="widget-staff__photo widget-staff__photo--any" aria-hidden="true">
              ✱
            </span>
            {t('widget.anyStaff')}
          </button>
        </li>
        {staff.map((member) => (
          <li key={member.id}>
            <button
              type="button"
              className="widget-staff"
              disabled={!hydrated}
              onClick={() => choose(member.id)}
            >
              {member.photoUrl ? (
                <img
                  className="widget-staff__photo"
                  src={member.photoUrl}
                  alt=""
                  width={48}
                  height={48}
                />
              ) : (
                <span className="widget-staff__photo" aria-hidden="true" />
              )}
              {member.name}
            </button>
          </li>
        ))}
      </ul>
    </section>
  )
}
