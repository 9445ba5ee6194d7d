/** How long a failed job waits before its next attempt. */
export interface BackoffPolicy {
  /** The wait after the first failure; each further failure doubles it. */
  baseMs: number
  /** No wait is longer, however many attempts failed. */
  maxMs: number
}

export const defaultBackoff: BackoffPolicy = { baseMs: 10_000, maxMs: 60 * 60_000 }

/**
 * When a job that has failed `attempts` times runs again: exponential backoff with "equal
 * jitter" (half the wait fixed, half random), so jobs that failed together (a mail server down)
 * do not all come back in the same second, yet none retries at once. `random` is in [0, 1).
 */
export function nextAttemptAt(
  now: number,
  attempts: number,
  random: () => number = Math.random,
  policy: BackoffPolicy = defaultBackoff,
): number {
  const wait = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.max(0, attempts - 1))
  return now + Math.round(wait / 2 + (random() * wait) / 2)
}
