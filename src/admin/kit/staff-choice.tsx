import { useCallback, useEffect, useState } from 'react'
import type { AdminStaff } from '../../lib/admin/api-types'
import { useAdmin } from '../shell/admin-context'
import { messageOf } from '../shell/fields'
import { readStaffQuery, replaceSearch, writeStaffQuery } from '../shell/url-query'
import { useMayLeave } from './leave-guard'
import { ScreenChoice } from './screen-choice'

/**
 * The staff member a screen of one member's things shows (their availability, their calendars):
 * an owner or admin chooses among all, a staff account sees only its own. The member the address
 * names (a reload, a link sent to a colleague) is chosen once the list is read; the first, whom
 * the screen opens on anyway, is left out of the address.
 */
export function useStaffChoice() {
  const { api, user } = useAdmin()
  const [staff, setStaff] = useState<AdminStaff[]>([])
  const [chosen, setChosen] = useState<number | null>(null)
  const [error, setError] = useState<string>()
  const [start] = useState(() => readStaffQuery(window.location.search))

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

  useEffect(() => {
    if (chosen === null) return
    replaceSearch(writeStaffQuery({ staffId: chosen === staff[0]?.id ? undefined : chosen }))
  }, [chosen, staff])

  return {
    staff,
    /** The members as saved now (one of them just saved). */
    setStaff,
    /** The chosen member, once the list is read. */
    member: staff.find((each) => each.id === chosen),
    chosen,
    setChosen,
    /** Why the list could not be read. */
    error,
    setError,
    /** The list read again, for the screen to keep (`setStaff`). */
    readStaff,
  }
}

/**
 * The choice of `useStaffChoice`'s member, shown only when there is more than one. Another
 * member's forms replace this one's, and what was typed in them: leaving unsaved values asks first.
 */
export function StaffChoice({
  id,
  label,
  choice,
  onChosen,
}: {
  id: string
  label: string
  choice: Pick<ReturnType<typeof useStaffChoice>, 'staff' | 'chosen' | 'setChosen'>
  /** After another member was chosen (what belonged to the last one is closed). */
  onChosen?: () => void
}) {
  const mayLeave = useMayLeave()
  if (choice.staff.length < 2) return null
  return (
    <ScreenChoice
      id={id}
      label={label}
      value={choice.chosen ?? undefined}
      choices={choice.staff.map((each) => ({ value: each.id, label: each.name }))}
      onChange={(staffId) => {
        if (!mayLeave()) return
        choice.setChosen(staffId)
        onChosen?.()
      }}
    />
  )
}
