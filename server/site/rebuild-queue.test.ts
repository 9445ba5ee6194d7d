import { SiteRebuildQueue, type QueueClock } from './rebuild-queue'

/** A clock moved by hand, with the timers it would have fired. */
function manualClock(start = Date.parse('2026-03-02T09:00:00Z')) {
  let time = start
  let timers: { at: number; run: () => void }[] = []
  const clock: QueueClock = {
    now: () => time,
    setTimer: (run, ms) => {
      const timer = { at: time + ms, run }
      timers.push(timer)
      return () => {
        timers = timers.filter((t) => t !== timer)
      }
    },
  }
  const advance = (ms: number) => {
    time += ms
    const due = timers.filter((t) => t.at <= time)
    timers = timers.filter((t) => t.at > time)
    due.forEach((t) => t.run())
  }
  return { clock, advance }
}

/** A build of each version that ends when the test says so. */
function controlledBuilds() {
  const started: string[] = []
  const endings: { resolve: () => void; reject: (error: Error) => void }[] = []
  const build = (version: string) => {
    started.push(version)
    return new Promise<void>((resolve, reject) => endings.push({ resolve, reject }))
  }
  return { build, started, endings }
}

const silent = { info: () => undefined, error: jest.fn() }
const settle = () => new Promise((resolve) => setImmediate(resolve))

function queueWith(debounceMs = 3_000) {
  const { clock, advance } = manualClock()
  const builds = controlledBuilds()
  const queue = new SiteRebuildQueue(builds.build, silent, { clock, debounceMs })
  return { queue, advance, ...builds }
}

describe('SiteRebuildQueue', () => {
  it('says the site is current when the live one is of the version asked for', () => {
    const { queue, advance, started } = queueWith()
    queue.markLive('v1')
    queue.request('v1')
    advance(10_000)
    expect(started).toEqual([])
    expect(queue.status()).toEqual({ state: 'current', queued: false })
  })

  it('waits the debounce, folding a burst of changes into one build of the last', async () => {
    const { queue, advance, started, endings } = queueWith()
    queue.markLive('v1')
    queue.request('v2')
    expect(queue.status()).toEqual({
      state: 'queued',
      since: '2026-03-02T09:00:00.000Z',
      queued: true,
    })
    advance(2_000)
    queue.request('v3')
    advance(2_999)
    expect(started).toEqual([])
    advance(1)
    expect(started).toEqual(['v3'])
    expect(queue.status()).toEqual({
      state: 'building',
      since: '2026-03-02T09:00:05.000Z',
      queued: false,
    })
    endings[0]!.resolve()
    await queue.idle()
    expect(queue.status()).toEqual({ state: 'current', queued: false })
  })

  it('runs one build at a time: changes during a build become one next build', async () => {
    const { queue, advance, started, endings } = queueWith()
    queue.markLive('v1')
    queue.request('v2')
    advance(3_000)
    queue.request('v3')
    advance(3_000)
    queue.request('v4')
    advance(3_000)
    expect(started).toEqual(['v2'])
    expect(queue.status()).toMatchObject({ state: 'building', queued: true })
    endings[0]!.resolve()
    await settle()
    expect(started).toEqual(['v2', 'v4'])
    endings[1]!.resolve()
    await queue.idle()
    expect(started).toEqual(['v2', 'v4'])
    expect(queue.status()).toEqual({ state: 'current', queued: false })
  })

  it('asks for nothing more when the version asked for is already being built', async () => {
    const { queue, advance, started, endings } = queueWith()
    queue.request('v2', { immediately: true })
    queue.request('v2')
    advance(10_000)
    endings[0]!.resolve()
    await queue.idle()
    expect(started).toEqual(['v2'])
  })

  it('keeps the live site after a failure, says when it failed, and tries at the next change', async () => {
    const { queue, advance, started, endings } = queueWith()
    queue.markLive('v1')
    queue.request('v2')
    advance(3_000)
    advance(60_000)
    endings[0]!.reject(new Error('gatsby build exited with code 1'))
    await queue.idle()
    expect(silent.error).toHaveBeenCalledWith(expect.stringContaining('exited with code 1'))
    expect(queue.status()).toEqual({
      state: 'failed',
      queued: false,
      lastFailedAt: '2026-03-02T09:01:03.000Z',
    })
    // The same version again (a periodic check) does not fail the same build in a loop.
    queue.request('v2')
    advance(3_000)
    expect(started).toEqual(['v2'])
    queue.request('v3')
    advance(3_000)
    expect(started).toEqual(['v2', 'v3'])
    expect(queue.status()).toMatchObject({
      state: 'building',
      lastFailedAt: '2026-03-02T09:01:03.000Z',
    })
    endings[1]!.resolve()
    await queue.idle()
    expect(queue.status()).toEqual({ state: 'current', queued: false })
  })

  it('stops the build under way and forgets the waiting one when the server stops', async () => {
    const { clock, advance } = manualClock()
    const signals: AbortSignal[] = []
    const queue = new SiteRebuildQueue(
      (_version, signal) =>
        new Promise<void>((_resolve, reject) => {
          signals.push(signal)
          signal.addEventListener('abort', () => reject(signal.reason))
        }),
      silent,
      { clock },
    )
    queue.request('v2', { immediately: true })
    queue.request('v3')
    await queue.stop()
    advance(10_000)
    expect(signals).toHaveLength(1)
    expect(signals[0]!.aborted).toBe(true)
    expect(queue.status()).toEqual({ state: 'current', queued: false })
  })
})
