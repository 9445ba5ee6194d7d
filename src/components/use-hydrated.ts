import { useSyncExternalStore } from 'react'

const subscribeToNothing = () => () => undefined

/**
 * False while rendering at build time and during hydration, true once running in the browser:
 * pages built once for many paths (the widget, 404) only know their real path after that.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  )
}
