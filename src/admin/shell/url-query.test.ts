import {
  readContentQuery,
  readSort,
  writeContentQuery,
  writeSort,
  readStaffQuery,
  readBookingsQuery,
  readCalendarQuery,
  writeStaffQuery,
  writeBookingsQuery,
  writeCalendarQuery,
} from './url-query'

describe('the bookings view in its address', () => {
  it('reads what it wrote', () => {
    const query = {
      tab: 'requested' as const,
      filters: { serviceId: 2, staffId: 3, from: '2030-03-01', to: '2030-03-31', q: 'ana & co' },
      booking: 12,
    }
    const search = writeBookingsQuery(query)
    expect(search).toBe(
      '?tab=requested&serviceId=2&staffId=3&from=2030-03-01&to=2030-03-31&q=ana+%26+co&booking=12',
    )
    expect(readBookingsQuery(search)).toEqual(query)
  })

  it('leaves the defaults out of the address', () => {
    expect(writeBookingsQuery({ tab: 'upcoming', filters: {} })).toBe('')
    expect(readBookingsQuery('')).toEqual({ tab: 'upcoming', filters: {}, booking: undefined })
  })

  it('drops what does not parse instead of failing', () => {
    expect(
      readBookingsQuery('?tab=everything&serviceId=-1&staffId=x&from=2030-02-30&to=soon&booking=0'),
    ).toEqual({ tab: 'upcoming', filters: {}, booking: undefined })
  })
})

describe('the calendar in its address', () => {
  it('reads what it wrote, and a day of today by default', () => {
    expect(writeCalendarQuery({ mode: 'week', date: '2030-03-05' })).toBe(
      '?mode=week&date=2030-03-05',
    )
    expect(readCalendarQuery('?mode=week&date=2030-03-05')).toEqual({
      mode: 'week',
      date: '2030-03-05',
    })
    expect(readCalendarQuery('?mode=month&date=tomorrow')).toEqual({
      mode: 'day',
      date: undefined,
    })
  })
})

describe("a staff member's screen in its address", () => {
  it('reads the staff member it wrote, and none that does not parse', () => {
    expect(writeStaffQuery({ staffId: 4 })).toBe('?staffId=4')
    expect(writeStaffQuery({})).toBe('')
    expect(readStaffQuery('?staffId=4')).toEqual({ staffId: 4 })
    expect(readStaffQuery('?staffId=four')).toEqual({})
    expect(readStaffQuery('')).toEqual({})
  })
})

describe('a list’s sort in its address', () => {
  it('reads what it wrote, keeps the other parameters, and ignores what it cannot sort by', () => {
    expect(writeSort('?staffId=3', [{ id: 'name', desc: true }])).toBe('?staffId=3&sort=-name')
    expect(readSort('?staffId=3&sort=-name', ['name'])).toEqual([{ id: 'name', desc: true }])
    expect(readSort('?sort=price', ['name', 'price'])).toEqual([{ id: 'price', desc: false }])
    expect(writeSort('?sort=name&staffId=3', [])).toBe('?staffId=3')
    expect(writeSort('?sort=name', [])).toBe('')
    expect(readSort('?sort=secret', ['name'])).toEqual([])
    expect(readSort('', ['name'])).toEqual([])
  })
})

describe('the content screen in its address', () => {
  it('reads what it wrote beside a sort, and leaves the defaults and nonsense out', () => {
    const query = { kind: 'posts' as const, q: 'knee', status: 'draft' as const }
    const search = writeContentQuery('?sort=-changed', query)
    expect(search).toBe('?sort=-changed&kind=posts&q=knee&status=draft')
    expect(readContentQuery(search)).toEqual(query)
    expect(writeContentQuery(search, { kind: 'pages', q: ' ' })).toBe('?sort=-changed')
    expect(readContentQuery('?kind=secrets&status=deleted')).toEqual({ kind: 'pages', q: '' })
  })
})
