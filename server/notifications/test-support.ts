import type { FastifyInstance } from 'fastify'
import { DISPATCH_EVERY_MS } from './jobs'

/**
 * Runs the app's due jobs a dispatch round at a time, moving the test's clock on by `stepMs`
 * before each round, until `done` says so; fails after 10 s of real time. (On PostgreSQL a fresh
 * event waits for older transactions to end, so a round may find nothing yet.)
 */
export async function runJobsUntil(
  app: FastifyInstance,
  advance: (ms: number) => void,
  done: () => Promise<boolean>,
  stepMs = DISPATCH_EVERY_MS,
) {
  for (let waited = 0; waited < 10_000; waited += 20) {
    advance(stepMs)
    await app.jobs.runDueJobs()
    if (await done()) return
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error('The jobs did not finish within 10 s')
}
