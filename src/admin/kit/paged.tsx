import type { RowData } from '@tanstack/react-table'
import { LoadMore } from '../shell/load-more'
import type { usePages } from '../shell/use-pages'
import { ResourceTable } from './resource-table'

type Pages<T> = Pick<ReturnType<typeof usePages<T, unknown>>, 'items' | 'loading' | 'error'>

/**
 * The rows of a paged list (`usePages`) a screen shows: none while its first page loads or when
 * it failed, so the list's "nothing yet" words wait until an answer says there is nothing (a
 * `ResourceTable` shows neither table nor words for undefined). Rows already shown stay while
 * older ones load or fail.
 */
export const pagedRows = <T,>({ items, loading, error }: Pages<T>): T[] | undefined =>
  items.length > 0 || (!loading && !error) ? items : undefined

/** A paged list's button for its next page, as `usePages` tells it: each paged screen has one. */
export function MorePages({
  pages,
  label,
}: {
  pages: Pick<ReturnType<typeof usePages>, 'next' | 'loading' | 'loadMore'>
  label: string
}) {
  return (
    <LoadMore
      more={pages.next !== null}
      loading={pages.loading}
      onLoad={pages.loadMore}
      label={label}
    />
  )
}

/** A cursor-paged list as a ResourceTable (its rows as `pagedRows` gives them) and `MorePages`. */
export function PagedTable<T extends RowData>({
  pages,
  older,
  ...table
}: Omit<Parameters<typeof ResourceTable<T>>[0], 'rows'> & {
  pages: Pages<T> & Parameters<typeof MorePages>[0]['pages']
  /** The older rows' button. */
  older: string
}) {
  return (
    <>
      <ResourceTable {...table} rows={pagedRows(pages)} />
      <MorePages pages={pages} label={older} />
    </>
  )
}
