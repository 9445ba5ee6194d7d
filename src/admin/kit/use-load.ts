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

  const reload = useCallback(
    () =>
      load(api).then(
        (found) => {
          setData(found)
          setError(undefined)
          return found
        },
        (failure: unknown) => {
          if (!optional) setError(messageOf(failure))
          return undefined
        },
      ),
    [api, load, optional],
  )

  useEffect(() => {
    let current = true
    load(api).then(
      (found) => {
        if (!current) return
        setData(found)
        setError(undefined)
      },
      (failure: unknown) => current && !optional && setError(messageOf(failure)),
    )
    return () => {
      current = false
    }
  }, [api, load, optional])

  return { data, setData, error, setError, reload }
}
