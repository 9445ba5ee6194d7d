import { useState } from 'react'
import { useMayLeave } from './leave-guard'

/**
 * A list screen's one editor: which row it has open (`{}` for a new one, undefined while it is
 * closed) and what the screen last said was done. Opening an editor clears that status, since it
 * spoke of an earlier edit; opening one in place of an editor holding unsaved values asks first.
 */
export function useEditing<T>() {
  const [editing, setEditing] = useState<{ row?: T }>()
  const [status, setStatus] = useState<string>()
  const mayLeave = useMayLeave()
  const show = (row?: T) => {
    setEditing({ row })
    setStatus(undefined)
  }
  return {
    editing,
    status,
    open: (row?: T) => {
      if (mayLeave()) show(row)
    },
    /** Opens `row` in place of the editor without asking: the user chose to drop what was typed. */
    reopen: show,
    close: () => setEditing(undefined),
    /** Says what was done outside the editor (a delete from the list). */
    say: setStatus,
    /** Closes the editor, saying what it did. */
    done: (message: string) => {
      setEditing(undefined)
      setStatus(message)
    },
  }
}
