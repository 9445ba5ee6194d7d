import {
  createSortedRowModel,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type RowData,
  type SortFn,
  type SortingState,
} from '@tanstack/react-table'
import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useMemo, useState, type ReactNode } from 'react'
import { ScrollRegion } from '../shell/scroll-region'
import { readSort, replaceSearch, writeSort } from '../shell/url-query'

/** A column as a screen declares it: its heading, what a cell shows, and how rows sort by it. */
export interface Column<T> {
  id: string
  header: string
  cell: (row: T) => ReactNode
  /** Offered as a sort when given: the value rows are ordered by (text in the page's language). */
  sortBy?: (row: T) => string | number
  /** `admin-break` for values that should wrap anywhere (addresses, e-mails). */
  className?: string
}

/** A column that shows a text and sorts by it (a name, an e-mail address). */
export const textColumn = <T,>(
  id: string,
  header: string,
  text: (row: T) => string,
  className?: string,
): Column<T> => ({ id, header, cell: text, sortBy: text, className })

/** A column of names written as code, one a line (a webhook's events, a key's scopes). */
export const codeListColumn = <T,>(
  id: string,
  header: string,
  names: (row: T) => string[],
): Column<T> => ({
  id,
  header,
  cell: (row) => (
    <ul className="admin-plain-list">
      {names(row).map((name) => (
        <li key={name}>
          <code>{name}</code>
        </li>
      ))}
    </ul>
  ),
})

// Only sorting is registered: the table stays a few kilobytes in the screens' chunks.
const features = tableFeatures({ rowSortingFeature, sortedRowModel: createSortedRowModel() })

/**
 * A screen's list: a table in a region that scrolls sideways on a narrow screen, the columns the
 * screen declares (those with `sortBy` sort when their heading is pressed, the order said by
 * `aria-sort`), the row that is open marked `aria-current`, and the screen's words when there
 * are no rows. Rows keep the order they came in until a heading is pressed. With
 * `sortInAddress`, the sort is kept in the address (`?sort=-name`), so a reload or a link keeps it:
 * for a screen's one sortable list.
 */
export function ResourceTable<T extends RowData>({
  label,
  rows,
  columns,
  rowId,
  current,
  empty,
  sortInAddress = false,
}: {
  label: string
  /** Undefined while the first rows load: neither table nor empty text yet. */
  rows: T[] | undefined
  columns: Column<T>[]
  rowId: (row: T) => string | number
  /** The id of the row open beside or below the list. */
  current?: string | number
  empty: string
  sortInAddress?: boolean
}) {
  const { i18n } = useTranslation()
  const [sorting, setSorting] = useState<SortingState>(() =>
    sortInAddress
      ? readSort(
          window.location.search,
          columns.filter((column) => column.sortBy).map((column) => column.id),
        )
      : [],
  )
  const definitions = useMemo(() => {
    const collator = new Intl.Collator(i18n.language, { numeric: true })
    const sortFn: SortFn<typeof features, T> = (a, b, id) => {
      const left = a.getValue<string | number>(id)
      const right = b.getValue<string | number>(id)
      return typeof left === 'number' && typeof right === 'number'
        ? left - right
        : collator.compare(String(left), String(right))
    }
    return columns.map((column): ColumnDef<typeof features, T> => {
      const sortBy = column.sortBy
      return {
        id: column.id,
        header: column.header,
        accessorFn: (row) => (sortBy ? sortBy(row) : ''),
        enableSorting: Boolean(sortBy),
        // First press ascending for numbers too (the table's default starts them descending).
        sortDescFirst: false,
        sortFn,
      }
    })
  }, [columns, i18n.language])
  const table = useTable({
    features,
    columns: definitions,
    data: rows ?? (NO_ROWS as T[]),
    getRowId: (row) => String(rowId(row)),
    state: { sorting },
    onSortingChange: (update) => {
      const next = typeof update === 'function' ? update(sorting) : update
      setSorting(next)
      if (sortInAddress) replaceSearch(writeSort(window.location.search, next))
    },
  })

  if (!rows) return null
  if (rows.length === 0) return <p>{empty}</p>
  const byId = new Map(columns.map((column) => [column.id, column]))
  return (
    <ScrollRegion label={label}>
      <table className="admin-table">
        <thead>
          <tr>
            {table.getHeaderGroups()[0]!.headers.map((header) => {
              const column = byId.get(header.column.id)!
              const sorted = header.column.getIsSorted()
              return (
                <th
                  key={header.id}
                  scope="col"
                  aria-sort={
                    sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined
                  }
                >
                  {header.column.getCanSort() ? (
                    <button
                      type="button"
                      className="admin-sort"
                      onClick={header.column.getToggleSortingHandler()}
                    >
                      {column.header}
                      <span aria-hidden="true">
                        {sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ''}
                      </span>
                    </button>
                  ) : (
                    column.header
                  )}
                </th>
              )
            })}
          </tr>
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} aria-current={row.id === String(current) || undefined}>
              {columns.map((column) => (
                <td key={column.id} className={column.className}>
                  {column.cell(row.original)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  )
}

const NO_ROWS: unknown[] = []
