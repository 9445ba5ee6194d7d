import type { FastifyInstance } from 'fastify'

/** In-flight requests get this long to finish; below the 10 s Docker and systemd wait by default. */
export const SHUTDOWN_GRACE_MS = 8_000

/**
 * A signal this soon after the first is the same stop. systemd and Docker signal every process
 * of the service, and a terminal's Ctrl-C the whole foreground group: `npm run serve` gets the
 * signal and passes it on, so the server gets it twice within milliseconds. A person repeating
 * the signal takes longer than this.
 */
export const REPEATED_SIGNAL_MS = 1_000

export interface ShutdownOptions {
  graceMs?: number
  /** Where the signals come from; tests pass an emitter of their own. */
  signals?: Pick<NodeJS.Process, 'on'>
  exit?: (code: number) => void
  /** Runs first on a signal: `npm start` stops a running site build there. */
  beforeClose?: () => void
  /** The clock that tells a relayed signal from a repeated one; tests set it. */
  now?: () => number
}

/**
 * SIGTERM (a supervisor, `docker stop`) and SIGINT (Ctrl-C) stop the server cleanly: it stops
 * accepting connections, lets in-flight requests finish, stops the job runner after its current
 * job, closes the database (app.ts's onClose) and exits 0. Requests still running after the grace
 * period are cut off and the exit code is 1; a signal repeated after REPEATED_SIGNAL_MS does that
 * at once.
 */
export function closeOnSignals(
  app: FastifyInstance,
  {
    graceMs = SHUTDOWN_GRACE_MS,
    signals = process,
    exit = (code) => process.exit(code),
    beforeClose,
    now = Date.now,
  }: ShutdownOptions = {},
): void {
  let stoppingSince: number | undefined
  const stop = (signal: NodeJS.Signals) => {
    if (stoppingSince !== undefined && now() - stoppingSince < REPEATED_SIGNAL_MS) {
      app.log.debug(`Received ${signal} again at once (passed on by a parent process): one stop`)
      return
    }
    if (stoppingSince !== undefined) {
      app.log.warn(`Received ${signal} again: exiting without waiting`)
      exit(1)
      return
    }
    stoppingSince = now()
    app.log.info(
      `Received ${signal}: stopping (finishing requests in flight for up to ${graceMs / 1000} s)`,
    )
    beforeClose?.()
    const cutOff = setTimeout(() => {
      app.log.error(`Requests still running after ${graceMs / 1000} s: exiting without them`)
      exit(1)
    }, graceMs)
    cutOff.unref()
    // A keep-alive connection whose request finishes during the wait goes idle, and would hold
    // the close open until its keep-alive timeout: idle ones are closed as they appear.
    const closeIdle = setInterval(() => app.server.closeIdleConnections(), 100)
    closeIdle.unref()
    app.close().then(
      () => {
        clearTimeout(cutOff)
        clearInterval(closeIdle)
        app.log.info('Stopped: requests finished, job runner stopped, database closed')
        exit(0)
      },
      (error: unknown) => {
        clearTimeout(cutOff)
        clearInterval(closeIdle)
        app.log.error({ err: error }, 'Stopping failed')
        exit(1)
      },
    )
  }
  signals.on('SIGTERM', stop)
  signals.on('SIGINT', stop)
}
