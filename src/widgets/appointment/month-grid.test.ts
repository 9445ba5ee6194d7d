import { localDateOf, monthGrid, shiftDate, shiftMonth } from './month-grid'

describe('month grid', () => {
  it('lays a month out in Monday-first weeks', () => {
    const march2030 = monthGrid('2030-03')
    // 1 March 2030 is a Friday.
    expect(march2030[0]).toEqual([null, null, null, null, '2030-03-01', '2030-03-02', '2030-03-03'])
    expect(march2030.flat().filter(Boolean)).toHaveLength(31)
    expect(march2030).toHaveLength(5)
    expect(march2030.at(-1)?.at(-1)).toBe('2030-03-31')
    expect(monthGrid('2030-04').at(-1)?.at(-1)).toBeNull()
  })

  it('moves months and dates across year ends', () => {
    expect(shiftMonth('2030-12', 1)).toBe('2031-01')
    expect(shiftMonth('2030-01', -1)).toBe('2029-12')
    expect(shiftDate('2030-03-01', -1)).toBe('2030-02-28')
    expect(shiftDate('2030-12-31', 7)).toBe('2031-01-07')
  })

  it('reads an instant as a date in the visitor zone', () => {
    expect(localDateOf('2030-03-04T18:30:00Z', 'Asia/Kolkata')).toBe('2030-03-05')
    expect(localDateOf('2030-03-04T18:30:00Z', 'America/New_York')).toBe('2030-03-04')
  })
})
