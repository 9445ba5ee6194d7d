import type { RowAction } from './row-actions'

/** `list` with the entries at `from` and `to` swapped: how an entry moves one place. */
export const swapped = <T>(list: readonly T[], from: number, to: number): T[] => {
  const next = [...list]
  ;[next[from], next[to]] = [next[to] as T, next[from] as T]
  return next
}

/**
 * An ordered list's buttons for its entry at `index`: up, down (off at either end) and out. By
 * buttons, not dragging, so keyboards and screen readers order the list too.
 */
export const reorderActions = <T>(
  list: readonly T[],
  index: number,
  onChange: (list: T[]) => void,
  labels: { up: string; down: string; remove: string },
): RowAction[] => [
  {
    label: labels.up,
    disabled: index === 0,
    onClick: () => onChange(swapped(list, index, index - 1)),
  },
  {
    label: labels.down,
    disabled: index === list.length - 1,
    onClick: () => onChange(swapped(list, index, index + 1)),
  },
  { label: labels.remove, onClick: () => onChange(list.filter((_, at) => at !== index)) },
]
