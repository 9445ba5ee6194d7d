import { defaultBackoff, nextAttemptAt } from './backoff'

const NOW = Date.parse('2030-03-04T06:00:00Z')
const seconds = (at: number) => (at - NOW) / 1000

describe('the retry schedule', () => {
  it('doubles the wait after each failure, up to the cap', () => {
    const atMost = (attempts: number) =>
      seconds(nextAttemptAt(NOW, attempts, () => 1 - Number.EPSILON))
    expect([1, 2, 3, 4, 5].map(atMost)).toEqual([10, 20, 40, 80, 160])
    expect(atMost(30)).toBe(defaultBackoff.maxMs / 1000)
  })

  it('spreads retries over the second half of the wait, never retrying at once', () => {
    expect(seconds(nextAttemptAt(NOW, 3, () => 0))).toBe(20)
    expect(seconds(nextAttemptAt(NOW, 3, () => 0.5))).toBe(30)
    expect(seconds(nextAttemptAt(NOW, 1, () => 0, { baseMs: 1, maxMs: 1 }))).toBe(0.001)
  })

  it('does not overflow for absurd attempt counts', () => {
    expect(Number.isFinite(nextAttemptAt(NOW, 10_000))).toBe(true)
    expect(nextAttemptAt(NOW, 10_000, () => 0)).toBe(NOW + defaultBackoff.maxMs / 2)
  })
})
