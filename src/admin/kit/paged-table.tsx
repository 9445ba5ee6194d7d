import type { RowData } from '@tanstack/react-table'
import { LoadMore } from '../shell/load-more'
import { ResourceTable } from './resource-table'

/** What `usePages` gives that the table needs. */
export interface Paged<T> {
  items: T[]
  next: unknown
  error?: string
  loading: boolean
  loadMore: () => Promise<void>
}

/**
 * A cursor-paged list (`usePages`) as a ResourceTable with the button for older rows beneath.
 * The empty text waits for the first page, and stays away after a failure (the screen says what
 * went wrong instead).
 */
export function PagedTable<T extends RowData>({
  pages: { items, next, error, loading, loadMore },
  older,
  ...table
}: Omit<Parameters<typeof ResourceTable<T>>[0], 'rows'> & {
  pages: Paged<T>
  /** The older rows' button. */
  older: string
}) {
  return (
    <>
      <ResourceTable
        {...table}
        rows={items.length > 0 || (!loading && !error) ? items : undefined}
      />
      <LoadMore more={next !== null} loading={loading} onLoad={loadMore} label={older} />
    </>
  )
}
