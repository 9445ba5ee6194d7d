import type { SiteBuildStatus } from '../../src/lib/admin/status-types'

/** How long a change waits for the next one before its build starts: an editor's burst is one. */
export const REBUILD_DEBOUNCE_MS = 3_000

/** Builds and releases the site for `version`; rejects when it cannot, leaving the live one. */
export type SiteBuild = (version: string, signal: AbortSignal) => Promise<void>

/** The clock and the one timer the queue needs; tests drive both by hand. */
/** A build that ended: its duration and whether its site was released. */
export interface LastSiteBuild {
  seconds: number
  ok: boolean
}

export interface QueueClock {
  now: () => number
  setTimer: (run: () => void, ms: number) => () => void
}

const realClock: QueueClock = {
  now: Date.now,
  setTimer: (run, ms) => {
    const timer = setTimeout(run, ms)
    // A change waiting for its build never keeps a stopping process alive.
    timer.unref()
    return () => clearTimeout(timer)
  },
}

interface Step {
  version: string
  since: number
}

/**
 * The one path that changes the live site while the server runs (ARCHITECTURE.md): every change
 * the site shows asks it for a build of the content version it made. One build runs at a time;
 * what is asked during it, however often, is one next build of the latest version; a request
 * waits REBUILD_DEBOUNCE_MS for the next. A failed build is logged and reported, and the live
 * site stays as it was until a later build succeeds.
 */
export class SiteRebuildQueue {
  private readonly clock: QueueClock
  private readonly debounceMs: number
  /** The version the live site was built from; undefined until one is known. */
  private live: string | undefined
  private waiting: Step | undefined
  private cancelTimer: (() => void) | undefined
  private due = false
  private running: (Step & { done: Promise<void> }) | undefined
  private failure: { version: string; at: number } | undefined
  private finished: LastSiteBuild | undefined
  private readonly stopping = new AbortController()

  constructor(
    private readonly build: SiteBuild,
    private readonly log: { info: (message: string) => void; error: (message: string) => void },
    { clock = realClock, debounceMs = REBUILD_DEBOUNCE_MS } = {},
  ) {
    this.clock = clock
    this.debounceMs = debounceMs
  }

  /** The live site is built from `version` (a start found it current, or built it). */
  markLive(version: string) {
    this.live = version
  }

  /**
   * Asks for the site of `version`. Nothing happens when that is the site already live, being
   * built or waiting, or the version whose build just failed: the next change tries again, rather
   * than every check failing the same build in a loop. `immediately` skips the wait (a start's
   * first build has nothing to fold).
   */
  request(version: string, { immediately = false } = {}) {
    if (this.stopping.signal.aborted) return
    const latest = this.waiting?.version ?? this.running?.version ?? this.live
    if (version === latest || version === this.failure?.version) return
    this.waiting = { version, since: this.waiting?.since ?? this.clock.now() }
    this.cancelTimer?.()
    this.due = false
    if (immediately) this.startWaiting()
    else this.cancelTimer = this.clock.setTimer(() => this.startWaiting(), this.debounceMs)
  }

  private startWaiting() {
    this.cancelTimer = undefined
    this.due = true
    // A build under way starts the waiting one when it ends.
    if (this.running || !this.waiting) return
    const step = this.waiting
    this.waiting = undefined
    this.due = false
    const since = this.clock.now()
    this.log.info(`Rebuilding the site (content version ${step.version})…`)
    const done = this.build(step.version, this.stopping.signal).then(
      () => {
        this.live = step.version
        this.failure = undefined
        this.finished = { seconds: (this.clock.now() - since) / 1000, ok: true }
        this.log.info('Site rebuilt and released')
      },
      (error: unknown) => {
        if (this.stopping.signal.aborted) return
        this.failure = { version: step.version, at: this.clock.now() }
        this.finished = { seconds: (this.clock.now() - since) / 1000, ok: false }
        this.log.error(`The site rebuild failed; the live site stays as it was: ${String(error)}`)
      },
    )
    this.running = {
      version: step.version,
      since,
      done: done.then(() => {
        this.running = undefined
        if (this.due) this.startWaiting()
      }),
    }
  }

  /** Settles when no build runs and none is due (a waiting one still in its debounce is not). */
  async idle(): Promise<void> {
    while (this.running) await this.running.done
  }

  /** How long the last build that ended took, and whether it was released (the metrics). */
  lastBuild(): LastSiteBuild | undefined {
    return this.finished
  }

  /** What the dashboard says of the site. */
  status(): SiteBuildStatus {
    const failed = this.failure && { lastFailedAt: new Date(this.failure.at).toISOString() }
    if (this.running) {
      return {
        state: 'building',
        since: new Date(this.running.since).toISOString(),
        queued: this.waiting !== undefined,
        ...failed,
      }
    }
    if (this.waiting) {
      return {
        state: 'queued',
        since: new Date(this.waiting.since).toISOString(),
        queued: true,
        ...failed,
      }
    }
    if (this.failure) return { state: 'failed', queued: false, ...failed }
    return { state: 'current', queued: false }
  }

  /** Stops the build under way and forgets the waiting one (the server is stopping). */
  async stop(): Promise<void> {
    this.cancelTimer?.()
    this.waiting = undefined
    this.stopping.abort(new Error('The server is stopping'))
    await this.idle()
  }
}
