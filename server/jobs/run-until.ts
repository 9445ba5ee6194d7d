/**
 * For tests: runs the due jobs until `done`, calling `tick` before each round (where a test moves
 * its clock a dispatch round). On a shared PostgreSQL a transaction of another test file that
 * was running when the booking's event committed holds that event back until it ends (the
 * outbox cursor's guarantee, server/booking/store/events.ts), so a test waits for the outcome
 * rather than runs the jobs once.
 */
export async function runJobsUntil(
  jobs: { runDueJobs(): Promise<number> },
  done: () => Promise<boolean>,
  { tick = () => undefined, timeoutMs = 10_000 }: { tick?: () => void; timeoutMs?: number } = {},
) {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline;) {
    tick()
    await jobs.runDueJobs()
    if (await done()) return
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error(`The jobs did not catch up within ${timeoutMs / 1000} s`)
}
