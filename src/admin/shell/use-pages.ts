import { useEffect, useState } from 'react'
import { messageOf } from './fields'

export interface Page<T, C> {
  items: T[]
  next: C | null
}

/**
 * A cursor-paged list: the first page whenever `fetchPage` changes (a new function for new
 * filters), further pages appended on demand. What was shown stays while a new first page loads.
 */
export function usePages<T, C>(fetchPage: (cursor?: C) => Promise<Page<T, C>>) {
  const [shown, setShown] = useState<Page<T, C> & { source: unknown; error?: string }>()
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
  return {
    items: shown?.items ?? [],
    next: fresh?.next ?? null,
    error: fresh?.error,
    loading: !fresh || loadingMore,
    loadMore,
  }
}
