import type { FastifyPluginAsync } from 'fastify'
import { Joi } from '../src/lib/validation/joi'
import { useJoiValidation } from './booking/http/joi-validator'
import type { JobRunner } from './jobs'

/** A day: more than any hold, link or session a journey waits for, so a typo is refused. */
const MAX_ADVANCE_MS = 24 * 60 * 60_000

/**
 * A clock that runs with `base` and can be moved forward, never back: a hold, a session or a
 * backoff that ended stays ended, as it would with real time. TEST_CLOCK gives the server one.
 */
export class MovableClock {
  private offsetMs = 0

  constructor(private readonly base: () => number) {}

  readonly now = () => this.base() + this.offsetMs

  advance(ms: number) {
    this.offsetMs += ms
  }
}

/**
 * `POST /api/test/clock` with `{ advanceMs }` (TEST_CLOCK only): moves the server's clock forward
 * and runs the jobs then due before answering, so a journey sees an expired hold's seats back
 * at once instead of waiting for the sweep's next round.
 */
export const testClockRoutes: FastifyPluginAsync<{ clock: MovableClock; jobs: JobRunner }> = async (
  app,
  { clock, jobs },
) => {
  useJoiValidation(app)
  app.post<{ Body: { advanceMs: number } }>(
    '/test/clock',
    {
      schema: {
        body: Joi.object({
          advanceMs: Joi.number().integer().min(0).max(MAX_ADVANCE_MS).required(),
        }),
      },
    },
    async (request) => {
      clock.advance(request.body.advanceMs)
      const jobsRun = await jobs.catchUp()
      return { now: new Date(clock.now()).toISOString(), jobsRun }
    },
  )
}
