import { assignStaff, type FreeStaff } from './assign-staff'

const free = (entries: Record<string, Record<string, number>>): FreeStaff =>
  new Map(
    Object.entries(entries).map(([service, staff]) => [service, new Map(Object.entries(staff))]),
  )

describe('assignStaff', () => {
  it('gives one-to-one lines for different guests different staff', () => {
    expect(
      assignStaff(
        [
          { serviceId: '1', staffId: null, seats: 1 },
          { serviceId: '1', staffId: null, seats: 1 },
        ],
        free({ 1: { 10: 1, 11: 1 } }),
      ),
    ).toEqual({ ok: true, staffIds: ['10', '11'] })
  })

  it('reports staff busy when there are not enough staff for the guests', () => {
    expect(
      assignStaff(
        [
          { serviceId: '1', staffId: null, seats: 1 },
          { serviceId: '1', staffId: null, seats: 1 },
        ],
        free({ 1: { 10: 1 } }),
      ),
    ).toEqual({ ok: false, reason: 'staff_busy' })
  })

  it('respects the staff member the visitor chose, and assigns the others around them', () => {
    expect(
      assignStaff(
        [
          { serviceId: '1', staffId: null, seats: 1 },
          { serviceId: '1', staffId: '10', seats: 1 },
        ],
        free({ 1: { 10: 1, 11: 1 } }),
      ),
    ).toEqual({ ok: true, staffIds: ['11', '10'] })
    expect(
      assignStaff([{ serviceId: '1', staffId: '12', seats: 1 }], free({ 1: { 10: 1 } })),
    ).toEqual({
      ok: false,
      reason: 'staff_busy',
    })
  })

  it('seats a class party with one teacher while seats last', () => {
    const classFree = free({ 2: { 20: 3 } })
    expect(
      assignStaff(
        [
          { serviceId: '2', staffId: null, seats: 1 },
          { serviceId: '2', staffId: null, seats: 1 },
          { serviceId: '2', staffId: null, seats: 1 },
        ],
        classFree,
      ),
    ).toEqual({ ok: true, staffIds: ['20', '20', '20'] })
    expect(
      assignStaff(
        [
          { serviceId: '2', staffId: null, seats: 2 },
          { serviceId: '2', staffId: null, seats: 2 },
        ],
        classFree,
      ),
    ).toEqual({ ok: false, reason: 'seats', seatsLeft: 1 })
    expect(assignStaff([{ serviceId: '2', staffId: '20', seats: 5 }], classFree)).toEqual({
      ok: false,
      reason: 'seats',
      seatsLeft: 3,
    })
  })

  it('never gives one staff member two services at once', () => {
    expect(
      assignStaff(
        [
          { serviceId: '1', staffId: null, seats: 1 },
          { serviceId: '3', staffId: null, seats: 1 },
        ],
        free({ 1: { 10: 1 }, 3: { 10: 1 } }),
      ),
    ).toEqual({ ok: false, reason: 'staff_busy' })
    expect(
      assignStaff(
        [
          { serviceId: '1', staffId: null, seats: 1 },
          { serviceId: '3', staffId: null, seats: 1 },
        ],
        free({ 1: { 10: 1 }, 3: { 10: 1, 11: 1 } }),
      ),
    ).toEqual({ ok: true, staffIds: ['10', '11'] })
  })

  it('assigns the line with fewer free staff first, so a team order cannot strand it', () => {
    // The order prefers 11 for the consultation, but 11 is the only one who teaches the class.
    const prefer11 = () =>
      new Map([
        ['11', 0],
        ['10', 1],
      ])
    expect(
      assignStaff(
        [
          { serviceId: '1', staffId: null, seats: 1 },
          { serviceId: '2', staffId: null, seats: 1 },
        ],
        free({ 1: { 10: 1, 11: 1 }, 2: { 11: 1 } }),
        prefer11,
      ),
    ).toEqual({ ok: true, staffIds: ['10', '11'] })
  })
})
