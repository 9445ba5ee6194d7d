import { useState } from 'react'
import type { Column } from './resource-table'

/** The rows of a list chosen for one action on them all (bulk select). */
export interface Selection<Id> {
  /** The chosen ids among those shown, in the list's order. */
  ids: Id[]
  has: (id: Id) => boolean
  toggle: (id: Id) => void
  /** Chooses every row shown, or none. */
  setAll: (all: boolean) => void
  clear: () => void
}

/**
 * What is chosen among `shown` (the ids the list holds now): a row that leaves the list (another
 * page, a reload after the action) leaves the choice too, so an action never reaches a row the
 * user no longer sees.
 */
export function useSelection<Id>(shown: Id[]): Selection<Id> {
  const [chosen, setChosen] = useState<ReadonlySet<Id>>(new Set())
  const ids = shown.filter((id) => chosen.has(id))
  return {
    ids,
    has: (id) => chosen.has(id),
    toggle: (id) =>
      setChosen((now) => {
        const next = new Set(now)
        if (!next.delete(id)) next.add(id)
        return next
      }),
    setAll: (all) => setChosen(new Set(all ? shown : [])),
    clear: () => setChosen(new Set()),
  }
}

/** A list's first column: a checkbox a row, labelled with what it chooses (`labelOf`). */
export const selectColumn = <T, Id>(
  selection: Selection<Id>,
  header: string,
  idOf: (row: T) => Id,
  labelOf: (row: T) => string,
): Column<T> => ({
  id: 'select',
  header,
  cell: (row) => (
    <input
      type="checkbox"
      aria-label={labelOf(row)}
      checked={selection.has(idOf(row))}
      onChange={() => selection.toggle(idOf(row))}
    />
  ),
})
