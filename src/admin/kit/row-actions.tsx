import { QuietButton } from './main-action'
import type { Column } from './resource-table'

/** One of a row's buttons: its visible label, and the row's name for a screen reader. */
export interface RowAction {
  label: string
  onClick: () => void
  disabled?: boolean
}

/**
 * A table row's buttons side by side. Each says which row it acts on to a screen reader ("Edit
 * Back pain"), where the eye reads it from the row.
 */
export function RowActions({ name, actions }: { name: string; actions: RowAction[] }) {
  return (
    <div className="admin-toolbar">
      {actions.map((action) => (
        <QuietButton key={action.label} disabled={action.disabled} onClick={action.onClick}>
          {action.label}
          <span className="visually-hidden"> {name}</span>
        </QuietButton>
      ))}
    </div>
  )
}

/** A list's last column: each row's buttons (RowActions), named with the row. */
export const actionsColumn = <T,>(
  header: string,
  nameOf: (row: T) => string,
  actionsOf: (row: T) => RowAction[],
): Column<T> => ({
  id: 'actions',
  header,
  cell: (row) => <RowActions name={nameOf(row)} actions={actionsOf(row)} />,
})

/** A list's last column when a row's one button opens it in the screen's editor ("Edit"). */
export const editColumn = <T,>(
  header: string,
  label: string,
  nameOf: (row: T) => string,
  open: (row: NoInfer<T>) => void,
): Column<T> => actionsColumn(header, nameOf, (row) => [{ label, onClick: () => open(row) }])
