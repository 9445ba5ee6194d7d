import { propertyRuns, propertyTimeout } from './properties'

describe('propertyRuns', () => {
  it("runs CI's number of runs with the property's own seed by default", () => {
    expect(propertyRuns(200, 42, {})).toEqual({ numRuns: 200, seed: 42 })
    expect(propertyRuns(200, 42, { FUZZ_RUNS: ' ', FUZZ_SEED: '' })).toEqual({
      numRuns: 200,
      seed: 42,
    })
  })

  it('runs every property FUZZ_RUNS times, from FUZZ_SEED when given', () => {
    expect(propertyRuns(200, 42, { FUZZ_RUNS: '5000' })).toEqual({ numRuns: 5000, seed: 42 })
    expect(propertyRuns(200, 42, { FUZZ_RUNS: '3', FUZZ_SEED: '-7' })).toEqual({
      numRuns: 3,
      seed: -7,
    })
  })

  it('refuses a count or a seed that is not a whole number fast-check takes', () => {
    expect(() => propertyRuns(200, 42, { FUZZ_RUNS: '0' })).toThrow(
      'FUZZ_RUNS must be a whole number from 1 to 2147483647, got "0"',
    )
    expect(() => propertyRuns(200, 42, { FUZZ_RUNS: '1e4' })).toThrow(/^FUZZ_RUNS must be/)
    expect(() => propertyRuns(200, 42, { FUZZ_SEED: '2147483648' })).toThrow(/^FUZZ_SEED must be/)
  })
})

describe('propertyTimeout', () => {
  it("keeps CI's time-out, and grows it with the runs FUZZ_RUNS asks for", () => {
    expect(propertyTimeout(30_000, 200, {})).toBe(30_000)
    expect(propertyTimeout(30_000, 200, { FUZZ_RUNS: '50' })).toBe(30_000)
    expect(propertyTimeout(30_000, 200, { FUZZ_RUNS: '5000' })).toBe(750_000)
  })
})
