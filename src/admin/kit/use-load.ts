import { useCallback, useEffect, useState } from 'react'
import type { AdminApi } from '../api'
import { useAdmin } from '../shell/admin-context'
import { messageOf } from '../shell/fields'

/**
 * What a screen reads once it opens (a list, the choices a form offers), read again on demand.
 * `load` should keep its identity (module level, or a memo of what it depends on): a new one is
 * read anew. A failure is the message `messageOf` makes; with `optional`, a failure leaves the
 * data at `fallback` and says nothing (the screen still works without it).
 */
export function useLoad<T>(
  load: (api: AdminApi) => Promise<T>,
  { optional = false, fallback }: { optional?: boolean; fallback?: T } = {},
) {
  const { api } = useAdmin()
  const [data, setData] = useState<T | undefined>(fallback)
  const [error, setError] = useState<string>()

  // One reading: its answer kept, or its failure said, unless `live()` says it came too late.
  const read = useCallback(
    (live: () => boolean = () => true) =>
      load(api).then(
        (found) => {
          if (live()) {
            setData(found)
            setError(undefined)
          }
          return found
        },
        (failure: unknown) => {
          if (live() && !optional) setError(messageOf(failure))
          return undefined
        },
      ),
    [api, load, optional],
  )

  useEffect(() => {
    let current = true
    void read(() => current)
    return () => {
      current = false
    }
  }, [read])

  const reload = useCallback(() => read(), [read])

  return { data, setData, error, setError, reload }
}
