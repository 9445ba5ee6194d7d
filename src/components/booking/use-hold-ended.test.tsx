import { act, renderHook } from '@testing-library/react'
import { useHoldEnded } from './use-hold-ended'

const NOW = Date.parse('2030-03-01T08:00:00.000Z')
const now = () => NOW

beforeEach(() => jest.useFakeTimers())
afterEach(() => jest.useRealTimers())

describe('useHoldEnded', () => {
  it('turns true when the hold runs out, not before', () => {
    const { result } = renderHook(() => useHoldEnded('2030-03-01T08:30:00.000Z', now))
    act(() => jest.advanceTimersByTime(30 * 60_000 - 1))
    expect(result.current).toBe(false)
    act(() => jest.advanceTimersByTime(1))
    expect(result.current).toBe(true)
  })

  it('stays false for a booking that holds nothing', () => {
    const { result } = renderHook(() => useHoldEnded(null, now))
    act(() => jest.advanceTimersByTime(24 * 3_600_000))
    expect(result.current).toBe(false)
  })
})
