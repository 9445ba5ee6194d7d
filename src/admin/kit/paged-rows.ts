/**
 * The rows of a paged list (`usePages`) a screen shows: none while its first page loads or when
 * it failed, so the list's "nothing yet" words wait until an answer says there is nothing (a
 * `ResourceTable` shows neither table nor words for undefined). Rows already shown stay while
 * older ones load or fail.
 */
export const pagedRows = <T>({
  items,
  loading,
  error,
}: {
  items: T[]
  loading: boolean
  error?: string
}): T[] | undefined => (items.length > 0 || (!loading && !error) ? items : undefined)
