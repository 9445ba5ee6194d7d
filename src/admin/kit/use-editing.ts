import { useState } from 'react'

/**
 * A list screen's one editor: which row it has open (`{}` for a new one, undefined while it is
 * closed) and what the screen last said was done. Opening an editor clears that status, since it
 * spoke of an earlier edit.
 */
export function useEditing<T>() {
  const [editing, setEditing] = useState<{ row?: T }>()
  const [status, setStatus] = useState<string>()
  return {
    editing,
    status,
    open: (row?: T) => {
      setEditing({ row })
      setStatus(undefined)
    },
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
