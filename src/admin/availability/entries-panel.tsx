import type { RowData } from '@tanstack/react-table'
import type { ValidationErrors } from 'final-form'
import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useState, type ReactNode } from 'react'
import type { AdminApi } from '../api'
import { InlineForm } from '../kit/inline-form'
import { Panel } from '../kit/panel'
import { ResourceTable, type Column } from '../kit/resource-table'
import { actionsColumn } from '../kit/row-actions'
import { useLoad } from '../kit/use-load'
import { Alert, messageOf } from '../shell/fields'

/**
 * A panel's entries as read (`load` keeps its identity, as useLoad asks), and their removal: a
 * failure is said above the list, what was done by the panel's form (`status`).
 */
export function useEntries<T>(load: (api: AdminApi) => Promise<T[]>) {
  const { data, setData, error, setError } = useLoad(load)
  const [status, setStatus] = useState<string>()
  const remove = async (call: () => Promise<unknown>, gone: (row: T) => boolean, done: string) => {
    setError(undefined)
    try {
      await call()
      setData((rows) => rows?.filter((row) => !gone(row)))
      setStatus(done)
    } catch (failure) {
      setError(messageOf(failure))
    }
  }
  return { rows: data, setRows: setData, error, status, setStatus, remove }
}

/**
 * The dates with other hours and the blocked periods alike: a titled panel listing a member's
 * entries, each with its Remove button (named by `nameOf` for a screen reader), above the form
 * that adds one, which says what the panel just did by its submit button.
 */
export function EntriesPanel<T extends RowData, V extends object>({
  id,
  title,
  entries,
  columns,
  rowId,
  nameOf,
  onRemove,
  empty,
  formTitle,
  initialValues,
  validate,
  onSubmit,
  submitLabel,
  children,
}: {
  id: string
  title: string
  entries: { rows: T[] | undefined; error?: string; status?: string }
  /** The entry's own columns; the Remove column is added after them. */
  columns: Column<T>[]
  rowId: (row: T) => string | number
  nameOf: (row: T) => string
  onRemove: (row: T) => void
  empty: string
  formTitle: string
  initialValues: Partial<V>
  validate: (values: V) => ValidationErrors
  /** Adds an entry; a failure it throws is shown on the form. */
  onSubmit: (values: V) => Promise<unknown>
  submitLabel: string
  /** The form's fields. */
  children: ReactNode
}) {
  const { t } = useTranslation()
  const remove = actionsColumn(t('admin.catalogue.actions'), nameOf, (row: T) => [
    { label: t('admin.availability.remove'), onClick: () => onRemove(row) },
  ])
  return (
    <Panel id={id} title={title}>
      <Alert>{entries.error}</Alert>
      <ResourceTable
        label={t('admin.catalogue.listLabel', { title })}
        rows={entries.rows}
        columns={[...columns, remove]}
        rowId={rowId}
        empty={empty}
      />
      <h3>{formTitle}</h3>
      <InlineForm<V>
        initialValues={initialValues}
        validate={validate}
        onSubmit={onSubmit}
        submitLabel={submitLabel}
        status={entries.status ?? ''}
      >
        {children}
      </InlineForm>
    </Panel>
  )
}
