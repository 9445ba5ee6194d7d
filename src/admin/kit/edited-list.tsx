import { Fragment, type ReactNode } from 'react'
import { versionedEditing, type VersionedRow } from './edit-conflict'
import { ResourceTable, type Column } from './resource-table'
import type { useEditing } from './use-editing'

/**
 * A list screen's versioned rows and their one editor above them (Services, Staff): the editor
 * `children` draws for the row open (`undefined` for a new one), a fresh one for each row and
 * version (see versionedEditing), then the list with that row marked and its sort in the address.
 */
export function EditedList<T extends VersionedRow>({
  list,
  editor,
  label,
  columns,
  empty,
  children,
}: {
  list: Parameters<typeof versionedEditing<T>>[0] & { data: T[] | undefined }
  editor: ReturnType<typeof useEditing<T>>
  label: string
  columns: Column<T>[]
  empty: string
  children: (row: T | undefined, saving: ReturnType<typeof versionedEditing<T>>) => ReactNode
}) {
  const versioned = versionedEditing(list, editor)
  return (
    <>
      {editor.editing ? (
        <Fragment key={versioned.key}>{children(editor.editing.row, versioned)}</Fragment>
      ) : null}
      <ResourceTable
        label={label}
        rows={list.data}
        columns={columns}
        rowId={(row) => row.id}
        current={editor.editing?.row?.id}
        empty={empty}
        sortInAddress
      />
    </>
  )
}
