export const RELOAD_GUARD_KEY = 'chunk-reload-guard'
export const RELOAD_GUARD_TTL_MS = 10_000

export interface ReloadGuard {
  path: string
  expiresAt: number
}

export interface GuardedReloadOptions {
  /** A function, because reading `window.sessionStorage` itself throws where storage is blocked. */
  storage: () => Pick<Storage, 'getItem' | 'setItem'>
  now: () => number
  reload: (path: string) => void
  ttlMs?: number
}

function parseGuard(raw: string | null): ReloadGuard | undefined {
  if (raw === null) return undefined
  try {
    const value: unknown = JSON.parse(raw)
    if (
      typeof value === 'object' &&
      value !== null &&
      'path' in value &&
      'expiresAt' in value &&
      typeof value.path === 'string' &&
      typeof value.expiresAt === 'number'
    ) {
      return { path: value.path, expiresAt: value.expiresAt }
    }
  } catch {
    // Whatever else sits under the key is no guard: it gets replaced.
  }
  return undefined
}

/**
 * Returns `reloadAt(path)`, which reloads at `path` unless it already did so for the same path
 * less than `ttlMs` ago: a chunk that is missing for good would otherwise reload forever. The
 * guard lives in session storage so it outlives the reload. Where storage is unavailable it can
 * only be kept in memory, which allows one reload per page life.
 */
export function createGuardedReload({
  storage,
  now,
  reload,
  ttlMs = RELOAD_GUARD_TTL_MS,
}: GuardedReloadOptions): (path: string) => boolean {
  let reloadedWithoutStorage = false
  return (path) => {
    try {
      const store = storage()
      const guard = parseGuard(store.getItem(RELOAD_GUARD_KEY))
      if (guard && guard.path === path && guard.expiresAt > now()) return false
      const next: ReloadGuard = { path, expiresAt: now() + ttlMs }
      store.setItem(RELOAD_GUARD_KEY, JSON.stringify(next))
    } catch {
      if (reloadedWithoutStorage) return false
      reloadedWithoutStorage = true
    }
    reload(path)
    return true
  }
}
