import { createGuardedReload, RELOAD_GUARD_KEY, RELOAD_GUARD_TTL_MS } from './reload-guard'

type Store = Pick<Storage, 'getItem' | 'setItem'>

function memoryStorage(): Store {
  const items = new Map<string, string>()
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
  }
}

function always<T>(value: T): () => T {
  return () => value
}

function setup(storage: () => Store = always(memoryStorage())) {
  let time = 1_000_000
  const reload = jest.fn<void, [string]>()
  const reloadAt = createGuardedReload({ storage, now: () => time, reload })
  return {
    reload,
    reloadAt,
    advance: (ms: number) => {
      time += ms
    },
    time: () => time,
  }
}

describe('createGuardedReload', () => {
  it('uses a ten-second guard', () => {
    expect(RELOAD_GUARD_TTL_MS).toBe(10_000)
  })

  it('reloads at the path on the first failure and stores the guard', () => {
    const storage = memoryStorage()
    const { reloadAt, reload, time } = setup(always(storage))

    expect(reloadAt('/en/blog/')).toBe(true)
    expect(reload).toHaveBeenCalledWith('/en/blog/')
    expect(JSON.parse(storage.getItem(RELOAD_GUARD_KEY) ?? '')).toEqual({
      path: '/en/blog/',
      expiresAt: time() + RELOAD_GUARD_TTL_MS,
    })
  })

  it('does not reload the same path again within ten seconds', () => {
    const { reloadAt, reload, advance } = setup()
    reloadAt('/en/blog/')
    advance(RELOAD_GUARD_TTL_MS - 1)

    expect(reloadAt('/en/blog/')).toBe(false)
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it('survives the reload: a new page life reads the stored guard', () => {
    const storage = memoryStorage()
    setup(always(storage)).reloadAt('/en/blog/')

    const afterReload = setup(always(storage))
    expect(afterReload.reloadAt('/en/blog/')).toBe(false)
    expect(afterReload.reload).not.toHaveBeenCalled()
  })

  it('reloads again once the guard has expired, and renews it', () => {
    const { reloadAt, reload, advance } = setup()
    reloadAt('/en/blog/')
    advance(RELOAD_GUARD_TTL_MS)

    expect(reloadAt('/en/blog/')).toBe(true)
    advance(1)
    expect(reloadAt('/en/blog/')).toBe(false)
    expect(reload).toHaveBeenCalledTimes(2)
  })

  it('reloads for a different path, replacing the guard', () => {
    const storage = memoryStorage()
    const { reloadAt, reload } = setup(always(storage))
    reloadAt('/en/blog/')

    expect(reloadAt('/de/blog/')).toBe(true)
    expect(reload).toHaveBeenLastCalledWith('/de/blog/')
    expect(JSON.parse(storage.getItem(RELOAD_GUARD_KEY) ?? '')).toMatchObject({
      path: '/de/blog/',
    })
  })

  it.each(['not json', '{"path":1}', 'null', '[]'])('replaces an unreadable guard %j', (raw) => {
    const storage = memoryStorage()
    storage.setItem(RELOAD_GUARD_KEY, raw)
    const { reloadAt } = setup(always(storage))

    expect(reloadAt('/en/')).toBe(true)
    expect(JSON.parse(storage.getItem(RELOAD_GUARD_KEY) ?? '')).toMatchObject({ path: '/en/' })
  })

  it('reloads once per page life when storage cannot be reached', () => {
    const { reloadAt, reload, advance } = setup(() => {
      throw new DOMException('blocked', 'SecurityError')
    })

    expect(reloadAt('/en/')).toBe(true)
    advance(RELOAD_GUARD_TTL_MS * 2)
    expect(reloadAt('/en/')).toBe(false)
    expect(reloadAt('/de/')).toBe(false)
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it('reloads once per page life when storage refuses writes', () => {
    const { reloadAt, reload } = setup(() => ({
      getItem: () => null,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError')
      },
    }))

    expect(reloadAt('/en/')).toBe(true)
    expect(reloadAt('/en/')).toBe(false)
    expect(reload).toHaveBeenCalledTimes(1)
  })
})
