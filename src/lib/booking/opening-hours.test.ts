import { openingHoursRows } from './opening-hours'

const day = [{ start: '08:30', end: '18:30' }]

describe('openingHoursRows', () => {
  it('joins the weekdays with the same hours and closes the weekend', () => {
    expect(openingHoursRows({ 1: day, 2: day, 3: day, 4: day, 5: day })).toEqual([
      { firstDay: 1, lastDay: 5, ranges: day },
      { firstDay: 6, lastDay: 0, ranges: [] },
    ])
  })

  it('keeps a day with other hours, or a lunch break, on its own row', () => {
    const split = [
      { start: '08:00', end: '12:00' },
      { start: '13:00', end: '17:00' },
    ]
    expect(openingHoursRows({ 1: day, 2: split, 3: day, 6: day })).toEqual([
      { firstDay: 1, lastDay: 1, ranges: day },
      { firstDay: 2, lastDay: 2, ranges: split },
      { firstDay: 3, lastDay: 3, ranges: day },
      { firstDay: 4, lastDay: 5, ranges: [] },
      { firstDay: 6, lastDay: 6, ranges: day },
      { firstDay: 0, lastDay: 0, ranges: [] },
    ])
  })

  it('says closed all week when there are no hours', () => {
    expect(openingHoursRows({})).toEqual([{ firstDay: 1, lastDay: 0, ranges: [] }])
  })
})
