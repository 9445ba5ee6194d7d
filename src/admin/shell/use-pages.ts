import { useEffect, useState } from 'react'
import { messageOf } from './fields'

export interface Page<T, C> {
  items: T[]
  next: C | null
}

/** The pages shown, and the filters (`fetchPage`) they were read for. */
type Shown<T, C> = Page<T, C> & { source: unknown; error?: string }

/**
 * A cursor-paged list: the first page whenever `fetchPage` changes (a new function for new
 * filters), further pages appended on demand. What was shown stays while a new first page loads.
 */
export function usePages<T, C>(fetchPage: (cursor?: C) => Promise<Page<T, C>>) {
  const [shown, setShown] = useState<Shown<T, C>>()
  const [loadingMore, setLoadingMore] = useState(false)

  useEffect(() => {
    let current = true
    fetchPage().then(
      (page) => current && setShown({ source: fetchPage, ...page }),
      (failure: unknown) =>
        current &&
        setShown({ source: fetchPage, items: [], next: null, error: messageOf(failure) }),
    )
    return () => {
      current = false
    }
  }, [fetchPage])

  const fresh = shown?.source === fetchPage ? shown : undefined
  const loadMore = async () => {
    if (!fresh?.next) return
    setLoadingMore(true)
    try {
      const page = await fetchPage(fresh.next)
      setShown({ ...fresh, items: [...fresh.items, ...page.items], next: page.next })
    } catch (failure) {
      setShown({ ...fresh, error: messageOf(failure) })
    } finally {
      setLoadingMore(false)
    }
  }
  // An answer for these filters, unless others are shown by the time it comes.
  const keep = (change: (current: Shown<T, C>) => Shown<T, C>) =>
    setShown((current) => (current?.source === fetchPage ? change(current) : current))
  /**
   * Reads the first page again, in place of all shown (a list whose rows change order as they
   * are saved); its rows, or undefined when it failed (said as `error`).
   */
  const reload = async (): Promise<T[] | undefined> => {
    try {
      const page = await fetchPage()
      keep(() => ({ source: fetchPage, ...page }))
      return page.items
    } catch (failure) {
      keep((current) => ({ ...current, error: messageOf(failure) }))
      return undefined
    }
  }
  /** Changes the rows shown at once: a row saved, before the list is read again. */
  const update = (change: (items: T[]) => T[]) =>
    keep((current) => ({ ...current, items: change(current.items) }))
  return {
    items: shown?.items ?? [],
    next: fresh?.next ?? null,
    error: fresh?.error,
    loading: !fresh || loadingMore,
    loadMore,
    reload,
    update,
  }
}
