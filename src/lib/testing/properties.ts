/**
 * How long a property test runs: CI's size and seed by default, so `npm test` takes seconds and a
 * failure reproduces; `FUZZ_RUNS=5000` runs every property that many times (the long run, to do
 * locally), `FUZZ_SEED=…` draws other inputs than CI's. fast-check prints the seed and the path
 * of any counterexample it finds; set them again to replay it.
 */
export function propertyRuns(
  ciRuns: number,
  seed: number,
  env: Record<string, string | undefined> = process.env,
): { numRuns: number; seed: number } {
  return {
    numRuns: readInteger(env, 'FUZZ_RUNS', 1) ?? ciRuns,
    seed: readInteger(env, 'FUZZ_SEED', -(2 ** 31)) ?? seed,
  }
}

/** A property's time-out in CI, grown in proportion when FUZZ_RUNS asks for more runs. */
export function propertyTimeout(
  ciTimeoutMs: number,
  ciRuns: number,
  env: Record<string, string | undefined> = process.env,
): number {
  return ciTimeoutMs * Math.max(1, propertyRuns(ciRuns, 0, env).numRuns / ciRuns)
}

function readInteger(env: Record<string, string | undefined>, name: string, min: number) {
  const text = env[name]?.trim()
  if (!text) return undefined
  const value = Number(text)
  // fast-check's seeds are 32-bit integers.
  if (!/^-?\d+$/.test(text) || value < min || value >= 2 ** 31) {
    throw new Error(`${name} must be a whole number from ${min} to ${2 ** 31 - 1}, got "${text}"`)
  }
  return value
}
