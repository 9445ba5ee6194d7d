import { rangesError, sortedRanges } from './ranges'

describe('opening ranges', () => {
  it('accepts none, or ranges that follow one another', () => {
    expect(rangesError([])).toBeUndefined()
    expect(
      rangesError([
        { start: '13:00', end: '17:00' },
        { start: '09:00', end: '13:00' },
      ]),
    ).toBeUndefined()
  })

  it('refuses a missing time, a range ending before it starts, and overlaps', () => {
    expect(rangesError([{ start: '', end: '12:00' }])).toBe('admin.validation.time')
    expect(rangesError([{ start: '12:00', end: '09:00' }])).toBe('admin.validation.rangeOrder')
    expect(
      rangesError([
        { start: '09:00', end: '12:00' },
        { start: '11:00', end: '14:00' },
      ]),
    ).toBe('admin.validation.rangeOverlap')
  })

  it('saves ranges in time order', () => {
    expect(
      sortedRanges([
        { start: '14:00', end: '18:00' },
        { start: '08:00', end: '12:00' },
      ]).map((range) => range.start),
    ).toEqual(['08:00', '14:00'])
  })
})
