import { ADMIN_TOKEN, book, bookingRequest, buildFixture } from '../test-fixtures'

const auth = { authorization: `Bearer ${ADMIN_TOKEN}` }
const weekday = (start: string, end: string) =>
  Object.fromEntries(['1', '2', '3', '4', '5'].map((day) => [day, [{ start, end }]]))

describe('staff hours outside opening hours', () => {
  it('are saved with a warning and refused when booked, unless marked as outside', async () => {
    const { app, staff, services } = await buildFixture()
    const patch = (url: string, payload: object) =>
      app.inject({ method: 'PATCH', url: `/api/admin${url}`, headers: auth, payload })
    expect(
      (await patch('/providers/1', { openingHours: weekday('08:30', '18:30') })).statusCode,
    ).toBe(200)

    const saved = await patch(`/staff/${staff.anna}`, {
      weeklyHours: { ...weekday('09:00', '17:00'), 1: [{ start: '09:00', end: '21:00' }] },
    })
    expect(saved.statusCode).toBe(200)
    expect(saved.json()).toEqual({
      id: staff.anna,
      outsideOpeningHours: { 1: [{ start: '18:30', end: '21:00' }] },
    })

    // Monday 11 March, 19:00 in Berlin: within Anna's hours, but the clinic is closed.
    const evening = bookingRequest({
      lines: [{ serviceId: services.consult, staffId: staff.anna, guestIndex: 0 }],
      start: '2030-03-11T18:00:00.000Z',
    })
    const refused = await book(app, evening)
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({ statusMessage: 'No Slots available' })

    const flagOf = async () =>
      (await app.inject({ method: 'GET', url: '/api/admin/staff', headers: auth }))
        .json()
        .find((member: { id: number }) => member.id === staff.anna).outsideOpeningHours
    expect(await flagOf()).toBe(false)
    const marked = await patch(`/staff/${staff.anna}`, { outsideOpeningHours: true })
    expect(marked.json()).toEqual({ id: staff.anna, outsideOpeningHours: {} })
    // The dashboard's staff list shows the switch as saved.
    expect(await flagOf()).toBe(true)
    expect((await book(app, evening)).statusCode).toBe(201)
    await app.close()
  })
})
