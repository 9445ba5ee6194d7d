import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useAtomValue, useSetAtom } from 'jotai'
import { useEffect, type MouseEvent } from 'react'
import { prefetchSlots } from '../api'
import { currentMonth } from '../month-grid'
import {
  anyStaffPartyAtom,
  chooseStaffAtom,
  eligibleStaffAtom,
  monthAtom,
  timeZoneAtom,
  type StaffChoice,
} from '../state'
import { StepHeading } from '../../../components/booking/step-heading'

/** A staff member, or whoever is free ("any available staff"). */
export function SelectStaff() {
  const { t } = useTranslation()
  const staff = useAtomValue(eligibleStaffAtom)
  const choose = useSetAtom(chooseStaffAtom)
  const anyStaffParty = useAtomValue(anyStaffPartyAtom)
  const timeZone = useAtomValue(timeZoneAtom)
  const month = useAtomValue(monthAtom) ?? currentMonth(timeZone)
  // A page built with this step shows it before its script runs: a choice made then submits the
  // form, which opens the page again with `?staff=` (catalog.ts, withChosenStaff), the same next
  // step. Once the script runs, the click chooses here instead.
  const chooseHere = (choice: StaffChoice) => (event: MouseEvent<HTMLButtonElement>) => {
    event.preventDefault()
    choose(choice)
  }
  // Most visitors take "any available staff": its month is asked for while they read the list.
  useEffect(() => prefetchSlots(anyStaffParty, month, timeZone), [anyStaffParty, month, timeZone])
  return (
    <section className="widget-step" aria-labelledby="step-heading">
      <StepHeading>{t('widget.chooseStaff')}</StepHeading>
      <form method="get">
        <ul className="widget-staff-list">
          <li>
            <button
              type="submit"
              name="staff"
              value="any"
              className="widget-staff"
              onClick={chooseHere('any')}
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
                type="submit"
                name="staff"
                value={member.id}
                className="widget-staff"
                onClick={chooseHere(member.id)}
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
      </form>
    </section>
  )
}
